// Next.js start-up hook: runs once per server process before it handles requests.

export async function register(): Promise<void> {
  // The Edge runtime has no database driver or timers to run; everything below is Node-only and
  // imported here so it never lands in an Edge bundle.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;

  // First, before anything that waits: from here on every request passes the guard (client address,
  // methods, body sizes, cross-site actions, content security policy; lib/http/request-guard.ts).
  const { installRequestGuard } = await import("@/lib/http/request-guard");
  installRequestGuard({ development: process.env.NODE_ENV !== "production" });

  const [{ databaseReady }, { env }, { log }, { startEmailDispatcher, stopEmailDispatcher }, { registerListingVersionHook }] =
    await Promise.all([
      import("@/db"),
      import("@/lib/env"),
      import("@/lib/log"),
      import("@/lib/email/start-dispatcher"),
      import("@/lib/page-cache/listing-version-hook"),
    ]);
  registerListingVersionHook();

  const e = env();
  try {
    await databaseReady();
    log.info("startup.database", describeDatabase(e.DATABASE_URL, e.PGLITE_DATA_DIR));
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

  startEmailDispatcher();

  // `next start` answers SIGTERM/SIGINT itself: it stops accepting connections, lets the requests in
  // flight finish, then exits. The dispatcher must not claim new emails meanwhile; a run already
  // sending finishes if it can, and anything it leaves claimed is retried after its lease, under the
  // same idempotency key, by whichever instance runs next.
  const stopDispatcher = (signal: NodeJS.Signals) => {
    void stopEmailDispatcher().then(
      () => log.info("shutdown.email_dispatcher_stopped", { signal }),
      (error: unknown) => log.error("shutdown.email_dispatcher_failed", { signal, error }),
    );
  };
  process.once("SIGTERM", stopDispatcher);
  process.once("SIGINT", stopDispatcher);
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
