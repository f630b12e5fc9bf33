// The Node.js half of instrumentation.ts: imported only when NEXT_RUNTIME is "nodejs", so the Edge
// compilation of instrumentation.ts never sees the database driver, the server hooks or the timers
// below (docs/decisions/nextjs-seams.md "Instrumentation: the Node.js half in a file of its own").
import type { Instrumentation } from "next";
import type { Env } from "@/lib/config/env";

export async function registerNodeServer(): Promise<void> {
  // First, before anything that waits: from here on every request passes the guard (client address,
  // methods, body sizes, cross-site actions, content security policy; lib/http/request-guard.ts).
  const { installRequestGuard } = await import("@/lib/http/request-guard");
  installRequestGuard({ development: process.env.NODE_ENV !== "production" });

  const [{ databaseReady, databaseSchemaStatus }, { env }, { log }, { registerListingVersionHook }] = await Promise.all([
    import("@/db"),
    import("@/lib/config/env"),
    import("@/lib/config/log"),
    import("@/lib/listing-cache/listing-version-hook"),
  ]);
  registerListingVersionHook();

  // Fail fast: a production start without its configuration stops here, one line naming each variable,
  // rather than running on development defaults (lib/config/env.ts).
  let e: Env;
  try {
    e = env();
  } catch (error) {
    const { EnvError } = await import("@/lib/config/env");
    process.stderr.write(`${error instanceof EnvError ? error.oneLine() : String(error)}\n`);
    process.exit(1);
  }
  // Around the guard (installed after it, so it runs first): each request's id for every log line
  // it writes, its measurement, the keep-alive timeouts; then the drain on SIGTERM (server-hooks.ts).
  await installServerObservability(e);

  try {
    await databaseReady();
    log.info("startup.database", describeDatabase(e.DATABASE_URL, e.PGLITE_DATA_DIR));
    // With MIGRATE_ON_START=false nobody here migrates: say at once when the release step has not,
    // rather than only through /api/ready's 503 (the check is the one readiness makes).
    const schema = await databaseSchemaStatus();
    if (schema.state !== "current") {
      const { BUILD_MIGRATION } = await import("@/db/schema-version");
      log.error("startup.schema_not_current", {
        ...schema,
        buildMigration: BUILD_MIGRATION.tag,
        message: "The database schema is not at this build's migration: /api/ready answers 503 until the migrations are applied (db:migrate, node migrate.mjs).",
      });
    }
  } catch (error) {
    // Start anyway. A throw here makes Next answer every request, /api/health included, with a bare
    // 500 for the life of the process, even after the database is back. Up without a database,
    // liveness answers 200, readiness and every database route 503 problem+json, and the first
    // request after the database returns runs the migrations (db/index.ts tries them again).
    log.error("startup.database_failed", { database: describeDatabase(e.DATABASE_URL, e.PGLITE_DATA_DIR), error });
  }
  log.info("startup.email_transport", { transport: e.emailTransport, from: e.EMAIL_FROM });

  if (e.emailTransport === "mailbox" && e.NODE_ENV === "production") {
    log.warn("startup.MAILBOX_TRANSPORT_IN_PRODUCTION", {
      message:
        "WARNING: the local mailbox email transport is active in a production build. Emails are NOT delivered. " +
        (e.MAILBOX_SECRET
          ? "Anyone who holds MAILBOX_SECRET can read them at GET /api/dev/mailbox and /dev/mailbox, one address at a " +
            "time, sign-in and verification links included. "
          : "MAILBOX_SECRET is not set, so nobody can read them: /api/dev/mailbox and /dev/mailbox answer 404. ") +
        "Use this only for tests and demos; set RESEND_API_KEY (and EMAIL_TRANSPORT=resend) for real delivery.",
    });
  }
  if (e.emailTransport === "disabled") {
    log.error("startup.email_disabled", {
      message:
        "No email transport: production without RESEND_API_KEY or EMAIL_TRANSPORT. Emails stay queued in " +
        "email_outbox and are sent once a transport is configured.",
    });
  }
  if (!e.TURNSTILE_SECRET_KEY) {
    log.info("startup.captcha_off", { message: "CAPTCHA is off: TURNSTILE_SECRET_KEY is not set" });
  }

  await startBackgroundServices();
}

/** Work this process does beside serving requests: started in order, stopped together. */
interface BackgroundService {
  name: string;
  start: () => void;
  /** No new work from now on; resolves when the work in progress has finished. */
  stop: () => Promise<void>;
}

