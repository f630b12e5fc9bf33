import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// End to end: the CLI as operators run it (`tsx scripts/cli/main.ts`), against its own database:
// a fresh Postgres database when TEST_DATABASE_URL is set, else a temporary PGlite directory.
const TSX = path.join(process.cwd(), "node_modules", ".bin", "tsx");
let childEnv: NodeJS.ProcessEnv;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const base: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: "warn", EMAIL_TRANSPORT: "mailbox" };
  delete base.DATABASE_URL;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `pr_cli_${process.pid}_${randomBytes(4).toString("hex")}`;
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    childEnv = { ...base, DATABASE_URL: url.toString() };
    cleanup = async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pr-cli-"));
    childEnv = { ...base, PGLITE_DATA_DIR: path.join(dir, "pglite") };
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
});

afterAll(async () => {
  await cleanup?.();
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function run(file: string, args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(TSX, [file, ...args], { env: childEnv, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

const cli = (...args: string[]) => run("scripts/cli/main.ts", args);
// Each run that opens the database starts tsx and the database (PGlite takes a few seconds).
const SLOW = { timeout: 120_000 };

describe("operator CLI", () => {
  it("prints usage for help (exit 0) and refuses unknown commands and bad arguments (exit 2)", async () => {
    const [help, unknown, missing, badOption] = await Promise.all([
      cli("--help"),
      cli("frobnicate"),
      cli("user:create", "--email", "someone@example.com"),
      cli("application:list", "--stage", "PENDING", "--json"),
    ]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("application:approve");
    expect(unknown).toMatchObject({ code: 2, stdout: "" });
    expect(unknown.stderr).toContain('unknown command "frobnicate"');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--name is required");
    expect(badOption.code).toBe(2);
    expect(badOption.stderr).toContain("--stage must be one of");
    expect(JSON.parse(badOption.stdout)).toMatchObject({ error: { code: "USAGE" } });
  });

  it("seeds, lists, approves once, and reports refusals with exit 1", SLOW, async () => {
    const seeded = await run("scripts/seed.ts", []);
    expect(seeded.code, seeded.stderr).toBe(0);
    expect(seeded.stdout).toMatch(/prk_[0-9A-Za-z]{38}/);

    const listed = await cli("application:list", "--stage", "IN_REVIEW", "--json");
    expect(listed.code, listed.stderr).toBe(0);
    const { applications } = JSON.parse(listed.stdout) as { applications: Array<{ id: string; stage: string; companyName: string }> };
    expect(applications.length).toBeGreaterThan(0);
    expect(applications.every((a) => a.stage === "IN_REVIEW")).toBe(true);
    const target = applications[0]!;

    const approved = await cli("application:approve", target.id, "--json");
    expect(approved.code, approved.stderr).toBe(0);
    expect(JSON.parse(approved.stdout)).toMatchObject({
      applicationId: target.id,
      providerSlug: expect.any(String),
      email: { status: "sent", sent: 1 },
    });

    const again = await cli("application:approve", target.id, "--json");
    expect(again.code).toBe(1);
    expect(JSON.parse(again.stdout)).toEqual({ error: { code: "CONFLICT", detail: expect.stringContaining("already decided") } });

    const duplicate = await cli("user:create", "--email", "OWNER@northwind.example", "--name", "Someone");
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr.trim()).toBe("error: A user with that email already exists");
  });

  it("issues a key shown once and revokes it by prefix", SLOW, async () => {
    const created = await cli("apikey:create", "--provider", "northwind-studio", "--name", "e2e");
    expect(created.code, created.stderr).toBe(0);
    const key = /prk_[0-9A-Za-z]{38}/.exec(created.stdout)?.[0];
    expect(key).toBeDefined();
    expect(created.stdout).toContain("shown only once");

    const revoked = await cli("apikey:revoke", key!.slice(0, 12), "--json");
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(JSON.parse(revoked.stdout)).toMatchObject({ prefix: key!.slice(0, 12), name: "e2e", alreadyRevoked: false });
  });
});
