// Family "tracing" (issue 25, point 7): a production server exporting its traces over OTLP/HTTP
// (protobuf, the default) to a local stand-in backend that keeps every byte it receives. Requests carry
// what must never reach a tracing backend in clear: a verification token, a sign-in token, an email
// address, MAILBOX_SECRET. None may appear in any export; the addresses must arrive redacted; a log
// line written while serving a request carries the trace id its spans were exported under; database
// statements are spans.
import { startOtlpStandIn } from "@/test/support/otlp-stand-in";
import {
  createFreshDatabase,
  MAILBOX_SECRET,
  request,
  secondsUntil,
  serverEnv,
  startServer,
  statusOf,
  submitInterest,
  type RunningServer,
  type ThrowawayPostgres,
} from "./production-harness";
import type { Check } from "./report";

export interface TracingFigures {
  exports: number;
  exportedBytes: number;
  secretsSearched: number;
  secretsFound: number;
  secondsUntilTraceExported: number;
}

interface LogLine {
  event?: string;
  requestId?: string;
  traceId?: string;
  spanId?: string;
  [field: string]: unknown;
}

function logLines(server: RunningServer): LogLine[] {
  return server
    .output()
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .flatMap((l) => {
      try {
        return [JSON.parse(l) as LogLine];
      } catch {
        return [];
      }
    });
}

const random = (n: number) => Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => "abcdefghijklmnopqrstuvwxyz0123456789"[b % 36]).join("");

