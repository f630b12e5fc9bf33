import fs from "node:fs";
import { unzipSync } from "fflate";
import { expect, expectNoAxeViolations, PHONE, screenshotAtWidths, signInThroughMailbox, test, waitForEmail } from "./fixtures";
import { docsScreenshot, measureSidewaysScroll } from "./journeys-kit";

// The studio's export page (extensions §9). Fixtures: e2e/seed/export.ts ("Export E2E Co" with an
// OWNER and a MEMBER). The export is built by the server's export builder, kicked by the request.

const PAGE = "/studio/export";
const OWNER = "export-owner@e2e.example";

test("an owner requests an export, is emailed a link to the page, and downloads a zip with every file", async ({ page, request }) => {
  await signInThroughMailbox(page, OWNER, PAGE);
  await expect(page.getByRole("heading", { level: 1, name: "Export" })).toBeVisible();
  await expect(page.getByText("No exports yet.")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByLabel("JSON (programs)").check();
  await page.getByRole("button", { name: "Request export" }).click();
  await expect(page.getByText("Export requested.")).toBeVisible();

  // Built in the background: the page shows it once it is ready.
  const download = page.getByRole("link", { name: /^Download zip/ });
  await expect
    .poll(async () => {
      await page.reload();
      return download.count();
    }, { message: "the export becomes ready" })
    .toBe(1);
  await expect(page.getByRole("row").filter({ has: download })).toContainText("Ready");
  await expectNoAxeViolations(page);

  const mail = await waitForEmail(request, OWNER, /data export is ready/);
  expect(mail.text).toContain(`${PAGE}`);
  expect(mail.text).not.toContain("/download");

  const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^provider-export-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.zip$/);
  const entries = unzipSync(new Uint8Array(fs.readFileSync(await file.path())));
  const names = Object.keys(entries).sort();
  expect(names).toEqual(
    ["README.txt", "listing.json", ...["members", "inquiries", "reviews", "analytics_daily", "audit_events", "webhooks", "reports"].map((t) => `${t}.json`)].sort(),
  );
  const text = (name: string) => new TextDecoder().decode(entries[name]);
  expect(JSON.parse(text("listing.json")).slug).toBe("export-e2e-co");
  expect(JSON.parse(text("members.json"))).toEqual(expect.arrayContaining([expect.objectContaining({ email: OWNER, role: "OWNER" })]));
  for (const name of names) expect(text("README.txt")).toContain(name);

  // A second request the same day is refused, and says why.
  await page.getByRole("button", { name: "Request export" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "One export a day" })).toBeVisible();

  await page.setViewportSize(PHONE);
  expect((await measureSidewaysScroll(page)).overflow).toBeLessThanOrEqual(0);
  await screenshotAtWidths(page, "studio-export");
  await docsScreenshot(page, "studio-export");
});

test("a member sees that exports exist, for owners and admins only", async ({ page }) => {
  await signInThroughMailbox(page, "export-member@e2e.example", PAGE);
  await expect(page.getByText("Only owners and admins can export")).toBeVisible();
  await expect(page.getByRole("button", { name: "Request export" })).toHaveCount(0);
  await expectNoAxeViolations(page);
  // The download route itself refuses a member, whatever id is asked for.
  const response = await page.request.get(`${PAGE}/00000000-0000-4000-8000-000000000000`);
  expect(response.status()).toBe(403);
});
