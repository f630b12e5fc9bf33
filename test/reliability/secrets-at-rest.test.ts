import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { emailOutbox } from "@/db/schema";
import { DELETE as REMOVE_MEMBER } from "@/app/api/provider/studio/members/[id]/route";
import { PATCH as PATCH_LISTING } from "@/app/api/provider/studio/listing/route";
import { GET as LIST_MEMBERS, POST as INVITE } from "@/app/api/provider/studio/members/route";
import { POST as INTEREST } from "@/app/api/public/studio/providers/interest/route";
import { POST as VERIFY } from "@/app/api/public/studio/providers/verify/route";
import { POST as INQUIRE } from "@/app/api/public/studio/providers/[slug]/inquiries/route";
import { POST as CONFIRM_INQUIRY } from "@/app/api/public/studio/providers/inquiries/verify/route";
import { confirmInquiry } from "@/lib/actions/inquiries/confirm-inquiry";
import { confirmListingByLink } from "@/lib/actions/listing/confirm-by-link";
import { runFreshnessSweep } from "@/lib/freshness/run-freshness-sweep";
import { createApiKeyAction } from "@/lib/actions/studio/api-keys";
import { confirmEmail } from "@/lib/actions/verify/confirm-email";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { getAuthOptions } from "@/lib/auth/options";
import { dispatchDueEmails } from "@/lib/email/dispatcher";
import { createResendTransport } from "@/lib/email/transports/resend";
import { env } from "@/lib/config/env";
import { withEnv } from "@/test/support/env";
import { makeProviderWithOwner, makeUser } from "@/test/support/factories";
import { call } from "@/test/support/http";
import { setRequest } from "@/test/support/next-request";
import { startResendStandIn } from "@/test/support/stub-server";
import { dumpDatabase, reportFigures } from "./database-dump";
import { SESSION_COOKIE } from "./authorization-world";

vi.mock("next/headers", () => import("@/test/support/next-request"));
vi.mock("next/cache", () => ({ revalidatePath: vi.fn(), revalidateTag: vi.fn() }));

// Every flow that makes a secret runs once, as production would (debug logging on, email sent
// through a Resend stand-in); then the whole database and every log line are searched for them.

const secrets = new Map<string, string>();
const logLines: string[] = [];
const figures = { secrets: 0, rows: 0, tables: 0, logLines: 0, found: 0 };

afterAll(() => {
  reportFigures(
    "secrets-at-rest",
    `${figures.secrets} plaintext secrets searched in ${figures.rows} rows of ${figures.tables} tables and ${figures.logLines} log lines: ${figures.found} found`,
  );
});

function remember(label: string, secret: string) {
  secrets.set(label, secret);
  // An API key's visible prefix is stored on purpose; the rest of it must not be.
  if (secret.startsWith("prk_")) secrets.set(`${label} (secret part)`, secret.slice(12));
}

