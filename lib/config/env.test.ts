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
