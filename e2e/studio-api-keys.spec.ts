import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectNoAxeViolations, screenshotAtWidths, signInThroughMailbox, signOut, test } from "./fixtures";
import { docsScreenshot } from "./journeys-kit";

// The studio's API keys and Activity pages. Fixtures: e2e/seed/api-keys.ts ("E2E Keys Co" with an
// OWNER, an ADMIN and a MEMBER; "E2E Keys Leavers" for the creator-leaves test).

const PAGE = "/studio/api-keys";
const bearer = (key: string) => ({ headers: { Authorization: `Bearer ${key}` } });

/** Creates a key through the form and returns it as read from the page, the only place it is ever shown. */
async function createKey(page: Page, name: string, expiry?: string): Promise<string> {
  await page.getByLabel("Name", { exact: true }).fill(name);
  if (expiry) await page.getByLabel("Expires", { exact: true }).selectOption({ label: expiry });
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByRole("heading", { name: `Your new key “${name}”` })).toBeFocused();
  const key = await page.getByLabel("New API key").inputValue();
  expect(key).toMatch(/^prk_[0-9A-Za-z]{38}$/);
  return key;
}

async function members(request: APIRequestContext, key: string) {
  return request.get("/api/provider/studio/members", bearer(key));
}

test("an owner creates a key, uses it, revokes it, and the activity shows both", async ({ page, context, request }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInThroughMailbox(page, "keys-owner@e2e.example", PAGE);
  await expect(page.getByRole("heading", { level: 1, name: "API keys" })).toBeVisible();
  await expectNoAxeViolations(page);

  const name = `Deploys ${Date.now()}`;
  const key = await createKey(page, name);
  await expect(page.getByText("This is the only time it is shown")).toBeVisible();
  await page.getByRole("button", { name: "Copy key" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Copied to the clipboard." })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
  await expect(row).toContainText(key.slice(0, 12));
  await expect(row).toContainText("Olivia Keys");
  await expect(row).toContainText("Works");
  await expectNoAxeViolations(page);
  await screenshotAtWidths(page, "studio-api-keys-new-key");

  const listed = await members(request, key);
  expect(listed.status()).toBe(200);
  const team = (await listed.json()) as { inviteEmail: string; role: string }[];
  expect(team.map((m) => m.inviteEmail)).toEqual(
    expect.arrayContaining(["keys-owner@e2e.example", "keys-admin@e2e.example", "keys-member@e2e.example"]),
  );

  // Shown once: gone after "Done" and after a reload.
  await page.getByRole("button", { name: "Done, I have stored it" }).click();
  await expect(page.getByLabel("New API key")).toHaveCount(0);
  await page.reload();
  expect(await page.content()).not.toContain(key);
  // On a phone each key is a card, its Revoke button on screen.
  await docsScreenshot(page, "studio-api-keys");

  await page.getByRole("button", { name: `Revoke ${name} (${key.slice(0, 12)}…)` }).click();
  const dialog = page.getByRole("dialog", { name: `Revoke “${name}”?` });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByText(`Revoked “${name}”`)).toBeVisible();
  const revokedRow = page
    .getByRole("region", { name: /revoked in the last/ })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name }) });
  await expect(revokedRow).toContainText("Revoked");
  expect((await members(request, key)).status()).toBe(401);
  await expectNoAxeViolations(page);

  await page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Activity" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
  const trail = page.getByRole("region", { name: "Activity, newest first" });
  for (const what of ["API key revoked", "API key created"]) {
    const event = trail.getByRole("row").filter({ has: page.getByRole("rowheader", { name: what }) }).filter({ hasText: name });
    await expect(event).toHaveCount(1);
    await expect(event).toContainText("Olivia Keys");
    await expect(event).toContainText("keys-owner@e2e.example");
    await expect(event).toContainText(key.slice(0, 12));
  }
  await expectNoAxeViolations(page);
  await docsScreenshot(page, "studio-activity");
});

