import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { verificationTokens } from "@/db/schema";
import { createSignInLink, EMAILED_SIGN_IN_LINK_MAX_AGE_SECONDS } from "./create-sign-in-link";
import { authSecret, getAuthOptions } from "./options";

describe("createSignInLink", () => {
  it("makes a link to the confirm page whose token Auth.js's adapter accepts once, for that address and return path", async () => {
    const db = getDb();
    const before = Date.now();
    const link = await createSignInLink(db, { email: "new-owner@example.com", returnPath: "/studio" });
    const url = new URL(link.url);
    expect(url.pathname).toBe("/signin/confirm");
    expect(url.searchParams.get("email")).toBe("new-owner@example.com");
    expect(new URL(url.searchParams.get("callbackUrl")!).pathname).toBe("/studio");
    expect(link.expires!.getTime()).toBeGreaterThanOrEqual(before + EMAILED_SIGN_IN_LINK_MAX_AGE_SECONDS * 1000);

    const token = url.searchParams.get("token")!;
    // The token is never stored as such: only the hash Auth.js compares against.
    const rows = await db.select().from(verificationTokens);
    expect(rows.map((r) => r.token)).not.toContain(token);

    const adapter = (await getAuthOptions()).adapter!;
    const hashed = createHash("sha256").update(`${token}${authSecret()}`).digest("hex");
    const used = await adapter.useVerificationToken!({ identifier: "new-owner@example.com", token: hashed });
    expect(used).toMatchObject({ identifier: "new-owner@example.com" });
    expect(await adapter.useVerificationToken!({ identifier: "new-owner@example.com", token: hashed })).toBeNull();
  });

  it("does not work for another address", async () => {
    const db = getDb();
    const link = await createSignInLink(db, { email: "ada@example.com", returnPath: "/studio/invitations" });
    const token = new URL(link.url).searchParams.get("token")!;
    const hashed = createHash("sha256").update(`${token}${authSecret()}`).digest("hex");
    const adapter = (await getAuthOptions()).adapter!;
    expect(await adapter.useVerificationToken!({ identifier: "mallory@example.com", token: hashed })).toBeNull();
  });
});