async function backgroundServices(): Promise<BackgroundService[]> {
  const [email, maintenance, webhooks, exports, analytics] = await Promise.all([
    import("@/lib/email/start-dispatcher"),
    import("@/lib/maintenance/start-maintenance"),
    import("@/lib/webhooks/start-webhook-dispatcher"),
    import("@/lib/maintenance/start-export-builder"),
    import("@/lib/analytics/start-analytics-flush"),
  ]);
  return [
    { name: "email-dispatcher", start: email.startEmailDispatcher, stop: email.stopEmailDispatcher },
    // Only with WEBHOOK_ENCRYPTION_KEY: without it the start says webhooks are off and claims nothing.
    { name: "webhook-dispatcher", start: webhooks.startWebhookDispatcher, stop: webhooks.stopWebhookDispatcher },
    // Every periodic job (retention, inquiry reminders, freshness, ranking…), each under its own lock.
    { name: "maintenance", start: maintenance.startMaintenanceSchedule, stop: maintenance.stopMaintenanceSchedule },
    // Requested provider exports, built as soon as they are asked for (kicked by the request).
    { name: "export-builder", start: exports.startExportBuilder, stop: exports.stopExportBuilder },
    // The beacon's in-memory counts, written every 10 s and once more on shutdown (lib/analytics/).
    { name: "analytics-flush", start: analytics.startAnalyticsFlush, stop: analytics.stopAnalyticsFlush },
  ];
}

/**
 * Starts the services, and stops them all on SIGTERM/SIGINT. The server drains meanwhile (readiness
 * 503 for SHUTDOWN_DRAIN_MS), then Next.js stops accepting connections, lets the requests in flight
 * finish, and exits. From the signal on no service claims new work; a run already going finishes if
 * it can, and any email it leaves claimed is retried after its lease, under the same idempotency key,
 * by whichever instance runs next.
 */
async function startBackgroundServices(): Promise<void> {
  const { log } = await import("@/lib/config/log");
  const services = await backgroundServices();
  for (const service of services) service.start();
  const stopServices = (signal: NodeJS.Signals) => {
    for (const service of services) {
      service.stop().then(
        () => log.info("shutdown.service_stopped", { signal, service: service.name }),
        (error: unknown) => log.error("shutdown.service_stop_failed", { signal, service: service.name, error }),
      );
    }
  };
  process.once("SIGTERM", stopServices);
  process.once("SIGINT", stopServices);
}

/**
 * Next.js calls onRequestError (instrumentation.ts) for an error it caught while rendering a page,
 * running a route handler or a server action. Its own report is a plain console line; this one is a
 * line of our log, carrying the request's id like every line written while serving a request, so the
 * id a person quotes from an error page's X-Request-Id finds it. (The path is redacted like every
 * line: no token in it.)
 */
export const reportRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  const { log } = await import("@/lib/config/log");
  log.error("request.error", {
    method: request.method,
    path: request.path,
    route: context.routePath,
    routeType: context.routeType,
    renderSource: context.renderSource,
    error,
  });
};

async function installServerObservability(e: Env): Promise<void> {
  const [{ installGracefulShutdown, installServerHooks }, { recordHttpRequest }, { log }, { metrics }] = await Promise.all([
    import("@/lib/http/server-hooks"),
    import("@/lib/metrics/http-metrics"),
    import("@/lib/config/log"),
    import("@/lib/metrics/registry"),
  ]);
  // The registry's default collectors start timers and observers: made here, outside any request, they
  // carry no request's async context (made lazily by the first request, they would keep it forever).
  metrics();
  installServerHooks({ keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS, onRequestDone: recordHttpRequest });
  // Only a production server drains: `next dev` stops at once on Ctrl-C.
  if (e.NODE_ENV === "production") {
    installGracefulShutdown({
      drainDelayMs: e.SHUTDOWN_DRAIN_MS,
      onDrainStart: (signal, handlersTakenOver) =>
        log.info("shutdown.draining", { signal, drainDelayMs: e.SHUTDOWN_DRAIN_MS, handlersTakenOver }),
    });
  }
  if (e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? e.OTEL_EXPORTER_OTLP_ENDPOINT) {
    // Traces only when an OTLP endpoint is set; spans are redacted on their way out (lib/tracing/).
    const { registerTracing } = await import("@/lib/tracing/register-tracing");
    const tracing = registerTracing(e);
    if (tracing) log.info("startup.tracing", { endpoint: tracing.url, protocol: tracing.protocol, serviceName: e.OTEL_SERVICE_NAME });
  }
}

/** Where the data lives, for the start-up log: never the password or query options of the URL. */
function describeDatabase(url: string | undefined, pgliteDataDir: string): Record<string, unknown> {
  if (!url) return { kind: "pglite", dataDir: pgliteDataDir };
  try {
    const u = new URL(url);
    return {
      kind: "postgres",
      host: u.hostname,
      port: u.port || "5432",
      database: decodeURIComponent(u.pathname.replace(/^\//, "")) || undefined,
      user: decodeURIComponent(u.username) || undefined,
    };
  } catch {
    return { kind: "postgres", host: "(unparseable DATABASE_URL)" };
  }
}
