import { trace } from "@opentelemetry/api";
import { describe, expect, it } from "vitest";
import { getDb, installedDatabaseHandle, setDatabase } from "@/db";
import { createDatabase } from "@/db/client";
import { BUILD_MIGRATION } from "@/db/schema-version";
import { createPostgresDatabase } from "@/test/support/database";
import { stopEmailDispatcher } from "@/lib/email/start-dispatcher";
import { createEmailTransport } from "@/lib/email/transports";
import { loadEnv } from "@/lib/config/env";
import { captureLog, type LogEntry } from "@/test/support/log-capture";
import { withEnv } from "@/test/support/env";
import { register } from "./instrumentation";

// What the server says when it starts (instrumentation.ts): an operator must learn from the start-up
// log alone that emails are not delivered, or only kept in the local mailbox, and that CAPTCHA is off.

const PRODUCTION = {
  NEXT_RUNTIME: "nodejs",
  NODE_ENV: "production",
  EMAIL_TRANSPORT: undefined,
  RESEND_API_KEY: undefined,
  TURNSTILE_SECRET_KEY: undefined,
  NEXT_PUBLIC_TURNSTILE_SITE_KEY: undefined,
  // What a production start requires (lib/config/env.ts); the test database is installed already.
  EMBEDDED_DATABASE: "1",
  AUTH_SECRET: "instrumentation-test-secret",
  APP_URL: "https://registry.example",
};

/** register() as `next start` runs it, with these variables; answers what it logged. */
async function startUp(vars: Record<string, string | undefined>): Promise<LogEntry[]> {
  const before = { term: process.listeners("SIGTERM"), int: process.listeners("SIGINT") };
  try {
    const { entries } = await captureLog(() => withEnv({ ...PRODUCTION, ...vars }, register), "info");
    return entries;
  } finally {
    // register() adds shutdown listeners; this test process must not keep them.
    // (It also takes over those that were there, to run them after its drain: they are put back.)
    for (const l of process.listeners("SIGTERM")) if (!before.term.includes(l)) process.off("SIGTERM", l);
    for (const l of process.listeners("SIGINT")) if (!before.int.includes(l)) process.off("SIGINT", l);
    for (const l of before.term) if (!process.listeners("SIGTERM").includes(l)) process.on("SIGTERM", l);
    for (const l of before.int) if (!process.listeners("SIGINT").includes(l)) process.on("SIGINT", l);
    await stopEmailDispatcher();
  }
}

const events = (entries: LogEntry[]) => entries.map((e) => e.event);

describe("the email transport a production server uses", () => {
  it("is none without RESEND_API_KEY or EMAIL_TRANSPORT: never the local mailbox unless told", () => {
    expect(loadEnv({ NODE_ENV: "production" }).emailTransport).toBe("disabled");
    expect(loadEnv({ NODE_ENV: "production", RESEND_API_KEY: "re_x" }).emailTransport).toBe("resend");
    expect(loadEnv({ NODE_ENV: "production", EMAIL_TRANSPORT: "mailbox" }).emailTransport).toBe("mailbox");
    // Outside production the mailbox is the default, so development needs no mail service.
    expect(loadEnv({ NODE_ENV: "development" }).emailTransport).toBe("mailbox");
  });

  it("delivers nowhere without one: the dispatcher gets no transport, so emails stay queued", async () => {
    await withEnv(PRODUCTION, async () => expect(createEmailTransport(getDb())).toBeNull());
    await withEnv({ ...PRODUCTION, EMAIL_TRANSPORT: "mailbox" }, async () =>
      expect(createEmailTransport(getDb())).toMatchObject({ name: "mailbox" }),
    );
  });
});