export async function runTracing(cluster: ThrowawayPostgres, port: number, check: Check): Promise<TracingFigures> {
  const url = await createFreshDatabase(cluster, "rel_tracing");
  const backend = await startOtlpStandIn();
  const email = `trace.person.${random(6)}@reliability.example`;
  const signInToken = `SignIn${random(37)}`;
  const strayToken = `Stray${random(30)}`;
  const mailboxRequestId = `reliability-trace-mailbox-${process.pid}`;
  let server: RunningServer | undefined;
  try {
    server = await startServer(
      port,
      serverEnv(port, {
        DATABASE_URL: url,
        OTEL_EXPORTER_OTLP_ENDPOINT: backend.url,
        // Spans leave in batches: every 200 ms here rather than OpenTelemetry's 5 s.
        OTEL_BSP_SCHEDULE_DELAY: "200",
        // The API's per-request line ("request", with its address) is a debug line.
        LOG_LEVEL: "debug",
      }),
    );
    const base = server.url;
    await secondsUntil(async () => (await statusOf(`${base}/api/ready`)) === 200, 30_000, "readiness");
    check("the server says at start-up that it exports traces", logLines(server).some((l) => l.event === "startup.tracing"), "no startup.tracing line");

    // A real verification token: apply, then read the email from the local mailbox, with the secret
    // and the address in the query string, as a browser would.
    const applied = await submitInterest(base, email);
    const mailboxUrl = `${base}/api/dev/mailbox?to=${encodeURIComponent(email)}&secret=${encodeURIComponent(MAILBOX_SECRET)}`;
    let token: string | null = null;
    await secondsUntil(
      async () => {
        const mailbox = await request(mailboxUrl, { headers: { "x-request-id": mailboxRequestId } });
        const links = ((mailbox.body as { links?: string[] }[] | null) ?? []).flatMap((m) => m.links ?? []);
        token = links.map((l) => new URL(l).searchParams.get("token")).find(Boolean) ?? null;
        return token !== null;
      },
      15_000,
      "the verification email",
    );
    const verifyToken = token as unknown as string;
    const answers = [
      applied.status,
      (await request(`${base}/verify?token=${verifyToken}`)).status,
      (await request(`${base}/api/public/studio/providers/verify?token=${verifyToken}`, { method: "POST" })).status,
      (await request(`${base}/signin/confirm?callbackUrl=%2Fstudio&token=${signInToken}&email=${encodeURIComponent(email)}`)).status,
      (await request(`${base}/signin/check-email?email=${encodeURIComponent(email)}`)).status,
      (await request(`${base}/no-such-page?token=${strayToken}&to=${email}`)).status,
    ];
    check("the requests carrying secrets were answered (apply 201, pages 200, verify 200, unknown page 404)", JSON.stringify(answers) === "[201,200,200,200,200,404]", JSON.stringify(answers));

    // The mailbox request's API line carries a trace id; wait until that trace has been exported.
    const mailboxLine = () => logLines(server!).find((l) => l.requestId === mailboxRequestId && l.event === "request" && l.traceId);
    const started = performance.now();
    const exported = await secondsUntil(
      async () => {
        const line = mailboxLine();
        return Boolean(line && backend.received(Buffer.from(line.traceId!, "hex")) && backend.received("/no-such-page"));
      },
      20_000,
      "the mailbox request's trace at the stand-in",
    ).catch(() => null);
    // One more batch, so spans that ended last are in too.
    await new Promise((resolve) => setTimeout(resolve, 600));
    const line = mailboxLine();
    check(
      "spans reached the stand-in backend as OTLP/HTTP protobuf, at /v1/traces",
      backend.exports.length > 0 && backend.exports.every((e) => e.path === "/v1/traces" && String(e.headers["content-type"]).includes("protobuf")),
      `${backend.exports.length} exports: ${JSON.stringify(backend.exports.slice(0, 3).map((e) => [e.path, e.headers["content-type"]]))}`,
    );

    const secrets: Record<string, string> = {
      "verification token": verifyToken,
      "sign-in token": signInToken,
      "token of an unknown page's address": strayToken,
      "email address": email,
      "email address, percent-encoded": encodeURIComponent(email),
      MAILBOX_SECRET: MAILBOX_SECRET,
      "MAILBOX_SECRET, percent-encoded": encodeURIComponent(MAILBOX_SECRET),
    };
    const leaked = Object.entries(secrets).filter(([, value]) => backend.received(value)).map(([label]) => label);
    check("no token, email address or MAILBOX_SECRET reaches the tracing backend", leaked.length === 0, `found: ${leaked.join(", ")}`);

    const redactedAddresses = [
      "/verify?token=[redacted]",
      "/api/public/studio/providers/verify?token=[redacted]",
      "/api/dev/mailbox?to=[redacted]&secret=[redacted]",
      "/signin/confirm?callbackUrl=%2Fstudio&token=[redacted]&email=[redacted]",
      "/signin/check-email?email=[redacted]",
      "/no-such-page?token=[redacted]&to=[redacted]",
    ];
    const missing = redactedAddresses.filter((a) => !backend.received(a));
    check("the addresses reach it redacted, as the logs write them (the search is not vacuous)", missing.length === 0, `not found: ${missing.join(", ")}`);

    check(
      "a log line written while serving a request carries the trace id its spans were exported under",
      Boolean(line?.traceId && /^[0-9a-f]{32}$/.test(line.traceId) && line.spanId && exported !== null),
      JSON.stringify(line ?? "no line"),
    );
    check(
      "the request's spans carry its request id (request.id), the one in its log lines",
      backend.received(mailboxRequestId),
      "request id not in any export",
    );
    check(
      "database statements are spans of their requests: db.system postgresql, operation and table",
      backend.received("db.system") && backend.received("postgresql") && backend.received("INSERT interest_applications") && backend.received("db.statement"),
      "no database span seen",
    );
    const logText = server.output();
    const inLog = Object.entries(secrets).filter(([, value]) => logText.includes(value)).map(([label]) => label);
    check("the server's own log holds none of them either (the same rule)", inLog.length === 0, `found: ${inLog.join(", ")}`);

    return {
      exports: backend.exports.length,
      exportedBytes: backend.exports.reduce((n, e) => n + e.body.length, 0),
      secretsSearched: Object.keys(secrets).length,
      secretsFound: leaked.length,
      secondsUntilTraceExported: Math.round((exported ?? (performance.now() - started) / 1000) * 100) / 100,
    };
  } finally {
    await server?.stop();
    await backend.close();
  }
}
