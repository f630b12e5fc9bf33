import { z } from "zod";

// Every environment variable the server reads, validated once. Tests that change process.env call resetEnv().
const booleanish = z
  .enum(["true", "false", "1", "0"])
  .transform((v) => v === "true" || v === "1");

/**
 * Retention periods in whole days (SENT_EMAIL_RETENTION_DAYS, `maintenance:purge --sent-email-days`):
 * at least one (0 would purge every sent email and the whole local mailbox on each run), at most ten
 * years (beyond, a date arithmetic overflow in Postgres, not a policy).
 */
export const RETENTION_DAYS = { min: 1, max: 3650 } as const;
const retentionDaysMessage = `must be a whole number of days from ${RETENTION_DAYS.min} to ${RETENTION_DAYS.max}`;

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().url().optional(),
  // A production server without DATABASE_URL refuses to start unless the embedded database is chosen explicitly.
  EMBEDDED_DATABASE: booleanish.default(false),
  PGLITE_DATA_DIR: z.string().default(".data/pglite"),
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  // Postgres only: a query running longer is cancelled by the server (0: no limit).
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
  // Postgres only: a pooler in transaction mode between the app and the server (PgBouncer): no
  // start-up parameters but application_name, the statement timeout kept by the client (docs/operations.md "Poolers").
  DB_POOLER: z.enum(["none", "transaction"]).default("none"),
  // Postgres only: named prepared statements; unset: on without a pooler, off behind one (PgBouncer
  // carries them only from 1.21 with max_prepared_statements set).
  DB_PREPARE: booleanish.optional(),
  // Whether a starting server applies pending migrations itself; false when a release step runs
  // `db:migrate` with the owner role and the app's role may not change the schema (docs/operations.md).
  MIGRATE_ON_START: booleanish.default(true),
  // Postgres only: how long `db:migrate` (or a starting instance) waits for another's migration lock.
  MIGRATION_LOCK_TIMEOUT_MS: z.coerce.number().int().min(0).default(60_000),
  // Unset outside production: http://localhost:<PORT>, the address `npm run dev` listens on (see loadEnv).
  APP_URL: z.string().url().optional(),
  // Where the server listens: the standalone server.js reads it; `next dev` and `next start` set it to
  // the port they listen on (`-p`, or the next free one) before any app code runs.
  PORT: z.coerce.number().int().min(1).max(65_535).optional(),
  EMAIL_TRANSPORT: z.enum(["mailbox", "resend"]).optional(),
  RESEND_API_KEY: z.string().min(1).optional(),
  EMAIL_FROM: z.string().min(3).default("Provider Registry <no-reply@provider-registry.local>"),
  EMAIL_DISPATCH_INTERVAL_MS: z.coerce.number().int().min(0).default(2000),
  TURNSTILE_SECRET_KEY: z.string().min(1).optional(),
  NEXT_PUBLIC_TURNSTILE_SITE_KEY: z.string().min(1).optional(),
  TURNSTILE_VERIFY_URL: z
    .string()
    .url()
    .default("https://challenges.cloudflare.com/turnstile/v0/siteverify"),
  AUTH_SECRET: z.string().min(1).optional(),
  ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((s) =>
      s
        .split(",")
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  INTEREST_IP_LIMIT: z.coerce.number().int().min(0).default(20),
  INQUIRY_IP_LIMIT: z.coerce.number().int().min(0).default(20),
  // Reports of outdated information per client IP per hour (extensions §6); 0 turns it off.
  REPORT_IP_LIMIT: z.coerce.number().int().min(0).default(10),
  // Visitors' access and erasure requests per client IP per hour (extensions §9); 0 turns it off.
  PRIVACY_IP_LIMIT: z.coerce.number().int().min(0).default(10),
  // Webhooks (extensions §8). The key seals endpoint secrets at rest (32 bytes, base64; lib/webhooks/
  // secret-box.ts checks its shape): without it the webhook routes answer 503 and the dispatcher stays off.
  WEBHOOK_ENCRYPTION_KEY: z.string().min(1).optional(),
  // Every delivery goes through this egress proxy (an HTTP CONNECT proxy) when set.
  WEBHOOK_PROXY_URL: z.string().url().optional(),
  // Outside production only: endpoints may use plain http: (still public addresses only).
  WEBHOOK_ALLOW_HTTP: booleanish.default(false),
  // For tests and local development: http: and loopback targets (127.0.0.0/8, ::1), never any other
  // private range. The start-up log warns loudly when it is on (a production server too: the browser
  // tests run the production build against a receiver on this machine).
  WEBHOOK_ALLOW_LOOPBACK: booleanish.default(false),
  // Sign-in links per mailbox and client per hour, and per client per hour (0: no per-client limit).
  SIGN_IN_EMAIL_LIMIT: z.coerce.number().int().min(1).default(5),
  SIGN_IN_IP_LIMIT: z.coerce.number().int().min(0).default(20),
  TRUSTED_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"]).default("info"),
  // One JSON line per request (`http.access`): method, path (redacted), status, duration, request id.
  ACCESS_LOG: booleanish.default(false),
  START_EMAIL_DISPATCHER: booleanish.default(true),
  // Required to read the local mailbox when set; a production build without it keeps the mailbox closed.
  MAILBOX_SECRET: z.string().min(16, { error: "MAILBOX_SECRET must be at least 16 characters" }).optional(),
  // After SIGTERM, /api/ready answers 503 for this long before the listener closes (balancers notice).
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(5_000),
  // Above a typical balancer's idle timeout (AWS ALB: 60 s), so the balancer, not the app, closes idle connections.
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1_000).default(65_000),
  // Bearer token for GET /api/metrics; without it the endpoint answers 404.
  METRICS_TOKEN: z.string().min(16, { error: "METRICS_TOKEN must be at least 16 characters" }).optional(),
  // OpenTelemetry traces are exported only when an OTLP endpoint is set (the standard variables).
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.string().url().optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default("provider-registry"),
  // How traces travel: OTLP over HTTP, protobuf (the default) or JSON; gRPC is not supported.
  OTEL_EXPORTER_OTLP_PROTOCOL: z.enum(["http/protobuf", "http/json"]).optional(),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: z.enum(["http/protobuf", "http/json"]).optional(),
  // Headers sent with each export, `name=value,name=value` (URL-encoded values), e.g. a backend's API key.
  OTEL_EXPORTER_OTLP_HEADERS: z.string().optional(),
  OTEL_EXPORTER_OTLP_TRACES_HEADERS: z.string().optional(),
  // Retention: the app purges expired rows this often (0: never; the CLI's maintenance:purge still works).
  MAINTENANCE_INTERVAL_MS: z.coerce.number().int().min(0).default(3_600_000),
  // Sent emails (and the local mailbox's copies) are kept this many days, then purged.
  SENT_EMAIL_RETENTION_DAYS: z.coerce
    .number({ error: retentionDaysMessage })
    .int({ error: retentionDaysMessage })
    .min(RETENTION_DAYS.min, { error: retentionDaysMessage })
    .max(RETENTION_DAYS.max, { error: retentionDaysMessage })
    .default(30),
  // Set by Next.js: which process reads the environment (see productionServerProblems).
  NEXT_RUNTIME: z.string().optional(),
  NEXT_PHASE: z.string().optional(),
});

