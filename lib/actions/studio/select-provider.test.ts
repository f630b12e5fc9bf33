import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { makeProvider, makeProviderWithOwner, makeUser } from "@/test/support/factories";
import { cookies, setRequest, signInAs } from "@/test/support/next-request";
import { selectProvider } from "./select-provider";

vi.mock("next/headers", () => import("@/test/support/next-request"));

describe("selectProvider", () => {
  it("refuses an anonymous caller", async () => {
    setRequest({});
    expect(await selectProvider({ providerId: crypto.randomUUID() })).toMatchObject({ ok: false, code: "UNAUTHENTICATED" });
  });

  it("refuses a provider the person does not belong to, and sets no cookie", async () => {
    const db = getDb();
    const user = await makeUser(db);
    const other = await makeProvider(db);
    await signInAs(db, user.id);
    expect(await selectProvider({ providerId: other.id })).toMatchObject({ ok: false, code: "NOT_FOUND" });
    expect((await cookies()).get("studio_provider")).toBeUndefined();
  });

  it("refuses a cross-site call even with a valid session", async () => {
    const db = getDb();
    const { provider, owner } = await makeProviderWithOwner(db);
    await signInAs(db, owner.user.id, { headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } });
    expect(await selectProvider({ providerId: provider.id })).toMatchObject({ ok: false, code: "FORBIDDEN" });
  });

  it("remembers a provider the person belongs to and goes to the studio home", async () => {
    const db = getDb();
    const { provider, owner } = await makeProviderWithOwner(db);
    await signInAs(db, owner.user.id);
    // redirect() throws NEXT_REDIRECT, which reaches Next.js untouched.
    await expect(selectProvider({ providerId: provider.id })).rejects.toThrow(/NEXT_REDIRECT/);
    expect((await cookies()).get("studio_provider")?.value).toBe(provider.id);
  });
});
