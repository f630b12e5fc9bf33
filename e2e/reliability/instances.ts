// Family "several instances": two production servers on one Postgres database. The per-email limit
// stays exact when one address submits through both at once, and with both email dispatchers
// running against a Resend stand-in, no email is delivered twice (counted per Idempotency-Key,
// which is the outbox id) and none is lost.
import { startStubServer } from "@/test/support/stub-server";
import {
  connect,
  createFreshDatabase,
  secondsUntil,
  serverEnv,
  startServer,
  statusOf,
  submitInterest,
  type RunningServer,
  type ThrowawayPostgres,
} from "./production-harness";
import { describe, type Check } from "./report";

const SAME_EMAIL_SUBMISSIONS = 20;
const OTHER_SUBMISSIONS = 60;
const LIMIT = 3;

export interface InstancesFigures {
  instances: number;
  sameEmailSubmissions: number;
  created201: number;
  limited429: number;
  limit: number;
  otherSubmissions: number;
  outboxRows: number;
  delivered: number;
  sentTwice: number;
  undelivered: number;
  sentByInstance: number[];
}

export async function runInstances(cluster: ThrowawayPostgres, ports: [number, number], check: Check): Promise<InstancesFigures> {
  const url = await createFreshDatabase(cluster, "rel_instances");
  const resend = await startStubServer(async () => {
    // A little latency, so both dispatchers are busy at the same time.
    await new Promise((resolve) => setTimeout(resolve, 20));
    return { status: 200, json: { id: `re_${crypto.randomUUID()}` } };
  });
  const servers: RunningServer[] = [];
  try {
    for (const port of ports) {
      const env = serverEnv(port, {
        DATABASE_URL: url,
        EMAIL_TRANSPORT: "resend",
        RESEND_API_KEY: "re_reliability_stand_in",
        RESEND_BASE_URL: resend.url,
        EMAIL_DISPATCH_INTERVAL_MS: "100",
      });
      servers.push(await startServer(port, env));
    }
    for (const s of servers) {
      await secondsUntil(async () => (await statusOf(`${s.url}/api/ready`)) === 200, 30_000, "readiness");
    }

    const same = await Promise.all(
      Array.from({ length: SAME_EMAIL_SUBMISSIONS }, (_, i) =>
        submitInterest(servers[i % servers.length]!.url, "same-person@reliability.example"),
      ),
    );
    const created = same.filter((a) => a.status === 201).length;
    const limited = same.filter((a) => a.status === 429).length;
    check(`${SAME_EMAIL_SUBMISSIONS} concurrent submissions of one email across 2 instances: exactly ${LIMIT} × 201`, created === LIMIT, describe(same));
    check("the others answer 429", limited === SAME_EMAIL_SUBMISSIONS - LIMIT, describe(same));

    const others = await Promise.all(
      Array.from({ length: OTHER_SUBMISSIONS }, (_, i) =>
        submitInterest(servers[i % servers.length]!.url, `person-${i}@reliability.example`),
      ),
    );
    check(`${OTHER_SUBMISSIONS} submissions of distinct emails: all 201`, others.every((a) => a.status === 201), describe(others));

    const db = connect(url);
    const outboxRows = async () => (await db<{ id: string; sent: boolean }[]>`select id, sent_at is not null as sent from email_outbox`);
    await secondsUntil(async () => (await outboxRows()).every((r) => r.sent), 60_000, "every email sent");
    // Give a racing second dispatcher time to show itself before counting.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const rows = await outboxRows();
    await db.end();

    const perKey = new Map<string, number>();
    for (const r of resend.requests) {
      const key = String(r.headers["idempotency-key"] ?? "");
      perKey.set(key, (perKey.get(key) ?? 0) + 1);
    }
    const ids = new Set(rows.map((r) => r.id));
    const sentTwice = [...perKey.values()].filter((n) => n > 1).length;
    const undelivered = rows.filter((r) => !perKey.has(r.id)).length;
    const strangers = [...perKey.keys()].filter((k) => !ids.has(k)).length;
    check("every outbox row reached the mail service", undelivered === 0, `${undelivered} of ${rows.length}`);
    check("no email was sent twice (requests per Idempotency-Key)", sentTwice === 0, `${sentTwice}`);
    check("every request to the mail service carries an outbox id as Idempotency-Key", strangers === 0, `${strangers}`);
    const sentByInstance = servers.map((s) => (s.output().match(/"event":"email\.sent"/g) ?? []).length);
    check("the instances' logs count each email once", sentByInstance.reduce((a, b) => a + b, 0) === rows.length, JSON.stringify(sentByInstance));

    return {
      instances: servers.length,
      sameEmailSubmissions: SAME_EMAIL_SUBMISSIONS,
      created201: created,
      limited429: limited,
      limit: LIMIT,
      otherSubmissions: OTHER_SUBMISSIONS,
      outboxRows: rows.length,
      delivered: perKey.size,
      sentTwice,
      undelivered,
      sentByInstance,
    };
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await resend.close();
  }
}
