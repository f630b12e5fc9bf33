import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { problemOf } from "@/test/support/http";
import { AUTH_BODY_LIMIT_BYTES } from "@/lib/http/body-limits";
import { POST } from "./route";

// Auth.js itself needs a request scope (next/headers), which vitest does not have: these tests cover
// what happens before it is called. The sign-in flows in the browser tests cover the rest.
const context = { params: Promise.resolve({ nextauth: ["signin", "email"] }) };

/** A body stream of `chunks` KB that counts how many chunks were asked for. */
function countingBody(chunks: number) {
  const counter = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      counter.pulled++;
      if (counter.pulled > chunks) controller.close();
      else controller.enqueue(new Uint8Array(1024).fill(97));
    },
  });
  return { stream, counter };
}

function signInPost(body: ReadableStream<Uint8Array>, headers: Record<string, string> = {}) {
  return new NextRequest("http://localhost:3000/api/auth/signin/email", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body,
    duplex: "half",
  } as ConstructorParameters<typeof NextRequest>[1]);
}

describe("POST /api/auth/* with a body over its limit", () => {
  it("answers 413 problem+json by Content-Length, before reading the body", async () => {
    const { stream, counter } = countingBody(30 * 1024);
    const response = await POST(signInPost(stream, { "content-length": String(AUTH_BODY_LIMIT_BYTES + 1) }), context);
    expect(response.status).toBe(413);
    expect((await problemOf(response)).code).toBe("PAYLOAD_TOO_LARGE");
    expect(counter.pulled).toBeLessThanOrEqual(1);
  });

  it("answers 413 for a chunked body once it passes the limit, reading no further", async () => {
    const { stream, counter } = countingBody(30 * 1024);
    const response = await POST(signInPost(stream), context);
    expect(response.status).toBe(413);
    expect(counter.pulled * 1024).toBeLessThan(AUTH_BODY_LIMIT_BYTES + 4 * 1024);
  });
});
