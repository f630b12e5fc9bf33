import { and, desc, eq, like, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { emailOutbox, inquiries, providerResponsiveness, providers, rateLimitHits, type Provider } from "@/db/schema";
import { POST as SUBMIT } from "@/app/api/public/studio/providers/[slug]/inquiries/route";
import { INQUIRY_HELD_DETAIL } from "@/lib/inquiries/inquiry-fields";
import { rateLimitKey } from "@/lib/rate-limit/consume-rate-limit";
import { INQUIRIES_PER_SENDER, UNCONFIRMED_INQUIRIES_PER_MAILBOX_PER_HOUR } from "@/lib/inquiries/submit-inquiry";
import { INQUIRIES_DELIVERED_PER_PROVIDER_PER_DAY } from "@/lib/inquiries/verify-inquiry";
import { makeMember, makeProvider, makeUser } from "@/test/support/factories";
import { failOutboxInsertsTo } from "@/test/support/failing-outbox";
import { call, problemOf } from "@/test/support/http";
import { peerAddressHeaders } from "@/test/support/peer-address";
import { raceTest } from "@/test/support/races";
import { unchangedBy } from "@/test/support/snapshot";
import { GET, POST } from "./route";

let n = 0;
const freshEmail = () => `verify-sender-${Date.now()}-${++n}@example.com`;

let provider: Provider;
const staff: Record<string, string> = {};

beforeAll(async () => {
  const db = getDb();
  provider = await makeProvider(db);
  for (const role of ["OWNER", "ADMIN", "MEMBER"] as const) {
    const { user } = await makeMember(db, { provider, role });
    staff[role] = user.email;
  }
  staff.PENDING = (await makeMember(db, { provider, role: "ADMIN", inviteStatus: "PENDING" })).user.email;
  const removed = await makeMember(db, { provider, role: "OWNER", user: await makeUser(db) });
  await db.execute(sql`update provider_members set revoked_at = now() where id = ${removed.member.id}`);
  staff.REMOVED = removed.user.email;
});

/** Submits an inquiry and returns the token from its confirmation email. */
async function submitAndGetToken(message = "Please quote for a new website, around March.", to: Provider = provider) {
  const email = freshEmail();
  const response = await call(SUBMIT, `/api/public/studio/providers/${to.slug}/inquiries`, {
    json: { name: "Ada", email, message },
    params: { slug: to.slug },
  });
  expect(response.status).toBe(201);
  const [mail] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.to, email));
  return { email, token: /token=([A-Za-z0-9_-]{43})/.exec(mail!.text!)![1]! };
}

const verify = (token: string) =>
  call(POST, `/api/public/studio/providers/inquiries/verify?token=${encodeURIComponent(token)}`, { method: "POST" });

async function notificationsFor(email: string) {
  return getDb()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, "INQUIRY_NOTIFICATION"), eq(emailOutbox.replyTo, email)));
}

