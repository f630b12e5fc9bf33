import { context, propagation, SpanKind, SpanStatusCode, trace, type ProxyTracerProvider } from "@opentelemetry/api";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { users } from "@/db/schema";
import { loadEnv } from "@/lib/config/env";
import { log } from "@/lib/config/log";
import { requestContextStorage } from "@/lib/config/request-context";
import { captureLog } from "@/test/support/log-capture";
import { startOtlpStandIn, type ExportedSpan } from "@/test/support/otlp-stand-in";
import { parseOtlpHeaders, registerTracing } from "./register-tracing";

// Tracing as a production server runs it (issue 25, point 7): spans exported over OTLP/HTTP to a
// stand-in backend that keeps every byte it receives. What reaches it must carry no token, no email
// address and no mailbox secret; database statements are spans of the request without their values;
// log lines written inside a span carry its trace id. (This file registers OpenTelemetry for its process.)

const TOKEN = "VerifyTokenSecret0123456789abcdefghijklmnopq";
const SIGN_IN_TOKEN = "SignInTokenSecret9876543210";
const EMAIL = "ada.lovelace@example.com";
const MAILBOX_SECRET = "mailbox-secret-0123456789-abcdef";
const PARAMETER = "parameter-value@example.org";

let backend: Awaited<ReturnType<typeof startOtlpStandIn>>;

beforeAll(async () => {
  backend = await startOtlpStandIn();
  const tracing = registerTracing(
    loadEnv({
      NODE_ENV: "test",
      OTEL_EXPORTER_OTLP_ENDPOINT: `${backend.url}/`,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
      OTEL_EXPORTER_OTLP_HEADERS: "x-backend-key=abc%3D%3D,other=1",
    }),
  );
  expect(tracing).toEqual({ url: `${backend.url}/v1/traces`, protocol: "http/json" });
});

afterAll(async () => {
  trace.disable();
  context.disable();
  propagation.disable();
  await backend?.close();
});

/** Sends every ended span to the backend now. */
async function flush(): Promise<void> {
  const provider = (trace.getTracerProvider() as ProxyTracerProvider).getDelegate() as { forceFlush?: () => Promise<void> };
  await provider.forceFlush?.();
}

const tracer = () => trace.getTracer("tracing-test");

/** A request as Next.js traces one: a server span named after its address, with the address as http.target. */
async function tracedRequest<T>(requestId: string, target: string, work: () => Promise<T>): Promise<{ result: T; traceId: string; spanId: string }> {
  return requestContextStorage().run({ requestId }, () =>
    tracer().startActiveSpan(`GET ${target}`, { kind: SpanKind.SERVER, attributes: { "http.method": "GET", "http.target": target } }, async (span) => {
      try {
        const result = await work();
        return { result, ...span.spanContext() };
      } finally {
        span.end();
      }
    }),
  );
}

const dbSpans = (spans: ExportedSpan[]) => spans.filter((s) => s.attributes["db.system"] === "postgresql");

describe("exported spans", () => {
  it("carry no token, email address or mailbox secret: names, attributes and exception events are redacted as the logs are", async () => {
    const targets = [
      `/verify?token=${TOKEN}`,
      `/signin/confirm?callbackUrl=%2Fstudio&token=${SIGN_IN_TOKEN}&email=${encodeURIComponent(EMAIL)}`,
      `/api/dev/mailbox?to=${EMAIL}&secret=${MAILBOX_SECRET}`,
      `/signin/check-email?email=${encodeURIComponent(EMAIL)}`,
      `/no-such-page?q=${EMAIL}`,
    ];
    for (const [i, target] of targets.entries()) {
      await tracedRequest(`redaction-${i}`, target, async () => {
        const span = trace.getActiveSpan()!;
        span.setAttribute("http.url", `https://registry.example${target}`);
        span.recordException(new Error(`Refused https://registry.example${target}`));
        span.setStatus({ code: SpanStatusCode.ERROR, message: `failed: ${target}` });
      });
    }
    await flush();

    const secrets = [TOKEN, SIGN_IN_TOKEN, EMAIL, encodeURIComponent(EMAIL), MAILBOX_SECRET];
    expect(secrets.filter((s) => backend.received(s))).toEqual([]);
    const spans = backend.spans();
    const verify = spans.find((s) => s.attributes["request.id"] === "redaction-0");
    expect(verify).toMatchObject({
      name: "GET /verify?token=[redacted]",
      attributes: { "http.target": "/verify?token=[redacted]", "http.url": "https://registry.example/verify?token=[redacted]" },
    });
    expect(verify!.events[0]!.attributes["exception.message"]).toBe("Refused https://registry.example/verify?token=[redacted]");
    expect(spans.find((s) => s.attributes["request.id"] === "redaction-2")!.attributes["http.target"]).toBe(
      "/api/dev/mailbox?to=[redacted]&secret=[redacted]",
    );
    expect(spans.find((s) => s.attributes["request.id"] === "redaction-4")!.name).toBe("GET /no-such-page?q=[redacted]");
  });

  it("go to the traces endpoint with the configured headers", () => {
    expect(backend.exports.length).toBeGreaterThan(0);
    for (const e of backend.exports) {
      expect(e.path).toBe("/v1/traces");
      expect(e.headers["x-backend-key"]).toBe("abc==");
      expect(e.headers["other"]).toBe("1");
    }
    expect(parseOtlpHeaders("a=1, b = two%20words ,broken,=x")).toEqual({ a: "1", b: "two words" });
  });
});

