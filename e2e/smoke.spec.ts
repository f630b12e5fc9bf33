import { expect, MAILBOX_SECRET, readMailbox, test, TURNSTILE_DUMMY_TOKEN } from "./fixtures";

test.describe("the production build on a fresh, seeded database", () => {
  test("home page links to the API reference, which renders without network access", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(/Provider Registry/);
    await page.getByRole("link", { name: /API docs/i }).first().click();
    await expect(page).toHaveURL(/\/docs\/api$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator("#error-validation-failed")).toBeAttached();
  });

  test("serves the seeded directory through the public API", async ({ request }) => {
    const response = await request.get("/api/public/studio/providers?limit=5");
    expect(response.status()).toBe(200);
    const body = await response.json();
    expect(body.total).toBeGreaterThan(5);
    expect(body.data).toHaveLength(5);
    const profile = await request.get(`/api/public/studio/providers/${body.data[0].slug}`);
    expect(profile.status()).toBe(200);
  });

  test("the production build's mailbox is closed without MAILBOX_SECRET and never lists everyone's mail", async ({ request, page }) => {
    const to = "owner@northwind.example";
    for (const url of [`/api/dev/mailbox?to=${to}`, "/api/dev/mailbox", `/api/dev/mailbox?to=${to}&secret=wrong-secret-0123456789`]) {
      expect((await request.get(url)).status(), url).toBe(404);
    }
    expect((await request.get("/api/dev/mailbox", { headers: { "X-Mailbox-Secret": MAILBOX_SECRET } })).status()).toBe(400);
    expect((await request.get(`/api/dev/mailbox?to=${to}`, { headers: { "X-Mailbox-Secret": MAILBOX_SECRET } })).status()).toBe(200);
    expect((await page.goto(`/dev/mailbox?to=${to}`))?.status()).toBe(404);
    await page.goto(`/dev/mailbox?secret=${MAILBOX_SECRET}`);
    await expect(page.getByRole("status")).toHaveText("Enter an address to see the emails sent to it.");
    await expect(page.locator("article")).toHaveCount(0);
  });

  test("an application's verification email reaches the local mailbox and its token verifies", async ({ request }) => {
    const email = `smoke-${Date.now()}@example.com`;
    const submitted = await request.post("/api/public/studio/providers/interest", {
      data: { fullName: "Smoke Test", email, description: "Checking the whole path works.", turnstileToken: TURNSTILE_DUMMY_TOKEN },
    });
    expect(submitted.status()).toBe(201);
    let link: string | undefined;
    await expect
      .poll(async () => {
        const mails = await readMailbox(request, email);
        link = mails[0]?.links?.[0];
        return link;
      })
      .toContain("/verify?token=");
    const token = new URL(link!).searchParams.get("token");
    const verified = await request.post(`/api/public/studio/providers/verify?token=${token}`);
    expect(verified.status()).toBe(200);
    expect((await verified.json()).status).toBe("IN_REVIEW");
  });
});
