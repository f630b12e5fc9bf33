import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, executeRows, type Db } from "@/db/client";
import { emailOutbox, interestApplications, sessions, users } from "@/db/schema";
import { maintenanceJobRuns } from "@/db/schema-operations";
import { MAINTENANCE_JOBS } from "@/lib/maintenance/maintenance-jobs";

// The outbox and retention commands as operators run them (`tsx scripts/cli/main.ts`), against a
// database of their own: a fresh Postgres database when TEST_DATABASE_URL is set, else PGlite files.
const TSX = path.join(process.cwd(), "node_modules", ".bin", "tsx");
// Each run starts tsx and opens the database: slow on a loaded machine.
const SLOW = { timeout: 300_000 };
let childEnv: NodeJS.ProcessEnv;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const base: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: "warn", EMAIL_TRANSPORT: "mailbox" };
  delete base.DATABASE_URL;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `pr_opscli_${process.pid}_${randomBytes(4).toString("hex")}`;
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
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pr-opscli-"));
    childEnv = { ...base, PGLITE_DATA_DIR: path.join(dir, "pglite") };
    cleanup = async () => fs.rmSync(dir, { recursive: true, force: true });
  }
});

afterAll(async () => {
  await cleanup?.();
});

/** Works on the CLI's database between runs (never while a run has it open: PGlite is one process's). */
async function withChildDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const handle = createDatabase({ url: childEnv.DATABASE_URL, pgliteDataDir: childEnv.PGLITE_DATA_DIR });
  try {
    await handle.migrate();
    return await fn(handle.db);
  } finally {
    await handle.close();
  }
}