describe("database spans", () => {
  it("are children of the request: one per statement and transaction, db.system postgresql, operation and table, never a value", async () => {
    const db = getDb();
    const { traceId, spanId } = await tracedRequest("db-spans", "/api/example", async () => {
      await db.select({ id: users.id }).from(users).where(eq(users.email, PARAMETER));
      await db.transaction(async (tx) => {
        await tx.insert(users).values({ email: PARAMETER, name: "Parameter Person" });
        await tx.delete(users).where(eq(users.email, PARAMETER));
      });
    });
    await flush();
    const spans = dbSpans(backend.spans()).filter((s) => s.traceId === traceId);
    const select = spans.find((s) => s.name === "SELECT users");
    expect(select).toMatchObject({ parentSpanId: spanId, attributes: { "db.operation": "SELECT", "db.sql.table": "users" } });
    expect(String(select!.attributes["db.statement"])).toMatch(/^select "id" from "users" where "users"."email" = \$1/);
    const transaction = spans.find((s) => s.name === "transaction");
    expect(transaction).toMatchObject({ parentSpanId: spanId });
    const inTransaction = spans.filter((s) => s.parentSpanId === transaction!.spanId).map((s) => s.name);
    expect(inTransaction).toEqual(expect.arrayContaining(["INSERT users", "DELETE users"]));
    // The values travelled as parameters, and parameters are never recorded.
    expect(backend.received(PARAMETER)).toBe(false);
  });

  it("are not made outside a traced request (background work), nor for a failed statement's message", async () => {
    const before = dbSpans(backend.spans()).length;
    await getDb().execute(sql`select 1`);
    await flush();
    expect(dbSpans(backend.spans()).length).toBe(before);

    const { traceId } = await tracedRequest("db-failure", "/api/failing", async () => {
      await expect(getDb().execute(sql`select * from no_such_table where name = ${PARAMETER}`)).rejects.toThrow();
    });
    await flush();
    const failed = dbSpans(backend.spans()).find((s) => s.traceId === traceId);
    expect(failed).toMatchObject({ name: "SELECT no_such_table", attributes: { "db.response.status_code": "42P01" } });
    expect(backend.received(PARAMETER)).toBe(false);
  });
});

describe("log lines and traces", () => {
  it("share the trace id: a line written inside a span carries its trace and span ids, a line outside none", async () => {
    const { entries, result } = await captureLog(async () => {
      const ids = await tracedRequest("logged", "/api/logged", async () => log.info("test.inside_span"));
      log.info("test.outside_span");
      return ids;
    }, "info");
    expect(entries.find((e) => e.event === "test.inside_span")).toMatchObject({
      requestId: "logged",
      traceId: result.traceId,
      spanId: result.spanId,
    });
    expect(result.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(entries.find((e) => e.event === "test.outside_span")).not.toHaveProperty("traceId");
    await flush();
    expect(backend.spans().some((s) => s.traceId === result.traceId && s.attributes["request.id"] === "logged")).toBe(true);
  });
});
