import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { expect, expectNoAxeViolations, PHONE, screenshotAtWidths, signInThroughMailbox, test } from "./fixtures";
import { measureSidewaysScroll } from "./journeys-kit";

// The studio's webhooks page (extensions §8). Fixtures: e2e/seed/wh-api.ts ("wh-api Hooks Co" with an
// OWNER and a MEMBER). The owner's flow sends a real delivery to a receiver on 127.0.0.1, which the
// e2e server allows with WEBHOOK_ALLOW_LOOPBACK (e2e/start-server.mjs).

const PAGE = "/studio/webhooks";

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on loopback that records every request and answers 204. */
async function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received };
}

test("an owner adds an endpoint, sends a test, sees it delivered and replays it", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const receiver = await startReceiver();
  try {
    await signInThroughMailbox(page, "wh-api-owner@e2e.example", PAGE);
    await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
    await expectNoAxeViolations(page);

    await page.getByLabel("URL", { exact: true }).fill(receiver.url);
    await page.getByLabel("Description (optional)").fill("wh-api e2e receiver");
    await page.getByRole("checkbox", { name: /An inquiry arrives/ }).check();
    await page.getByRole("button", { name: "Add endpoint" }).click();
    await expect(page.getByRole("heading", { name: "Endpoint added" })).toBeFocused();
    const secret = await page.getByLabel("Signing secret").inputValue();
    expect(secret).toMatch(/^whsec_/);
    await expectNoAxeViolations(page);
    await screenshotAtWidths(page, "studio-webhooks-secret");
    await page.getByRole("button", { name: "Done, I have stored it" }).click();
    await page.reload();
    expect(await page.content()).not.toContain(secret);

    await page.getByRole("link", { name: receiver.url }).click();
    await page.getByRole("button", { name: "Send test event" }).click();
    await expect(page.getByText(/Test event queued/)).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    const first = receiver.received[0]!;
    const verified = new Webhook(secret).verify(first.body, first.headers as Record<string, string>) as { type: string };
    expect(verified.type).toBe("webhook.test");

    await expect(async () => {
      await page.reload();
      await expect(page.getByRole("region", { name: /Deliveries of the last 30 days/ })).toContainText("Succeeded");
    }).toPass({ timeout: 30_000 });
    await expectNoAxeViolations(page);
    await screenshotAtWidths(page, "studio-webhooks-endpoint");

    await page.getByRole("link", { name: "webhook.test" }).first().click();
    await expect(page.getByRole("heading", { name: "Attempts" })).toBeVisible();
    await expect(page.getByText(/HTTP 204/)).toBeVisible();
    await page.getByRole("button", { name: "Replay" }).click();
    await expect(page.getByText("Queued to be sent again now.")).toBeVisible();
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
    // A replay is the same message: the same webhook-id, a new signature.
    expect(receiver.received[1]!.headers["webhook-id"]).toBe(first.headers["webhook-id"]);
    await expectNoAxeViolations(page);
    await screenshotAtWidths(page, "studio-webhooks-delivery");

    // After an outage, the owner resends what failed; nothing has failed here, and the page says so.
    await page.getByRole("link", { name: "← Back to the endpoint" }).click();
    await page.getByRole("button", { name: "Resend failed" }).click();
    const dialog = page.getByRole("dialog", { name: "Resend failed deliveries?" });
    await dialog.getByLabel("Failed in").selectOption({ label: "the last 7 days" });
    await expectNoAxeViolations(page);
    await screenshotAtWidths(page, "studio-webhooks-resend-failed");
    await dialog.getByRole("button", { name: "Resend failed" }).click();
    await expect(page.getByText("No failed deliveries in the last 7 days: nothing to resend.")).toBeVisible();
  } finally {
    await new Promise((resolve) => receiver.server.close(resolve));
  }
});

test("a member reads the webhooks page without any control to change it, and a phone does not scroll sideways", async ({ page }) => {
  await signInThroughMailbox(page, "wh-api-member@e2e.example", PAGE);
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
  await expect(page.getByText(/can see the endpoints and their deliveries but not change them/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Add endpoint" })).toHaveCount(0);
  await expect(page.getByLabel("URL", { exact: true })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.setViewportSize(PHONE);
  const scroll = await measureSidewaysScroll(page);
  expect(scroll.overflow, scroll.culprits.join(", ")).toBe(0);
  await screenshotAtWidths(page, "studio-webhooks-member");
});

test("the webhooks page of the API reference lists the events and verification", async ({ page }) => {
  await page.goto("/docs/api/webhooks");
  await expect(page.getByRole("heading", { level: 1, name: "Webhooks" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "inquiry.created" })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize(PHONE);
  const scroll = await measureSidewaysScroll(page);
  expect(scroll.overflow, scroll.culprits.join(", ")).toBe(0);
  await screenshotAtWidths(page, "docs-api-webhooks");
});
