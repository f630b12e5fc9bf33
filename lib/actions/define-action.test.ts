import { redirect } from "next/navigation";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { getDb, setDatabase } from "@/db";
import { createDatabase, type DatabaseHandle } from "@/db/client";
import { requestContextStorage } from "@/lib/config/request-context";
import { AppError } from "@/lib/errors";
import { captureLog } from "@/test/support/log-capture";
import { withEnv } from "@/test/support/env";
import { peerAddressHeaders } from "@/test/support/peer-address";
import { defineAction, formDataToObject } from "./define-action";

// Server actions read the request headers through next/headers, which only works inside a request.
const request = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock("next/headers", () => ({ headers: async () => request.headers }));

const schema = z.object({
  name: z.string().trim().min(1, { error: "Enter a name" }),
  tags: z.array(z.enum(["a", "b", "c"])).default([]),
});

describe("defineAction", () => {
  let restore: DatabaseHandle | undefined;
  afterEach(() => {
    request.headers = new Headers();
    if (restore) setDatabase(restore);
    restore = undefined;
  });

  it("hands the handler the parsed input and answers ok with its data", async () => {
    const action = defineAction({ name: "t", input: schema }, async ({ input }) => ({ echoed: input }));
    expect(await action({ name: "  Ada  ", tags: ["a"] })).toEqual({ ok: true, data: { echoed: { name: "Ada", tags: ["a"] } } });
  });

  it("refuses a NUL character (which Postgres text cannot hold) by field, without running the handler", async () => {
    const handler = vi.fn(async () => "ran");
    const action = defineAction({ name: "t", input: schema }, handler);
    const form = new FormData();
    form.set("name", "A\u0000B");
    const result = await action(form);
    expect(result).toMatchObject({ ok: false, code: "VALIDATION_FAILED", fieldErrors: { name: expect.any(String) } });
    expect(handler).not.toHaveBeenCalled();
  });

  it("answers invalid input with VALIDATION_FAILED and one message per field, without running the handler", async () => {
    const handler = vi.fn(async () => "ran");
    const action = defineAction({ name: "t", input: schema }, handler);
    const result = await action({ name: " ", tags: ["a", "zzz"] } as never);
    expect(result).toMatchObject({
      ok: false,
      code: "VALIDATION_FAILED",
      fieldErrors: { name: "Enter a name", "tags.1": expect.any(String) },
    });
    expect(handler).not.toHaveBeenCalled();
  });

  it("reads FormData, making repeated keys and keys ending in [] lists and skipping Next.js fields", async () => {
    const action = defineAction({ name: "t", input: schema }, async ({ input }) => input);
    const form = new FormData();
    form.append("name", "Ada");
    form.append("tags[]", "b");
    form.append("$ACTION_ID_abc", "");
    expect(await action(form)).toEqual({ ok: true, data: { name: "Ada", tags: ["b"] } });

    const repeated = new FormData();
    repeated.append("name", "Ada");
    repeated.append("tags", "a");
    repeated.append("tags", "c");
    expect(formDataToObject(repeated)).toEqual({ name: "Ada", tags: ["a", "c"] });
  });

  it("passes an AppError's code and message through, with Retry-After as retryAfterSeconds", async () => {
    const action = defineAction({ name: "t", input: schema }, async () => {
      throw new AppError("RATE_LIMITED", "Slow down.", { headers: { "Retry-After": "7200" } });
    });
    expect(await action({ name: "x" })).toMatchObject({
      ok: false,
      code: "RATE_LIMITED",
      message: "Slow down.",
      retryAfterSeconds: 7200,
    });
  });

  it("answers an unexpected failure with INTERNAL_ERROR and no internals", async () => {
    const action = defineAction({ name: "t", input: schema }, async () => {
      throw new Error('relation "secret_table" does not exist at /srv/app/x.ts:1');
    });
    const result = await action({ name: "x" });
    expect(result).toMatchObject({ ok: false, code: "INTERNAL_ERROR", requestId: expect.any(String) });
    expect(JSON.stringify(result)).not.toMatch(/secret_table|\/srv\/app/);
  });

  it("names the request it runs in: its failure and its log line carry the request's id", async () => {
    const action = defineAction({ name: "t", input: schema }, async () => {
      throw new Error("boom");
    });
    const { result, entries } = await captureLog(() =>
      requestContextStorage().run({ requestId: "caller-request-7" }, () => action({ name: "x" })),
    );
    expect(result).toMatchObject({ ok: false, code: "INTERNAL_ERROR", requestId: "caller-request-7" });
    expect(entries.find((e) => e.event === "action.failed")).toMatchObject({ action: "t", requestId: "caller-request-7" });
  });

  it("answers SERVICE_UNAVAILABLE when the database cannot be reached", async () => {
    const current = getDb();
    restore = { kind: "postgres", db: current, close: async () => {}, migrate: async () => {} };
    // Nothing listens on port 1: every query fails to connect.
    setDatabase(createDatabase({ url: "postgres://nobody@127.0.0.1:1/none" }));
    const action = defineAction({ name: "t", input: schema }, async ({ db }) => db.execute("select 1"));
    const result = await action({ name: "x" });
    expect(result).toMatchObject({ ok: false, code: "SERVICE_UNAVAILABLE", retryAfterSeconds: expect.any(Number) });
    expect(JSON.stringify(result)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
  });

  it("takes the client IP by the trusted-hop rule of the API: the socket's peer, or the proxies' entry", async () => {
    const action = defineAction({ name: "t", input: schema }, async ({ clientIp }) => clientIp);
    request.headers = new Headers({ ...peerAddressHeaders("192.0.2.10"), "x-forwarded-for": "6.6.6.6, 198.51.100.7" });
    await withEnv({ TRUSTED_PROXY_HOPS: "1" }, async () => {
      expect(await action({ name: "x" })).toEqual({ ok: true, data: "198.51.100.7" });
    });
    await withEnv({ TRUSTED_PROXY_HOPS: "0" }, async () => {
      expect(await action({ name: "x" })).toEqual({ ok: true, data: "192.0.2.10" });
    });
    request.headers = new Headers({ "x-forwarded-for": "198.51.100.7" });
    expect(await action({ name: "x" })).toEqual({ ok: true, data: null });
  });

  it("lets redirect() reach Next.js instead of reporting it as a failure", async () => {
    const action = defineAction({ name: "t", input: schema }, async () => redirect("/elsewhere"));
    await expect(action({ name: "x" })).rejects.toMatchObject({ digest: expect.stringContaining("NEXT_REDIRECT") });
  });
});
