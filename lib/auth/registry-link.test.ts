import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { createSignInLink } from "./create-sign-in-link";
import { authSecret } from "./options";
import { registryLinkParams, verifiedRegistryLink } from "./registry-link";

const SECRET = "registry-link-test-secret";

describe("registry-sent sign-in links", () => {
  it("verifies the purpose the registry signed for this token, and nothing changed in it", () => {
    const purpose = { kind: "invitation" as const, providerName: "Bright Pixel" };
    const params = registryLinkParams(SECRET, "token-1", purpose);
    expect(verifiedRegistryLink(SECRET, { token: "token-1", ...params })).toEqual(purpose);
    // Another token (a link someone asked for on /signin), another name, another kind, another secret.
    expect(verifiedRegistryLink(SECRET, { token: "token-2", ...params })).toBeNull();
    expect(verifiedRegistryLink(SECRET, { token: "token-1", ...params, provider: "Evil Co" })).toBeNull();
    expect(verifiedRegistryLink(SECRET, { token: "token-1", ...params, sent: "approval" })).toBeNull();
    expect(verifiedRegistryLink("another-secret", { token: "token-1", ...params })).toBeNull();
    expect(verifiedRegistryLink(SECRET, { token: "token-1", sent: "invitation", provider: "Bright Pixel" })).toBeNull();
    expect(verifiedRegistryLink(SECRET, { token: "token-1", ...params, sig: "short" })).toBeNull();
  });

  it("an approval link carries its signed purpose to the confirm page; a plain emailed link carries none", async () => {
    const db = getDb();
    const approval = new URL(
      (await createSignInLink(db, { email: "owner@example.com", returnPath: "/studio", purpose: { kind: "approval", providerName: "Nord & Co" } })).url,
    );
    const read = (url: URL) => ({
      token: url.searchParams.get("token") ?? "",
      sent: url.searchParams.get("sent") ?? undefined,
      provider: url.searchParams.get("provider") ?? undefined,
      sig: url.searchParams.get("sig") ?? undefined,
    });
    expect(verifiedRegistryLink(authSecret()!, read(approval))).toEqual({ kind: "approval", providerName: "Nord & Co" });
    const plain = new URL((await createSignInLink(db, { email: "owner@example.com", returnPath: "/studio" })).url);
    expect(verifiedRegistryLink(authSecret()!, read(plain))).toBeNull();
  });
});