function cli(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(TSX, ["scripts/cli/main.ts", ...args], { env: childEnv, timeout: 90_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

const email = { kind: "VERIFICATION" as const, subject: "Confirm", text: "https://app.test/verify?token=t" };

describe("email commands", () => {
  it("list the outbox by status and retry a dead email, one by id or all, sending it", SLOW, async () => {
    const [dead, otherDead, sent] = await withChildDb(async (db) => {
      await db.delete(emailOutbox);
      const rows = await db
        .insert(emailOutbox)
        .values([
          { ...email, to: "dead@example.com", attempts: 10, failedAt: new Date(), lastError: "rejected: bad address" },
          { ...email, to: "dead-too@example.com", attempts: 10, failedAt: new Date(), lastError: "out of attempts" },
          { ...email, to: "sent@example.com", text: null, sentAt: new Date() },
        ])
        .returning({ id: emailOutbox.id });
      return rows.map((r) => r.id);
    });

    const listed = await cli("email:list", "--status", "dead", "--json");
    expect(listed.code, listed.stderr).toBe(0);
    const { emails } = JSON.parse(listed.stdout) as { emails: { id: string; state: string; lastError: string }[] };
    expect(emails.map((e) => [e.id, e.state]).sort()).toEqual([[dead, "dead"], [otherDead, "dead"]].sort());
    expect(listed.stdout).not.toContain("token=");

    const human = await cli("email:list");
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toMatch(/^ID\s+STATUS/);
    expect(human.stdout).toContain("rejected: bad address");
    expect(human.stdout).not.toContain(sent!);

    // Refused before the database opens (exit 2), so they may run side by side.
    const [bad, both, notAnId] = await Promise.all([
      cli("email:list", "--status", "lost"),
      cli("email:retry", dead!, "--all-dead"),
      cli("email:retry", "not-an-id"),
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--status must be one of queued, failed, dead, sent");
    expect(both.code).toBe(2);
    expect(notAnId.code).toBe(2);

    const one = await cli("email:retry", dead!, "--json");
    expect(one.code, one.stderr).toBe(0);
    expect(JSON.parse(one.stdout)).toEqual({ ids: [dead], email: expect.objectContaining({ status: "sent", sent: 1 }) });

    const alreadySent = await cli("email:retry", sent!, "--json");
    expect(alreadySent.code).toBe(1);
    expect(JSON.parse(alreadySent.stdout)).toMatchObject({ error: { code: "CONFLICT" } });

    const all = await cli("email:retry", "--all-dead");
    expect(all.code, all.stderr).toBe(0);
    expect(all.stdout).toContain(`Retrying 1 email(s): ${otherDead}`);
    expect(all.stdout).toContain("email: 1 sent");

    const states = await withChildDb((db) =>
      executeRows<{ to: string; sent: boolean; dead: boolean }>(
        db,
        sql`select "to", sent_at is not null as sent, failed_at is not null as dead from email_outbox order by "to"`,
      ),
    );
    expect(states).toEqual([
      { to: "dead-too@example.com", sent: true, dead: false },
      { to: "dead@example.com", sent: true, dead: false },
      { to: "sent@example.com", sent: true, dead: false },
    ]);
  });
});

describe("maintenance:purge", () => {
  it("deletes expired and old rows, keeps current ones, and says what it did", SLOW, async () => {
    await withChildDb(async (db) => {
      await db.delete(sessions);
      await db.delete(emailOutbox);
      await db.insert(users).values({ id: "purge-user", email: "purge@example.com" }).onConflictDoNothing();
      await db.insert(sessions).values([
        { sessionToken: "old", userId: "purge-user", expires: new Date(Date.now() - 60_000) },
        { sessionToken: "current", userId: "purge-user", expires: new Date(Date.now() + 86_400_000) },
      ]);
      await db.insert(emailOutbox).values([
        { ...email, to: "ten-days@example.com", text: null, sentAt: new Date(Date.now() - 10 * 86_400_000) },
        { ...email, to: "today@example.com", text: null, sentAt: new Date() },
      ]);
      // Never confirmed: its link expired 40 days ago (past the 30 days' grace), and one expired yesterday.
      const application = { fullName: "A", description: "d", stage: "AWAITING_VERIFICATION" as const };
      await db.insert(interestApplications).values([
        { ...application, email: "forty-days@example.com", tokenHash: "purge-h1", tokenExpiresAt: new Date(Date.now() - 40 * 86_400_000) },
        { ...application, email: "yesterday@example.com", tokenHash: "purge-h2", tokenExpiresAt: new Date(Date.now() - 86_400_000) },
      ]);
    });
    const json = await cli("maintenance:purge", "--sent-email-days", "7", "--json");
    expect(json.code, json.stderr).toBe(0);
    expect(JSON.parse(json.stdout)).toMatchObject({
      ran: true,
      purged: {
        sessions: { deleted: 1, more: false },
        sentEmails: { deleted: 1, more: false },
        unconfirmedApplications: { deleted: 1, more: false },
        unconfirmedInquiries: { deleted: 0, more: false },
        expiredInvitations: { deleted: 0, more: false },
        mailboxEmails: { deleted: 0, more: false },
      },
    });
    const human = await cli("maintenance:purge");
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toMatch(/^ROWS\s+DELETED\s+MORE LEFT\nrateLimitHits\s+0\s+no/);
    for (const kind of ["mailboxEmails", "unconfirmedApplications", "unconfirmedInquiries", "expiredInvitations"]) {
      expect(human.stdout).toMatch(new RegExp(`\\n${kind}\\s+0\\s+no`));
    }
    const left = await withChildDb(async (db) => ({
      sessions: (await db.select({ t: sessions.sessionToken }).from(sessions)).map((r) => r.t),
      emails: (await db.select({ to: emailOutbox.to }).from(emailOutbox)).map((r) => r.to),
      applications: (await db.select({ e: interestApplications.email }).from(interestApplications)).map((r) => r.e),
    }));
    expect(left).toEqual({ sessions: ["current"], emails: ["today@example.com"], applications: ["yesterday@example.com"] });
  });
});

describe("maintenance:purge with an absurd retention", () => {
  it("refuses it with a message and exit status 2, before the database opens, and the environment's too", SLOW, async () => {
    const values = ["0", "99999999999", "3651", "1.5", "seven", "=-5"];
    const runs = await Promise.all(
      values.map((v) => (v.startsWith("=") ? cli("maintenance:purge", `--sent-email-days${v}`) : cli("maintenance:purge", "--sent-email-days", v))),
    );
    runs.forEach((run, i) => {
      expect(run.code, `${values[i]}: ${run.stderr}`).toBe(2);
      expect(run.stderr).toContain(`--sent-email-days must be a whole number of days from 1 to 3650, not "${values[i]!.replace(/^=/, "")}"`);
      expect(run.stderr).not.toMatch(/Failed query|interval/i);
    });
    const fromEnv = await new Promise<{ code: number; stderr: string }>((resolve) => {
      execFile(TSX, ["scripts/cli/main.ts", "maintenance:purge"], { env: { ...childEnv, SENT_EMAIL_RETENTION_DAYS: "0" }, timeout: 90_000 }, (error, _stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === "number" ? error.code : -1) : 0, stderr }),
      );
    });
    expect(fromEnv.code).not.toBe(0);
    expect(fromEnv.stderr).toContain("SENT_EMAIL_RETENTION_DAYS: must be a whole number of days from 1 to 3650");
  });
});


describe("maintenance:run", () => {
  it("runs every job that is due and says what each did; at once again, nothing is due; --only runs one now", SLOW, async () => {
    await withChildDb(async (db) => {
      await db.delete(maintenanceJobRuns);
    });
    const first = await cli("maintenance:run", "--json");
    expect(first.code, first.stderr).toBe(0);
    const jobs = (JSON.parse(first.stdout) as { jobs: { job: string; ran: boolean }[] }).jobs;
    expect(jobs.map((j) => [j.job, j.ran])).toEqual(MAINTENANCE_JOBS.map((job) => [job.name, true]));

    const again = await cli("maintenance:run");
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/^JOB\s+OUTCOME\s+DID\nretention\s+not due\s+next at \d{4}-/);

    const only = await cli("maintenance:run", "--only", "inquiry-reminders");
    expect(only.code, only.stderr).toBe(0);
    expect(only.stdout).toMatch(/\ninquiry-reminders\s+ran in \d+ ms\s+nothing to do/);
    expect(only.stdout).not.toMatch(/retention/);
  });

  it("refuses a job it does not know, naming the jobs, with exit status 2", SLOW, async () => {
    const result = await cli("maintenance:run", "--only", "retention,nonsense");
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`--only names no job "nonsense": the jobs are ${MAINTENANCE_JOBS.map((j) => j.name).join(", ")}`);
  });
});
