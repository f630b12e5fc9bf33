import { sql } from "drizzle-orm";
import client from "prom-client";
import { executeRows, type Db, type PoolUsage } from "@/db/client";

// Gauges read from the database at scrape time: the email outbox (shared by every instance, so each
// instance reports the same figures; aggregate with max, not sum) and this application's connections
// to its database. They live in a registry of their own (metrics-text.ts), so a scrape while the
// database is down still answers the process's own metrics. This instance's pool gauges need no
// query and stand in the process registry.

export interface OutboxFigures {
  queued: number;
  failed: number;
  dead: number;
  sent: number;
  oldestDueSeconds: number;
}

/**
 * The outbox by state: queued (never tried), failed (tried, will be retried), dead (given up:
 * failed_at set), sent; and how long the oldest email due for sending has been waiting (0: none due).
 */
export async function readOutboxFigures(db: Db): Promise<OutboxFigures> {
  const [row] = await executeRows<Record<keyof OutboxFigures, number>>(db, sql`
    select
      count(*) filter (where sent_at is null and failed_at is null and attempts = 0)::int as "queued",
      count(*) filter (where sent_at is null and failed_at is null and attempts > 0)::int as "failed",
      count(*) filter (where failed_at is not null)::int as "dead",
      count(*) filter (where sent_at is not null)::int as "sent",
      coalesce(extract(epoch from now() - min(next_attempt_at) filter (
        where sent_at is null and failed_at is null and next_attempt_at <= now())), 0)::float8 as "oldestDueSeconds"
    from email_outbox`);
  return {
    queued: Number(row?.queued ?? 0),
    failed: Number(row?.failed ?? 0),
    dead: Number(row?.dead ?? 0),
    sent: Number(row?.sent ?? 0),
    oldestDueSeconds: Number(row?.oldestDueSeconds ?? 0),
  };
}

/**
 * This application's connections to its database, by state, all instances together: the connections
 * to this database (pg_stat_activity covers every database of the server) whose application_name is
 * the pool's (`provider-registry`). Postgres only.
 */
async function readConnections(db: Db): Promise<{ state: string; count: number }[]> {
  return executeRows<{ state: string; count: number }>(db, sql`
    select coalesce(state, 'unknown') as state, count(*)::int as count
    from pg_stat_activity
    where datname = current_database() and application_name = current_setting('application_name')
    group by 1`);
}

export interface DatabaseGaugeSources {
  db: () => Promise<Db>;
  kind: () => "pglite" | "postgres";
}

export function registerDatabaseGauges(registry: client.Registry, sources: DatabaseGaugeSources): void {
  // Both outbox gauges come from one query per scrape: the registry collects every metric at once, so
  // the second collect() finds the first one's reading under way and shares it.
  let reading: Promise<OutboxFigures> | null = null;
  const outboxFigures = () => {
    reading ??= sources
      .db()
      .then(readOutboxFigures)
      .finally(() => {
        reading = null;
      });
    return reading;
  };
  new client.Gauge({
    name: "email_outbox_emails",
    help: "Emails in the outbox by state: queued (never tried), failed (will be retried), dead (given up), sent (kept until purged)",
    labelNames: ["state"],
    registers: [registry],
    async collect() {
      const figures = await outboxFigures();
      for (const state of ["queued", "failed", "dead", "sent"] as const) this.set({ state }, figures[state]);
    },
  });
  new client.Gauge({
    name: "email_outbox_oldest_due_seconds",
    help: "How long the oldest email due for sending has waited (0 when none is due)",
    registers: [registry],
    async collect() {
      this.set((await outboxFigures()).oldestDueSeconds);
    },
  });
  new client.Gauge({
    name: "db_connections",
    help: "Connections to this database named like this application's pool (application_name), by state (active: in use, idle: open in a pool), all instances together",
    labelNames: ["state"],
    registers: [registry],
    async collect() {
      this.reset();
      if (sources.kind() !== "postgres") return;
      for (const { state, count } of await readConnections(await sources.db())) this.set({ state }, count);
    },
  });
}

/**
 * This instance's pool, from what it asks of it (db/client.ts counts every statement and transaction
 * handed to it): postgres.js publishes no pool statistics. A claim runs on a connection of its own,
 * so in use is min(in flight, max) and waiting is whatever is in flight beyond max.
 */
export function registerPoolGauges(registry: client.Registry, poolUsage: () => PoolUsage | undefined): void {
  const gauge = (name: string, help: string, value: (usage: PoolUsage) => number) =>
    new client.Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        const usage = poolUsage();
        this.set(usage ? value(usage) : 0);
      },
    });
  gauge("db_pool_max_connections", "The most connections this instance's pool opens (DB_POOL_MAX; 1 for the embedded database)", (u) => u.max);
  gauge(
    "db_pool_queries_in_flight",
    "Statements and transactions this instance has handed to its database pool and not yet seen finish",
    (u) => u.inFlight,
  );
  gauge("db_pool_connections_in_use", "Connections of this instance's pool running a statement or holding a transaction", (u) =>
    Math.min(u.inFlight, u.max),
  );
  gauge("db_pool_queries_waiting", "Statements and transactions of this instance waiting for a free connection of its pool", (u) =>
    Math.max(0, u.inFlight - u.max),
  );
}