/** A production server (`next start`, standalone server.js): not the build, the CLI or the tests. */
function isProductionServer(e: { NODE_ENV: string; NEXT_RUNTIME?: string; NEXT_PHASE?: string }): boolean {
  return e.NODE_ENV === "production" && e.NEXT_RUNTIME === "nodejs" && e.NEXT_PHASE !== "phase-production-build";
}

/**
 * What a production server needs and has no safe default for. The development defaults (an embedded
 * database in .data/, a fixed auth secret, links to localhost) would quietly run a broken service.
 */
const validatedEnvSchema = envSchema.superRefine((e, ctx) => {
  if (!isProductionServer(e)) return;
  if (!e.DATABASE_URL && !e.EMBEDDED_DATABASE) {
    ctx.addIssue({
      code: "custom",
      path: ["DATABASE_URL"],
      message: "DATABASE_URL is required in production (or EMBEDDED_DATABASE=1 to run on the embedded database)",
    });
  }
  if (!e.AUTH_SECRET) ctx.addIssue({ code: "custom", path: ["AUTH_SECRET"], message: "AUTH_SECRET is required in production" });
  if (!e.APP_URL) ctx.addIssue({ code: "custom", path: ["APP_URL"], message: "APP_URL is required in production" });
  // Loopback stays allowed (the browser tests run the production build against a local receiver); the
  // start-up log warns loudly when it is on.
  if (e.WEBHOOK_ALLOW_HTTP) {
    ctx.addIssue({ code: "custom", path: ["WEBHOOK_ALLOW_HTTP"], message: "WEBHOOK_ALLOW_HTTP is for tests and local development; a production server refuses it" });
  }
});

export type Env = Omit<z.infer<typeof envSchema>, "APP_URL"> & {
  APP_URL: string;
  /** The email transport in force: an explicit choice, else Resend with a key, else the mailbox outside production. */
  emailTransport: "mailbox" | "resend" | "disabled";
};

let cached: Env | undefined;

// Next.js writes "nodejs" in place of this expression in its server bundles. `next start` also sets
// NEXT_RUNTIME in the environment; the standalone server.js does not, so the bundle's word counts too.
// Outside a bundle (tests, the CLI) it is the environment's, normally unset.
const BUNDLED_RUNTIME = process.env.NEXT_RUNTIME;

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // Empty strings in .env files mean "unset".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ""));
  cleaned.NEXT_RUNTIME ??= BUNDLED_RUNTIME;
  const parsed = validatedEnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new EnvError(
      parsed.error.issues.map((i) => {
        const name = i.path.join(".");
        return i.message.startsWith(name) ? i.message : `${name}: ${i.message}`;
      }),
    );
  }
  const e = parsed.data;
  const emailTransport =
    e.EMAIL_TRANSPORT ?? (e.RESEND_API_KEY ? "resend" : e.NODE_ENV === "production" ? "disabled" : "mailbox");
  // Outside production, links in emails and sign-in redirects point at the port this server listens on,
  // so `npm run dev -- -p 4000` mails working links (a production server refuses to start without APP_URL).
  return { ...e, APP_URL: e.APP_URL ?? `http://localhost:${e.PORT ?? 3000}`, emailTransport };
}

/** The environment is invalid: one problem per variable, each naming it. */
export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment configuration:\n${problems.map((p) => `  ${p}`).join("\n")}`);
    this.name = "EnvError";
  }

  /** One line for a refusing server's last words. */
  oneLine(): string {
    return `Refusing to start: ${this.problems.join("; ")}`;
  }
}

export function env(): Env {
  cached ??= loadEnv();
  return cached;
}

export function resetEnv(): void {
  cached = undefined;
}
