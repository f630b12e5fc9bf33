import type { Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { expect, expectNoAxeViolations, NARROW_PHONE, RECORD_SCREENSHOT_DIR } from "./fixtures";

// Helpers of the journey specs (issue 17): screenshots of record, and the sideways-scroll measurement.

const DOCS_SCREENSHOTS = RECORD_SCREENSHOT_DIR;

/**
 * Screenshots of record at 390 px (phone) and 1280 px (desktop): into docs/screenshots/ with
 * SCREENSHOTS_OF_RECORD=1, else beside the other artifacts. Full page, unless `fullPage` is false
 * (a very long page: its first screen).
 */
export async function docsScreenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  fs.mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
  const original = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: path.join(DOCS_SCREENSHOTS, `${name}-${width}.png`), fullPage });
  }
  if (original) await page.setViewportSize(original);
}

export interface SidewaysScroll {
  /** How many CSS pixels the page is wider than the viewport (0 when it does not scroll sideways). */
  overflow: number;
  /** The elements reaching past the right edge, outermost first, for the failure message. */
  culprits: string[];
}

/** How far the page scrolls sideways, and which elements stick out. */
export function measureSidewaysScroll(page: Page): Promise<SidewaysScroll> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const culprits: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>("*"))) {
      const rect = el.getBoundingClientRect();
      if (rect.right > width + 0.5 && rect.width > 0) {
        // Skip what sits inside a box that scrolls or clips on its own.
        let clipped = false;
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
          const style = getComputedStyle(p);
          if (style.overflowX !== "visible" || style.position === "fixed") {
            clipped = true;
            break;
          }
        }
        if (!clipped) culprits.push(`${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(" ")[0]}` : ""} (+${Math.round(rect.right - width)}px)`);
      }
    }
    return { overflow: root.scrollWidth - width, culprits: culprits.slice(0, 5) };
  });
}

/**
 * Screenshots of record at a phone's and a desktop's width, after checking that the phone does not
 * scroll sideways (naming what sticks out). `name` is the file's name without the width.
 */
export async function recordAtTwoWidths(page: Page, name: string): Promise<void> {
  const before = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  const sideways = await measureSidewaysScroll(page);
  if (sideways.overflow > 0) throw new Error(`${name} scrolls sideways on a 390 px phone by ${sideways.overflow} px: ${sideways.culprits.join(", ")}`);
  await docsScreenshot(page, name);
  if (before) await page.setViewportSize(before);
}

/**
 * The checks issue 31 asks of every page it changes: axe clean in the light and the dark colour
 * scheme, and no sideways scroll on the narrowest phone we support (360 px). Leaves the page in the
 * light scheme at its original size. Kept apart from expectNoAxeViolations so the rest of the suite
 * (about 200 pages) does not pay for two axe runs each.
 */
export async function expectCleanInBothSchemesAndNarrow(page: Page): Promise<void> {
  const before = page.viewportSize();
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    await expectNoAxeViolations(page);
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize(NARROW_PHONE);
  const sideways = await measureSidewaysScroll(page);
  if (before) await page.setViewportSize(before);
  expect(sideways.overflow, `sideways scroll at 360 px: ${sideways.culprits.join(", ")}`).toBeLessThanOrEqual(0);
}