describe("POST /api/public/studio/providers/inquiries/verify", () => {
  it("delivers the inquiry (NEW) and notifies each accepted OWNER and ADMIN with the sender as Reply-To", async () => {
    const { email, token } = await submitAndGetToken();
    const response = await verify(token);
    expect(response.status).toBe(200);
    expect(response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(await response.json()).toEqual({ success: true, message: expect.any(String), status: "DELIVERED" });
    const [row] = await getDb().select().from(inquiries).where(eq(inquiries.senderEmail, email));
    expect(row!.status).toBe("NEW");
    expect(row!.deliveredAt).toBeInstanceOf(Date);
    const mails = await notificationsFor(email);
    expect(mails.map((m) => m.to).sort()).toEqual([staff.ADMIN, staff.OWNER].sort());
    for (const mail of mails) {
      expect(mail.text).toContain(`/studio/inquiries/${row!.id}`);
      expect(mail.text).toContain("> Please quote for a new website, around March.");
    }
    const [stats] = await getDb().select().from(providerResponsiveness).where(eq(providerResponsiveness.providerId, provider.id));
    expect(stats!.sample).toBeGreaterThanOrEqual(1);
  });

  it("answers the same 200 again for a used token and sends nothing more", async () => {
    const { email, token } = await submitAndGetToken();
    const first = await (await verify(token)).json();
    const again = await verify(token);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(first);
    expect(await notificationsFor(email)).toHaveLength(2);
  });

  it("delivers once under 20 simultaneous confirmations", raceTest, async () => {
    const { email, token } = await submitAndGetToken();
    const responses = await Promise.all(Array.from({ length: 20 }, () => verify(token)));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await notificationsFor(email)).toHaveLength(2);
    // …and counts it once against the sender's delivery limit.
    const counted = await getDb().select().from(rateLimitHits).where(eq(rateLimitHits.key, rateLimitKey("inquiry:delivered-sender", email)));
    expect(counted).toHaveLength(1);
  });

  it("refuses a malformed or unknown token with 400 TOKEN_INVALID", async () => {
    for (const token of ["", "short", "x".repeat(43)]) {
      const response = await verify(token);
      expect(response.status).toBe(400);
      expect((await problemOf(response)).code).toBe("TOKEN_INVALID");
    }
  });

  it("refuses a token older than 24 hours with 410 TOKEN_EXPIRED and delivers nothing", async () => {
    const { email, token } = await submitAndGetToken();
    await getDb()
      .update(inquiries)
      .set({ tokenExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(inquiries.senderEmail, email));
    const response = await verify(token);
    expect(response.status).toBe(410);
    expect((await problemOf(response)).code).toBe("TOKEN_EXPIRED");
    expect(await notificationsFor(email)).toHaveLength(0);
  });

  it("never renders the sender's words as HTML or links in the notification", async () => {
    const { email, token } = await submitAndGetToken(
      "<script>alert(1)</script> <a href=\"https://evil.example\">click</a> and visit www.evil.example now",
    );
    await verify(token);
    const [mail] = await notificationsFor(email);
    expect(mail!.html).not.toContain("<script>");
    expect(mail!.html).not.toContain('href="https://evil');
    expect(mail!.html).toContain("&lt;script&gt;");
    expect(`${mail!.text}${mail!.html}`).not.toMatch(/https:\/\/evil|www\.evil/);
    expect(mail!.text).toContain("evil[.]example");
    // The sender's address too: quoted and defanged, so no mail program links it (replies use Reply-To).
    expect(mail!.replyTo).toBe(email);
    expect(`${mail!.text}${mail!.html}`).not.toContain(email);
    expect(mail!.text).toContain(`Email: “${email.replace(/\.com$/, "[.]com")}”`);
  });

  it("delivers nothing when a notification cannot be queued: the inquiry and its emails commit together", async () => {
    const { email, token } = await submitAndGetToken();
    const undo = await failOutboxInsertsTo(getDb(), staff.OWNER!);
    try {
      expect((await verify(token)).status).toBe(500);
    } finally {
      await undo();
    }
    const [row] = await getDb().select().from(inquiries).where(eq(inquiries.senderEmail, email));
    expect(row).toMatchObject({ status: "AWAITING_VERIFICATION", deliveredAt: null });
    // The ADMIN's notification, queued before the OWNER's failed, rolled back with the delivery.
    expect(await notificationsFor(email)).toHaveLength(0);
    // Nothing was used up: the same link delivers once the outbox works again.
    expect((await verify(token)).status).toBe(200);
    expect((await notificationsFor(email)).map((m) => m.to).sort()).toEqual([staff.ADMIN, staff.OWNER].sort());
  });

  it("still delivers to a provider that stopped accepting clients after the sender wrote", async () => {
    const db = getDb();
    const closing = await makeProvider(db);
    const owner = (await makeMember(db, { provider: closing, role: "OWNER" })).user.email;
    const { email, token } = await submitAndGetToken(undefined, closing);
    await db.update(providers).set({ acceptingClients: false }).where(eq(providers.id, closing.id));
    const response = await verify(token);
    expect(response.status).toBe(200);
    const [row] = await db.select().from(inquiries).where(eq(inquiries.senderEmail, email));
    expect(row!.status).toBe("NEW");
    expect((await notificationsFor(email)).map((m) => m.to)).toEqual([owner]);
  });

  it.each([
    ["unpublished", { publicProfile: false }],
    ["suspended", { approvalStatus: "SUSPENDED" as const }],
  ])("refuses delivery to a provider %s after the sender wrote: 404, nothing sent, the link works once it is listed again", async (_label, change) => {
    const db = getDb();
    const leaving = await makeProvider(db);
    await makeMember(db, { provider: leaving, role: "OWNER" });
    const { email, token } = await submitAndGetToken(undefined, leaving);
    await db.update(providers).set(change).where(eq(providers.id, leaving.id));
    const refused = await unchangedBy(db, () => verify(token));
    expect(refused.status).toBe(404);
    const problem = await problemOf(refused);
    expect(problem.code).toBe("NOT_FOUND");
    expect(problem.detail).toMatch(/no longer listed/);
    expect(await notificationsFor(email)).toHaveLength(0);
    await db.update(providers).set({ publicProfile: true, approvalStatus: "APPROVED" }).where(eq(providers.id, leaving.id));
    expect((await verify(token)).status).toBe(200);
    expect(await notificationsFor(email)).toHaveLength(1);
  });

  it("answers GET with 405", async () => {
    const response = await call(GET, "/api/public/studio/providers/inquiries/verify");
    expect(response.status).toBe(405);
  });
});

describe("delivery limits: what a mailbox sends, across every client (issue 25)", () => {
  /** Submits from `ip` as `email` (a fresh one by default) and returns the confirmation token. */
  async function submitFrom(ip: string, to: Provider, email = freshEmail()) {
    const response = await call(SUBMIT, `/api/public/studio/providers/${to.slug}/inquiries`, {
      json: { name: "Ada", email, message: "Please quote for a new website, around March." },
      params: { slug: to.slug },
      headers: peerAddressHeaders(ip),
    });
    expect(response.status, `submission as ${email} from ${ip}`).toBe(201);
    const [mail] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.to, email)).orderBy(desc(emailOutbox.createdAt)).limit(1);
    return { email, token: /token=([A-Za-z0-9_-]{43})/.exec(mail!.text!)![1]! };
  }
  const rowOf = async (email: string) => (await getDb().select().from(inquiries).where(eq(inquiries.senderEmail, email)))[0]!;
  /** Moves every delivery counted so far a day into the past, as if a day had gone by. */
  const aDayLater = () =>
    getDb()
      .update(rateLimitHits)
      .set({ createdAt: sql`${rateLimitHits.createdAt} - interval '25 hours'`, expiresAt: sql`${rateLimitHits.expiresAt} - interval '25 hours'` })
      .where(like(rateLimitHits.key, "inquiry:delivered-%"));

  it("delivers one message per mailbox and provider in 24 hours, whatever client each came from; the next is held, kept, and goes later with the same link", async () => {
    const [local, domain] = freshEmail().split("@");
    const first = await submitFrom("203.0.113.10", provider, `${local}@${domain}`);
    const second = await submitFrom("198.51.100.10", provider, `${local}+phone@${domain}`);
    expect((await verify(first.token)).status).toBe(200);

    const before = await rowOf(second.email);
    const held = await verify(second.token);
    expect(held.status).toBe(429);
    const problem = await problemOf(held);
    expect(problem.code).toBe("RATE_LIMITED");
    expect(problem.detail).toBe(INQUIRY_HELD_DETAIL);
    const retryAfter = Number(held.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(23 * 3600);
    const after = await rowOf(second.email);
    expect(after).toMatchObject({ status: "AWAITING_VERIFICATION", deliveredAt: null, message: before.message });
    // The link now works for a full day past the moment the message may go.
    expect(after.tokenExpiresAt.getTime()).toBeGreaterThanOrEqual(Date.now() + (retryAfter + 23.9 * 3600) * 1000);
    expect(await notificationsFor(second.email)).toHaveLength(0);
    // Asking again changes nothing and says the same.
    expect((await verify(second.token)).status).toBe(429);

    await aDayLater();
    expect((await verify(second.token)).status).toBe(200);
    expect((await rowOf(second.email)).status).toBe("NEW");
    expect(await notificationsFor(second.email)).toHaveLength(2);
  });

  it(`delivers at most ${INQUIRIES_PER_SENDER} messages per mailbox in 24 hours across providers and clients`, async () => {
    const db = getDb();
    const [local, domain] = freshEmail().split("@");
    const sent = [];
    for (let i = 0; i <= INQUIRIES_PER_SENDER; i++) {
      sent.push(await submitFrom(`198.51.100.${40 + i}`, await makeProvider(db), `${local}+${i}@${domain}`));
    }
    const statuses = [];
    for (const { token } of sent) statuses.push((await verify(token)).status);
    expect(statuses).toEqual([...Array<number>(INQUIRIES_PER_SENDER).fill(200), 429]);
    expect((await rowOf(sent.at(-1)!.email)).status).toBe("AWAITING_VERIFICATION");
  });

  it(`holds a provider's deliveries past ${INQUIRIES_DELIVERED_PER_PROVIDER_PER_DAY} in 24 hours, losing nothing`, { timeout: 120_000 }, async () => {
    const db = getDb();
    const busy = await makeProvider(db);
    await makeMember(db, { provider: busy, role: "OWNER" });
    for (let i = 0; i < INQUIRIES_DELIVERED_PER_PROVIDER_PER_DAY; i++) {
      expect((await verify((await submitAndGetToken(undefined, busy)).token)).status).toBe(200);
    }
    const late = await submitAndGetToken(undefined, busy);
    const held = await verify(late.token);
    expect(held.status).toBe(429);
    expect((await problemOf(held)).detail).toBe(INQUIRY_HELD_DETAIL);
    expect(await notificationsFor(late.email)).toHaveLength(0);
    expect((await rowOf(late.email)).status).toBe("AWAITING_VERIFICATION");
    // Another provider is not affected.
    expect((await verify((await submitAndGetToken()).token)).status).toBe(200);
    await aDayLater();
    expect((await verify(late.token)).status).toBe(200);
    expect(await notificationsFor(late.email)).toHaveLength(1);
  });

  // As many as one mailbox may have unconfirmed in an hour, twice the deliveries it may make.
  const PENDING = UNCONFIRMED_INQUIRIES_PER_MAILBOX_PER_HOUR;

  it(`delivers exactly ${INQUIRIES_PER_SENDER} of ${PENDING} messages from one mailbox confirmed at the same moment`, raceTest, async () => {
    const db = getDb();
    const [local, domain] = freshEmail().split("@");
    const pending = [];
    for (let i = 0; i < PENDING; i++) pending.push(await submitFrom(`192.0.2.${i + 1}`, await makeProvider(db), `${local}+${i}@${domain}`));
    const statuses = (await Promise.all(pending.map(({ token }) => verify(token)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(INQUIRIES_PER_SENDER);
    expect(statuses.filter((s) => s === 429)).toHaveLength(PENDING - INQUIRIES_PER_SENDER);
    const [delivered] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(inquiries)
      .where(and(like(inquiries.senderEmail, `${local}+%@${domain}`), eq(inquiries.status, "NEW")));
    expect(delivered!.n).toBe(INQUIRIES_PER_SENDER);
  });

  it("delivers exactly 1 of 5 messages from one mailbox to one provider confirmed at the same moment", raceTest, async () => {
    const db = getDb();
    const target = await makeProvider(db);
    const [local, domain] = freshEmail().split("@");
    const pending = [];
    for (let i = 0; i < 5; i++) pending.push(await submitFrom(`192.0.2.${100 + i}`, target, `${local}+${i}@${domain}`));
    const statuses = (await Promise.all(pending.map(({ token }) => verify(token)))).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 429, 429, 429, 429]);
  });
});
