import { describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { requestPrivacyToken } from "@/test/support/privacy-fixture";
import { unchangedBy } from "@/test/support/snapshot";
import { POST } from "./route";

vi.mock("next/headers", () => ({ headers: async () => new Headers() }));

// A script-less browser posts the form (with "Origin: null", as the page is no-referrer).
function post(token?: string): Promise<Response> {
  return POST(
    new Request("http://localhost:3000/privacy/confirm/send", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "null" },
      body: new URLSearchParams(token === undefined ? {} : { token }),
    }),
  );
}

describe("POST /privacy/confirm/send (the confirm button without JavaScript)", () => {
  it("carries out the request and sends the browser to the outcome page without the token", async () => {
    const token = await requestPrivacyToken(getDb(), { email: "no.script@example.com", kind: "ERASE" });
    const response = await post(token);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toMatch(/\/privacy\/confirm\/outcome\?result=erased$/);
    const again = await post(token);
    expect(again.headers.get("location")).toMatch(/\/privacy\/confirm\/outcome\?result=erased$/);
  });

  it("answers an unknown token with the invalid outcome, changing nothing", async () => {
    const response = await unchangedBy(getDb(), () => post("D".repeat(43)));
    expect(response.headers.get("location")).toMatch(/\/privacy\/confirm\/outcome\?result=invalid$/);
  });
});