describe("the start-up log of a production server", () => {
  it("says, as an error, that emails stay queued when no transport is configured", async () => {
    const entries = await startUp({});
    expect(entries.find((e) => e.event === "startup.email_transport")).toMatchObject({ transport: "disabled" });
    expect(entries.find((e) => e.event === "startup.email_disabled")).toMatchObject({
      level: "error",
      message: expect.stringContaining("stay queued"),
    });
    expect(events(entries)).not.toContain("startup.MAILBOX_TRANSPORT_IN_PRODUCTION");
  });

  it("warns loudly when told to use the local mailbox", async () => {
    const entries = await startUp({ EMAIL_TRANSPORT: "mailbox" });
    expect(entries.find((e) => e.event === "startup.email_transport")).toMatchObject({ transport: "mailbox" });
    expect(entries.find((e) => e.event === "startup.MAILBOX_TRANSPORT_IN_PRODUCTION")).toMatchObject({
      level: "warn",
      message: expect.stringContaining("NOT delivered"),
    });
    expect(events(entries)).not.toContain("startup.email_disabled");
  });

  it("names Resend and warns of nothing when Resend is configured", async () => {
    const entries = await startUp({ RESEND_API_KEY: "re_test_key" });
    expect(entries.find((e) => e.event === "startup.email_transport")).toMatchObject({ transport: "resend" });
    expect(events(entries)).not.toContain("startup.email_disabled");
    expect(events(entries)).not.toContain("startup.MAILBOX_TRANSPORT_IN_PRODUCTION");
  });

  it("announces that CAPTCHA is off when TURNSTILE_SECRET_KEY is not set, and not when it is", async () => {
    const off = await startUp({ RESEND_API_KEY: "re_test_key" });
    expect(off.find((e) => e.event === "startup.captcha_off")).toMatchObject({
      level: "info",
      message: expect.stringContaining("CAPTCHA is off"),
    });
    const on = await startUp({ RESEND_API_KEY: "re_test_key", TURNSTILE_SECRET_KEY: "turnstile-secret" });
    expect(events(on)).toContain("startup.email_transport");
    expect(events(on)).not.toContain("startup.captcha_off");
  });
});

describe("the start-up log and the database schema", () => {

  it("says, as an error, that the schema is not at this build's migration when nobody migrated it", async () => {
    const real = installedDatabaseHandle()!;
    const empty = process.env.TEST_DATABASE_URL
      ? await createPostgresDatabase(process.env.TEST_DATABASE_URL, { poolMax: 1 })
      : { handle: createDatabase({ pgliteDataDir: "memory://" }), dispose: async () => {} };
    setDatabase(empty.handle);
    try {
      const entries = await startUp({ RESEND_API_KEY: "re_test_key", MIGRATE_ON_START: "false" });
      expect(entries.find((e) => e.event === "startup.schema_not_current")).toMatchObject({
        level: "error",
        state: "empty",
        buildMigration: BUILD_MIGRATION.tag,
      });
    } finally {
      setDatabase(real);
      await empty.handle.close();
      await empty.dispose();
    }
  });

  it("says nothing of the schema when it is current", async () => {
    const entries = await startUp({ RESEND_API_KEY: "re_test_key" });
    expect(events(entries)).toContain("startup.database");
    expect(events(entries)).not.toContain("startup.schema_not_current");
  });
});

describe("tracing", () => {
  const probeRecorded = () => {
    const span = trace.getTracer("instrumentation-test").startSpan("probe");
    const recording = span.isRecording();
    span.end();
    return recording;
  };

  it("stays off without an OTLP endpoint: nothing is registered, so no span is ever recorded", async () => {
    const entries = await startUp({ RESEND_API_KEY: "re_test_key", OTEL_EXPORTER_OTLP_ENDPOINT: undefined, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: undefined });
    expect(events(entries)).toContain("startup.email_transport");
    expect(events(entries)).not.toContain("startup.tracing");
    expect(probeRecorded()).toBe(false);
  });

  // The control, last in this file (it registers a tracer provider for the process). Nothing is sent:
  // spans are exported in batches, later, to an address where nothing listens.
  it("turns on with one: spans are recorded", async () => {
    try {
      const entries = await startUp({ RESEND_API_KEY: "re_test_key", OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:9" });
      expect(entries.find((e) => e.event === "startup.tracing")).toMatchObject({ endpoint: "http://127.0.0.1:9/v1/traces", protocol: "http/protobuf" });
      expect(probeRecorded()).toBe(true);
    } finally {
      trace.disable();
    }
  });
});
