import { describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "./env";

// What `next start` (or the standalone server.js) sees: Next.js sets NEXT_RUNTIME in the server process.
const productionServer = { NODE_ENV: "production", NEXT_RUNTIME: "nodejs" };
const complete = {
  ...productionServer,
  DATABASE_URL: "postgres://app@db.internal:5432/registry",
  AUTH_SECRET: "a-long-random-secret",
  APP_URL: "https://registry.example",
};

function problemsOf(source: Record<string, string>): string[] {
  try {
    loadEnv(source);
  } catch (error) {
    if (error instanceof EnvError) return error.problems;
    throw error;
  }
  return [];
}

describe("production start configuration", () => {
  it("starts with a database, an auth secret and a public address", () => {
    expect(problemsOf(complete)).toEqual([]);
    expect(loadEnv(complete).APP_URL).toBe("https://registry.example");
  });

  it.each(["DATABASE_URL", "AUTH_SECRET", "APP_URL"])("refuses without %s, naming it", (name) => {
    const source: Record<string, string> = { ...complete };
    delete source[name];
    const problems = problemsOf(source);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name} is required in production`));
  });

  it("names every missing variable on one line", () => {
    let error: unknown;
    try {
      loadEnv(productionServer);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    const line = (error as EnvError).oneLine();
    expect(line).not.toContain("\n");
    expect(line).toMatch(/^Refusing to start: DATABASE_URL is required .*; AUTH_SECRET is required .*; APP_URL is required /);
  });

  it("runs on the embedded database only when it is chosen explicitly", () => {
    const { DATABASE_URL: _url, ...withoutDatabase } = complete;
    expect(problemsOf(withoutDatabase)).toHaveLength(1);
    expect(problemsOf({ ...withoutDatabase, EMBEDDED_DATABASE: "1" })).toEqual([]);
    expect(problemsOf({ ...withoutDatabase, EMBEDDED_DATABASE: "false" })).toHaveLength(1);
  });

  it("does not apply to the build, the CLI or development", () => {
    expect(problemsOf({ NODE_ENV: "production", NEXT_RUNTIME: "nodejs", NEXT_PHASE: "phase-production-build" })).toEqual([]);
    expect(problemsOf({ NODE_ENV: "production" })).toEqual([]);
    expect(problemsOf({ NODE_ENV: "development", NEXT_RUNTIME: "nodejs" })).toEqual([]);
    expect(loadEnv({}).APP_URL).toBe("http://localhost:3000");
  });
});

describe("retention and pooling settings", () => {
  it.each(["0", "-1", "1.5", "3651", "1e9", "thirty"])("refuses SENT_EMAIL_RETENTION_DAYS=%s, naming the range", (value) => {
    expect(problemsOf({ SENT_EMAIL_RETENTION_DAYS: value })).toEqual([
      "SENT_EMAIL_RETENTION_DAYS: must be a whole number of days from 1 to 3650",
    ]);
  });

  it("keeps sent emails 1 to 3650 days, 30 by default", () => {
    expect(loadEnv({}).SENT_EMAIL_RETENTION_DAYS).toBe(30);
    expect(loadEnv({ SENT_EMAIL_RETENTION_DAYS: "1" }).SENT_EMAIL_RETENTION_DAYS).toBe(1);
    expect(loadEnv({ SENT_EMAIL_RETENTION_DAYS: "3650" }).SENT_EMAIL_RETENTION_DAYS).toBe(3650);
  });

  it("has no pooler and leaves prepared statements to the pooler setting by default", () => {
    expect(loadEnv({})).toMatchObject({ DB_POOLER: "none", ACCESS_LOG: false });
    expect(loadEnv({}).DB_PREPARE).toBeUndefined();
    expect(loadEnv({ DB_POOLER: "transaction", DB_PREPARE: "true", ACCESS_LOG: "1" })).toMatchObject({
      DB_POOLER: "transaction",
      DB_PREPARE: true,
      ACCESS_LOG: true,
    });
    expect(problemsOf({ DB_POOLER: "session" })).toEqual([expect.stringMatching(/^DB_POOLER: /)]);
  });
});

describe("the development default of APP_URL", () => {
  it("follows the port the server listens on (`next dev -p 4501` sets PORT), so emailed links reach it", () => {
    expect(loadEnv({ NODE_ENV: "development", PORT: "4501" }).APP_URL).toBe("http://localhost:4501");
    expect(loadEnv({ NODE_ENV: "test", PORT: "3100" }).APP_URL).toBe("http://localhost:3100");
    expect(loadEnv({ NODE_ENV: "development" }).APP_URL).toBe("http://localhost:3000");
  });

  it("gives way to an APP_URL that is set", () => {
    expect(loadEnv({ PORT: "4501", APP_URL: "http://dev.internal:8080" }).APP_URL).toBe("http://dev.internal:8080");
  });

  it("is no default for a production server: it still refuses to start without APP_URL, whatever PORT says", () => {
    const { APP_URL: _url, ...withoutAppUrl } = complete;
    expect(problemsOf({ ...withoutAppUrl, PORT: "3000" })).toEqual([expect.stringMatching(/^APP_URL is required in production/)]);
  });

  it("refuses a PORT that is not a port, naming it", () => {
    expect(problemsOf({ PORT: "http" })).toEqual([expect.stringMatching(/^PORT: /)]);
    expect(problemsOf({ PORT: "70000" })).toEqual([expect.stringMatching(/^PORT: /)]);
  });
});
