import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { confirmPrivacyRequest } from "@/lib/privacy/confirm-privacy-request";
import { latestLinkToken, requestPrivacyToken } from "@/test/support/privacy-fixture";
import * as route from "./route";

function post(token?: string): Promise<Response> {
  return route.POST(
    new Request("http://localhost:3000/privacy/download/file", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "null" },
      body: new URLSearchParams(token === undefined ? {} : { token }),
    }),
  );
}

describe("POST /privacy/download/file (the download page's button)", () => {
  it("answers the file once as a JSON attachment, then sends the browser back to the page saying the link is spent", async () => {
    const db = getDb();
    await confirmPrivacyRequest(db, { token: await requestPrivacyToken(db, { email: "file.owner@example.com", kind: "ACCESS" }) });
    const token = await latestLinkToken(db, { to: "file.owner@example.com", kind: "PRIVACY_ACCESS_READY" });
    const first = await post(token);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(first.headers.get("content-disposition")).toMatch(/^attachment; filename="provider-registry-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(first.headers.get("cache-control")).toBe("no-store");
    const file = await first.json();
    expect(file.privacyRequests).toHaveLength(1);

    const second = await post(token);
    expect(second.status).toBe(303);
    expect(second.headers.get("location")).toMatch(/\/privacy\/download\?result=expired$/);
  });

  it("sends a missing or unknown token back to the page as invalid", async () => {
    for (const token of [undefined, "C".repeat(43), "short"]) {
      const response = await post(token);
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toMatch(/\/privacy\/download\?result=invalid$/);
    }
  });

  it("has no GET: opening an address, as a link prefetch does, cannot spend the link", () => {
    expect(Object.keys(route)).toEqual(["POST"]);
  });
});
