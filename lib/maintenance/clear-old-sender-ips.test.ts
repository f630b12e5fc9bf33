import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { inquiries, type Inquiry, type Provider } from "@/db/schema";
import { makeInquiry, makeProvider } from "@/test/support/factories";
import { clearOldSenderIps, SENDER_IP_RETENTION_DAYS } from "./clear-old-sender-ips";
import { purgeExpiredRows } from "./purge-expired-rows";
import { runMaintenance } from "./run-maintenance";

const ago = (interval: string) => sql`now() - ${interval}::interval`;
const batches = { batchSize: 100, maxBatches: 10 };

let provider: Provider;
beforeEach(async () => {
  await getDb().delete(inquiries);
  provider ??= await makeProvider(getDb(), { slug: "sender-ip-provider" });
});

/** An inquiry sent from `ip`, created `age` ago (an SQL interval). */
async function inquiryAged(age: string, ip: string | null, status: Inquiry["status"] = "NEW"): Promise<Inquiry> {
  const row = await makeInquiry(getDb(), { providerId: provider.id, senderIp: ip, status });
  await getDb().update(inquiries).set({ createdAt: ago(age) }).where(eq(inquiries.id, row.id));
  return (await getDb().select().from(inquiries).where(eq(inquiries.id, row.id)))[0]!;
}

async function current(row: Inquiry): Promise<Inquiry> {
  return (await getDb().select().from(inquiries).where(eq(inquiries.id, row.id)))[0]!;
}

describe(`sender IPs of inquiries: erased after ${SENDER_IP_RETENTION_DAYS} days, the inquiries kept`, () => {
  it("erases the IP of an inquiry created 30 days ago and keeps it one minute short of that", async () => {
    expect(SENDER_IP_RETENTION_DAYS).toBe(30);
    const justInside = await inquiryAged("30 days - 1 minute", "203.0.113.29");
    const atTheLimit = await inquiryAged("30 days", "203.0.113.30");
    const longPast = await inquiryAged("31 days", "203.0.113.31");
    const recent = await inquiryAged("1 day", "2001:db8::1");

    expect(await clearOldSenderIps(getDb(), batches)).toEqual({ deleted: 2, more: false });
    expect((await current(justInside)).senderIp).toBe("203.0.113.29");
    expect((await current(recent)).senderIp).toBe("2001:db8::1");
    expect((await current(atTheLimit)).senderIp).toBeNull();
    expect((await current(longPast)).senderIp).toBeNull();
  });

  it("counts an inquiry exactly 30 days old as past the retention (one transaction, so one now())", async () => {
    const row = await makeInquiry(getDb(), { providerId: provider.id, senderIp: "203.0.113.1" });
    const cleared = await getDb().transaction(async (tx) => {
      await tx.update(inquiries).set({ createdAt: ago("30 days") }).where(eq(inquiries.id, row.id));
      return clearOldSenderIps(tx, batches);
    });
    expect(cleared).toEqual({ deleted: 1, more: false });
    expect((await current(row)).senderIp).toBeNull();
  });

  it("changes nothing else of the inquiry, whatever its status", async () => {
    for (const status of ["NEW", "REPLIED", "ARCHIVED", "SPAM", "AWAITING_VERIFICATION"] as const) {
      const before = await inquiryAged("45 days", "198.51.100.7", status);
      await clearOldSenderIps(getDb(), batches);
      expect(await current(before), status).toEqual({ ...before, senderIp: null });
    }
  });

  it("goes in bounded batches, says when more is left, and a second run finishes", async () => {
    for (let i = 0; i < 5; i++) await inquiryAged(`${40 + i} days`, `192.0.2.${i + 1}`);
    expect(await clearOldSenderIps(getDb(), { batchSize: 2, maxBatches: 2 })).toEqual({ deleted: 4, more: true });
    expect(await clearOldSenderIps(getDb(), { batchSize: 2, maxBatches: 2 })).toEqual({ deleted: 1, more: false });
    const left = await getDb().select({ ip: inquiries.senderIp }).from(inquiries);
    expect(left).toEqual(Array.from({ length: 5 }, () => ({ ip: null })));
  });

  it("is part of the retention purge the app schedules and the CLI runs", async () => {
    const old = await inquiryAged("60 days", "203.0.113.60");
    const kept = await inquiryAged("2 days", "203.0.113.2");
    expect((await purgeExpiredRows(getDb(), { sentEmailRetentionDays: 30 })).inquirySenderIps).toEqual({ deleted: 1, more: false });
    await getDb().update(inquiries).set({ senderIp: "203.0.113.61" }).where(eq(inquiries.id, old.id));
    expect(await runMaintenance(getDb(), { sentEmailRetentionDays: 30 })).toMatchObject({ ran: true, purged: { inquirySenderIps: { deleted: 1 } } });
    expect((await current(old)).senderIp).toBeNull();
    expect((await current(kept)).senderIp).toBe("203.0.113.2");
  });
});
