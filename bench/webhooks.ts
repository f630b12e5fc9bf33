// Webhooks (extensions §8): what a subscribed provider adds to a listing edit, and how fast the
// dispatcher drains a backlog to a local receiver. Seeds a database of its own, then drops it.
//
//   LOG_LEVEL=warn npx tsx bench/webhooks.ts [--url postgres://postgres@127.0.0.1:5432/postgres] [--edits 300] [--messages 500]
import { randomBytes, randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { createDatabase, executeRows, type Db } from "@/db/client";
import { webhookEndpoints } from "@/db/schema-webhooks";
import { CLI_ACTOR } from "@/lib/audit/record-audit-event";
import type { Caller } from "@/lib/auth/caller";
import { updateListing } from "@/lib/providers/update-listing";
import { dispatchDueWebhooks } from "@/lib/webhooks/dispatch-webhooks";
import { parseSecretBoxKey } from "@/lib/webhooks/secret-box";
import { generateWebhookSecret } from "@/lib/webhooks/signature";
import { sealEndpointSecret, type WebhookConfig } from "@/lib/webhooks/webhook-config";
import { writeWebhookMessage } from "@/lib/webhooks/write-webhook-message";
import { seedBulkProviders } from "@/scripts/seed/bulk";

const { values } = parseArgs({
  options: {
    url: { type: "string", default: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres" },
    edits: { type: "string", default: "300" },
    messages: { type: "string", default: "500" },
  },
  strict: true,
});
const EDITS = Number(values.edits);
const MESSAGES = Number(values.messages);
const config: WebhookConfig = {
  key: parseSecretBoxKey(randomBytes(32).toString("base64")),
  policy: { allowHttp: true, allowLoopback: true },
  proxyUrl: undefined,
};
const cli: Caller = { actor: CLI_ACTOR, via: "cli", userId: null };

async function addEndpoints(db: Db, providerId: string, count: number, url: string) {
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    await db.insert(webhookEndpoints).values({
      id,
      providerId,
      url,
      eventTypes: ["listing.updated", "listing.published", "listing.unpublished"],
      secretSealed: sealEndpointSecret(config.key, id, generateWebhookSecret()),
    });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

async function listingEdits(db: Db, plain: string, subscribed: string) {
  const times: Record<string, number[]> = { plain: [], subscribed: [] };
  // Interleaved, so the machine's load falls on both alike; the first 30 of each warm up.
  for (let i = 0; i < EDITS + 30; i++) {
    for (const [label, providerId] of [["plain", plain], ["subscribed", subscribed]] as const) {
      const started = performance.now();
      await updateListing(db, { providerId, changes: { headline: `Edited headline ${i}` }, caller: cli });
      if (i >= 30) times[label]!.push(performance.now() - started);
    }
  }
  console.log(`| listing edit (updateListing), ${EDITS} each | median | mean |`);
  console.log("|---|---:|---:|");
  console.log(`| no endpoint | ${median(times.plain!).toFixed(2)} ms | ${mean(times.plain!).toFixed(2)} ms |`);
  console.log(`| 5 subscribed endpoints | ${median(times.subscribed!).toFixed(2)} ms | ${mean(times.subscribed!).toFixed(2)} ms |`);
  console.log(`| difference | ${(median(times.subscribed!) - median(times.plain!)).toFixed(2)} ms | ${(mean(times.subscribed!) - mean(times.plain!)).toFixed(2)} ms |\n`);

  // The webhook write alone, the part of the edit that differs, timed inside an open transaction.
  const write: Record<string, number[]> = { plain: [], subscribed: [] };
  await db.transaction(async (tx) => {
    for (let i = 0; i < EDITS + 30; i++) {
      for (const [label, providerId] of [["plain", plain], ["subscribed", subscribed]] as const) {
        const started = performance.now();
        await writeWebhookMessage(tx, { providerId, event: { type: "listing.updated", data: { listing: { slug: "bench", changedFields: ["headline"] } } } });
        if (i >= 30) write[label]!.push(performance.now() - started);
      }
    }
  });
  console.log(`| writeWebhookMessage alone, ${EDITS} each | median | mean |`);
  console.log("|---|---:|---:|");
  console.log(`| no endpoint (one indexed read) | ${median(write.plain!).toFixed(3)} ms | ${mean(write.plain!).toFixed(3)} ms |`);
  console.log(`| 5 subscribed endpoints (message + 5 deliveries) | ${median(write.subscribed!).toFixed(3)} ms | ${mean(write.subscribed!).toFixed(3)} ms |\n`);
}

async function dispatchThroughput(db: Db, providerIds: string[]) {
  let received = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      received += 1;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://bench-receiver.test:${(server.address() as AddressInfo).port}/hook`;
  try {
    for (const providerId of providerIds) await addEndpoints(db, providerId, 4, url);
    for (let i = 0; i < MESSAGES; i++) {
      await writeWebhookMessage(db, { providerId: providerIds[i % providerIds.length]!, event: { type: "listing.updated", data: { listing: { slug: "bench", changedFields: ["headline"] } } } });
    }
    const [due] = await executeRows<{ n: number }>(db, sql`select count(*)::int as n from webhook_deliveries where status = 'PENDING'`);
    const started = performance.now();
    let rounds = 0;
    for (;;) {
      const result = await dispatchDueWebhooks(db, { config, resolver: async () => [{ address: "127.0.0.1", family: 4 }] });
      if (result.claimed === 0) break;
      rounds += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(`| dispatch to a local receiver (204) | deliveries | claims | time | per second |`);
    console.log("|---|---:|---:|---:|---:|");
    console.log(`| ${providerIds.length * 4} endpoints, ${MESSAGES} messages | ${due!.n} (received ${received}) | ${rounds} | ${seconds.toFixed(2)} s | ${(received / seconds).toFixed(0)} |`);
  } finally {
    server.close();
  }
}

const name = `pr_bench_webhooks_${randomBytes(3).toString("hex")}`;
const admin = postgres(values.url, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database "${name}"`);
const url = new URL(values.url);
url.pathname = `/${name}`;
const handle = createDatabase({ url: url.toString(), poolMax: 4 });
try {
  await handle.migrate();
  await seedBulkProviders(handle.db, { count: 2000 });
  await handle.db.execute(sql`vacuum analyze providers`);
  const ids = (await executeRows<{ id: string }>(handle.db, sql`select id from providers where public_profile order by slug limit 10`)).map((r) => r.id);
  const [plain, subscribed, ...rest] = ids;
  await addEndpoints(handle.db, subscribed!, 5, "https://hooks.example.com/in");
  await listingEdits(handle.db, plain!, subscribed!);
  // The edits' messages are not the throughput run's: it starts from an empty queue.
  await handle.db.execute(sql`delete from webhook_messages`);
  await dispatchThroughput(handle.db, rest);
} finally {
  await handle.close();
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end();
}