test("a key stops working when the member who created it is removed from the team", async ({ page, request }) => {
  await signInThroughMailbox(page, "leavers-admin@e2e.example", PAGE);
  const leaversKey = await createKey(page, `Lena's key ${Date.now()}`, "Never");
  expect((await members(request, leaversKey)).status()).toBe(200);
  await signOut(page);

  await signInThroughMailbox(page, "leavers-owner@e2e.example", PAGE);
  const ownerKeyName = `Owner's key ${Date.now()}`;
  const ownerKey = await createKey(page, ownerKeyName, "In 30 days");
  const team = (await (await members(request, ownerKey)).json()) as { id: string; inviteEmail: string }[];
  const lena = team.find((m) => m.inviteEmail === "leavers-admin@e2e.example");
  expect(lena).toBeDefined();
  expect((await request.delete(`/api/provider/studio/members/${lena!.id}`, bearer(ownerKey))).status()).toBe(204);

  expect((await members(request, leaversKey)).status()).toBe(401);
  expect((await members(request, ownerKey)).status()).toBe(200);
  await page.reload();
  const row = page.getByRole("row").filter({ hasText: leaversKey.slice(0, 12) });
  await expect(row).toContainText("Stopped: creator left the team");
  await expect(row).toContainText("left the team");
  await expectNoAxeViolations(page);

  // The removal was made with a key, and the trail says so.
  await page.goto("/studio/activity");
  const removal = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Member removed" }) });
  await expect(removal).toContainText(`API key ${ownerKey.slice(0, 12)}…`);
  await expect(removal).toContainText(ownerKeyName);
  await expect(removal).toContainText("leavers-admin@e2e.example");
});

test("a member sees the keys and the activity but no key controls; an admin cannot revoke an owner's key", async ({ page, request }) => {
  await signInThroughMailbox(page, "keys-owner@e2e.example", PAGE);
  const ownerKeyName = `Owner only ${Date.now()}`;
  const ownerKey = await createKey(page, ownerKeyName);
  await signOut(page);

  await signInThroughMailbox(page, "keys-member@e2e.example", PAGE);
  await expect(page.getByText("Your role (member) can see the keys but not create or revoke them.")).toBeVisible();
  await expect(page.getByRole("rowheader", { name: ownerKeyName })).toBeVisible();
  await expect(page.getByRole("button", { name: "Create key" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Revoke/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await screenshotAtWidths(page, "studio-api-keys-member");
  await page.goto("/studio/activity");
  await expect(page.getByRole("rowheader", { name: "API key created" }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await signOut(page);

  await signInThroughMailbox(page, "keys-admin@e2e.example", PAGE);
  const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: ownerKeyName }) });
  await expect(row).toContainText("Only an owner can revoke this key");
  await expect(row.getByRole("button", { name: /^Revoke/ })).toHaveCount(0);
  const adminKeyName = `Admin's own ${Date.now()}`;
  const adminKey = await createKey(page, adminKeyName);
  await page.getByRole("button", { name: `Revoke ${adminKeyName} (${adminKey.slice(0, 12)}…)` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
  await expect(page.getByText(`Revoked “${adminKeyName}”`)).toBeVisible();
  expect((await members(request, ownerKey)).status()).toBe(200);
});

test("the key and activity pages send a visitor without a session to sign-in, naming the page to return to", async ({ page }) => {
  for (const path of [PAGE, "/studio/activity"]) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`/signin\\?callbackUrl=${encodeURIComponent(path)}$`));
  }
});

test("a forged activity page link shows a way back to the newest activity", async ({ page }) => {
  await signInThroughMailbox(page, "keys-member@e2e.example", "/studio/activity");
  await page.goto("/studio/activity?before=forged");
  await expect(page.getByRole("alert").filter({ hasText: "That page of the activity no longer exists." })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "Show the newest activity" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
});