async function captureLogs<T>(fn: () => Promise<T>): Promise<T> {
  const capture = (chunk: unknown) => {
    logLines.push(...String(chunk).split("\n").filter(Boolean));
    return true;
  };
  const out = vi.spyOn(process.stdout, "write").mockImplementation(capture);
  const err = vi.spyOn(process.stderr, "write").mockImplementation(capture);
  try {
    return await withEnv({ LOG_LEVEL: "debug" }, fn);
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}

const TOKEN_IN_TEXT = /token=([A-Za-z0-9_-]{20,})/;

async function runEveryFlowThatMakesASecret() {
  const db = getDb();
  const { provider, owner } = await makeProviderWithOwner(db);

  // An Auth.js session, through the configured adapter (which stores the token hashed).
  const options = await getAuthOptions();
  const sessionToken = randomBytes(32).toString("hex");
  await options.adapter!.createSession!({ sessionToken, userId: owner.user.id, expires: new Date(Date.now() + 3600_000) });
  remember("session token", sessionToken);

  // A sign-in link, through the email provider's own sendVerificationRequest.
  const signInToken = randomBytes(32).toString("hex");
  const emailProvider = options.providers[0] as unknown as {
    sendVerificationRequest(p: { identifier: string; url: string; expires: Date }): Promise<void>;
  };
  await emailProvider.sendVerificationRequest({
    identifier: owner.user.email,
    url: `${env().APP_URL}/api/auth/callback/email?callbackUrl=%2Fstudio&token=${signInToken}&email=${encodeURIComponent(owner.user.email)}`,
    expires: new Date(Date.now() + 1800_000),
  });
  remember("sign-in link token", signInToken);

  // API keys: from the studio (server action with that session) and from the operator CLI's domain function.
  setRequest({ cookies: { [SESSION_COOKIE]: sessionToken } });
  const created = await createApiKeyAction({ name: "secrets probe", expiry: "never" });
  if (!created.ok) throw new Error(`key creation failed: ${created.code}`);
  remember("studio API key", created.data.key);
  const cliKey = await createApiKey(db, {
    providerId: provider.id,
    name: "cli probe",
    role: "OWNER",
    actor: { type: "CLI", id: null, label: "cli" },
  });
  remember("CLI API key", cliKey.key);

  // The keys in use, in the right place and in places they must not be (query, path, broken header).
  const key = created.data.key;
  await call(LIST_MEMBERS, "/api/provider/studio/members", { key });
  await call(PATCH_LISTING, "/api/provider/studio/listing", { method: "PATCH", key, json: { headline: "Secrets probe" } });
  await call(LIST_MEMBERS, `/api/provider/studio/members?api_key=${key}&key=${cliKey.key}`, {});
  await call(REMOVE_MEMBER, `/api/provider/studio/members/${key}`, { method: "DELETE", key: cliKey.key, params: { id: key } });
  await call(LIST_MEMBERS, "/api/provider/studio/members", { headers: { authorization: `Bearer ${key}x` } });
  await call(INVITE, "/api/provider/studio/members", { key, json: { email: (await makeUser(db)).email } });

  // An interest application: its verification token lives only in the queued email and the link.
  for (const email of ["secret-a@example.com", "secret-b@example.com"]) {
    await call(INTEREST, "/api/public/studio/providers/interest", {
      json: { fullName: "Secret Keeper", email, description: "Applying to check where tokens end up." },
    });
  }
  const queued = await db.select().from(emailOutbox);
  const tokens = queued.filter((r) => r.kind === "VERIFICATION").map((r) => TOKEN_IN_TEXT.exec(r.text ?? "")?.[1]);
  if (tokens.length !== 2 || tokens.some((t) => !t)) throw new Error("verification tokens not found in the queued emails");
  remember("verification token (API)", tokens[0]!);
  remember("verification token (form)", tokens[1]!);
  await call(VERIFY, `/api/public/studio/providers/verify?token=${tokens[0]}`, { method: "POST" });
  const form = new FormData();
  form.set("token", tokens[1]!);
  await confirmEmail(null, form);
  // A wrong token next to a right one, so the refusal path logs too.
  await call(VERIFY, `/api/public/studio/providers/verify?token=${tokens[0]!.slice(0, -1)}A`, { method: "POST" });

  // An inquiry: its confirmation token, like the application's, lives only in the queued email and the link.
  for (const email of ["inquirer-a@example.com", "inquirer-b@example.com"]) {
    await call(INQUIRE, `/api/public/studio/providers/${provider.slug}/inquiries`, {
      json: { name: "Secret Sender", email, message: "Writing to check where confirmation tokens end up." },
      params: { slug: provider.slug },
    });
  }
  const inquiryMails = (await db.select().from(emailOutbox)).filter((r) => r.kind === "INQUIRY_CONFIRMATION");
  const inquiryTokens = inquiryMails.map((r) => TOKEN_IN_TEXT.exec(r.text ?? "")?.[1]);
  if (inquiryTokens.length !== 2 || inquiryTokens.some((t) => !t)) throw new Error("inquiry tokens not found in the queued emails");
  remember("inquiry confirmation token (API)", inquiryTokens[0]!);
  remember("inquiry confirmation token (form)", inquiryTokens[1]!);
  await call(CONFIRM_INQUIRY, `/api/public/studio/providers/inquiries/verify?token=${inquiryTokens[0]}`, { method: "POST" });
  const inquiryForm = new FormData();
  inquiryForm.set("token", inquiryTokens[1]!);
  const confirmed = await confirmInquiry(null, inquiryForm);
  if (!confirmed?.ok) throw new Error(`inquiry confirmation failed: ${confirmed?.code}`);
  await call(CONFIRM_INQUIRY, `/api/public/studio/providers/inquiries/verify?token=${inquiryTokens[0]!.slice(0, -1)}A`, { method: "POST" });

  // A freshness reminder: each recipient's confirm link, like the others, lives only in the queued email.
  const stale = await makeProviderWithOwner(db, { confirmedAt: new Date(Date.now() - 155 * 86_400_000) });
  await runFreshnessSweep(db, { now: new Date() });
  const reminders = (await db.select().from(emailOutbox)).filter((r) => r.kind === "LISTING_CONFIRM_REMINDER" && r.to === stale.owner.user.email);
  const confirmToken = TOKEN_IN_TEXT.exec(reminders[0]?.text ?? "")?.[1];
  if (!confirmToken) throw new Error("the listing confirm token was not found in the queued reminder");
  remember("listing confirm token", confirmToken);
  const linkForm = new FormData();
  linkForm.set("token", confirmToken);
  const linked = await confirmListingByLink(null, linkForm);
  if (!linked?.ok) throw new Error(`listing confirmation by link failed: ${linked?.code}`);

  // Delivery, as in production: first an outage (bodies retried), then success (bodies dropped).
  const resend = await startResendStandIn([
    { status: 500, body: { name: "internal_server_error", message: "down" } },
    { status: 200, body: { id: "re_secret" } },
  ]);
  try {
    const transport = await withEnv({ RESEND_BASE_URL: resend.url }, async () => createResendTransport({ apiKey: "re_test" }));
    await dispatchDueEmails(db, { transport, batchSize: 50 });
    await db.update(emailOutbox).set({ nextAttemptAt: new Date(0) });
    await dispatchDueEmails(db, { transport, batchSize: 50 });
  } finally {
    await resend.close();
  }
}

describe("secrets at rest", () => {
  it("no plaintext API key, verification, inquiry or listing confirmation token, sign-in token or session token in the database or the log", async () => {
    await captureLogs(runEveryFlowThatMakesASecret);
    const dump = await dumpDatabase(getDb());
    figures.tables = Object.keys(dump).length;
    figures.rows = Object.values(dump).reduce((n, rows) => n + rows.length, 0);
    figures.logLines = logLines.length;
    figures.secrets = secrets.size;

    // Every flow yielded its secret (an empty list would search for nothing).
    expect([...secrets.keys()].sort()).toEqual(
      [
        "CLI API key",
        "CLI API key (secret part)",
        "session token",
        "sign-in link token",
        "studio API key",
        "studio API key (secret part)",
        "verification token (API)",
        "verification token (form)",
        "inquiry confirmation token (API)",
        "inquiry confirmation token (form)",
        "listing confirm token",
      ].sort(),
    );
    const dumpText = JSON.stringify(dump);
    const logText = logLines.join("\n");
    const found: string[] = [];
    for (const [label, secret] of secrets) {
      if (dumpText.includes(secret)) found.push(`${label} in the database`);
      if (logText.includes(secret)) found.push(`${label} in the log`);
    }
    figures.found = found.length;
    // The run really logged requests carrying the secrets (the search is not vacuous).
    expect(logLines.some((l) => l.includes("verify?token=[redacted]"))).toBe(true);
    expect(logLines.some((l) => l.includes("inquiries/verify?token=[redacted]"))).toBe(true);
    expect(logLines.some((l) => l.includes("prk_[redacted]"))).toBe(true);
    expect(figures.rows).toBeGreaterThan(20);
    expect(found).toEqual([]);
  });
});
