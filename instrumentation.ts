// Next.js start-up hook: runs once per server process before it handles requests.

export async function register(): Promise<void> {
  // The Edge runtime has no database driver or timers to run; everything below is Node-only and
  // imported here so it never lands in an Edge bundle.
  if (process.env.NEXT_RUNTIME !== "nodejs") return;

  const [{ databaseReady }, { env }, { log }, { startEmailDispatcher }] = await Promise.all([
    import("@/db"),
    import("@/lib/env"),
    import("@/lib/log"),
    import("@/lib/email/start-dispatcher"),
  ]);

  const e = env();
  try {
    await databaseReady();
  } catch (error) {
    log.error("startup.database_failed", { database: describeDatabase(e.DATABASE_URL, e.PGLITE_DATA_DIR), error });
    throw error;
  }
  log.info("startup.database", describeDatabase(e.DATABASE_URL, e.PGLITE_DATA_DIR));
  log.info("startup.email_transport", { transport: e.emailTransport, from: e.EMAIL_FROM });

  if (e.emailTransport === "mailbox" && e.NODE_ENV === "production") {
    log.warn("startup.MAILBOX_TRANSPORT_IN_PRODUCTION", {
      message:
        "WARNING: the local mailbox email transport is active in a production build. Emails are NOT delivered; " +
        "they are readable by anyone at GET /api/dev/mailbox and /dev/mailbox, including every verification link. " +
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
