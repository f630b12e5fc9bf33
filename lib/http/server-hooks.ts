import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { requestIdFromHeaders } from "@/lib/http/request";
import { env } from "@/lib/config/env";
import { log } from "@/lib/config/log";
import { processSingleton } from "@/lib/config/process-singletons";
import { requestContextStorage } from "@/lib/config/request-context";
import { isDraining, startDraining } from "./draining";
import { addServerLayer } from "./server-patch";

// What the app needs from the Node.js HTTP server that Next.js creates (`next start`, standalone
// server.js) and does not let it configure: the request id in every log line of a request, a
// measurement of every answer (and, with ACCESS_LOG, a line for it), keep-alive timeouts above a
// balancer's, and a drain before shutdown.
// Installed from instrumentation.ts as the outermost layer of the server patch (server-patch.ts); the
// servers seen are a process singleton, shared with the route bundles.

const servers = processSingleton<Set<Server>>("http-servers");
const serversSeen = (): Set<Server> => servers.getOrCreate(() => new Set());

export interface ServerHookOptions {
  /** How long an idle keep-alive connection stays open; above the balancer's idle timeout. */
  keepAliveTimeoutMs: number;
  /** Called once per request when its connection is done with it (answered or aborted). */
  onRequestDone?: (req: IncomingMessage, res: ServerResponse, seconds: number) => void;
}

/**
 * Wraps every HTTP server's request event: the request runs inside its request context (its id,
 * echoed from a well-formed X-Request-Id or made here and set on the request, so the routes' own
 * requestIdFor() answers the same id), and is measured. Installed after the request guard, so the
 * guard's own refusals are measured and logged with an id too.
 */
export function installServerHooks(options: ServerHookOptions): void {
  addServerLayer("server-hooks", ({ server, req, res }, next) => {
    adopt(server, options);
    const requestId = requestIdFromHeaders({ get: (name) => single(req.headers[name.toLowerCase()]) ?? null });
    req.headers["x-request-id"] = requestId;
    // While draining, each answer closes its connection, so keep-alive clients reconnect elsewhere.
    if (isDraining()) res.setHeader("Connection", "close");
    const started = performance.now();
    res.once("close", () => {
      const seconds = (performance.now() - started) / 1000;
      options.onRequestDone?.(req, res, seconds);
      if (accessLogOn()) logAccess(req, res, requestId, seconds);
    });
    return requestContextStorage().run({ requestId }, next);
  });
}

function accessLogOn(): boolean {
  try {
    return env().ACCESS_LOG;
  } catch {
    return false;
  }
}

/**
 * ACCESS_LOG: one line per request when its connection is done with it. The path is redacted as in
 * every line (tokens, keys, secrets); no client address, user agent or cookie: the access log tracks
 * nobody. `aborted`: the client went away before the whole answer was sent.
 */
function logAccess(req: IncomingMessage, res: ServerResponse, requestId: string, seconds: number): void {
  log.access({
    method: req.method,
    path: req.url,
    status: res.statusCode,
    durationMs: Math.round(seconds * 10_000) / 10,
    requestId,
    ...(res.writableFinished ? {} : { aborted: true }),
  });
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** First request of a server: remember it for shutdown and set its timeouts. */
function adopt(server: Server, options: ServerHookOptions): void {
  const seen = serversSeen();
  if (seen.has(server)) return;
  seen.add(server);
  server.keepAliveTimeout = options.keepAliveTimeoutMs;
  // Node.js requires the header timeout above the keep-alive one, or idle sockets race it.
  server.headersTimeout = Math.max(server.headersTimeout, options.keepAliveTimeoutMs + 1_000);
}

export interface GracefulShutdownOptions {
  /** How long /api/ready answers 503, with the listener still open, before the listener closes. */
  drainDelayMs: number;
  onDrainStart?: (signal: NodeJS.Signals, handlersTakenOver: number) => void;
}

/**
 * On SIGTERM or SIGINT: readiness turns to 503 at once, requests keep being served for
 * `drainDelayMs` (a balancer needs a few probes to take the instance out), then the handlers that
 * were registered before this call run: Next.js's own, which closes the listener, lets the requests
 * in flight finish and exits with 128 + the signal. Call it after Next.js installed them (instrumentation
 * runs after the server is listening). Without any (a server of our own), the servers seen are closed
 * and the process exits the same way. A repeated signal during the drain is ignored.
 */
export function installGracefulShutdown(options: GracefulShutdownOptions): void {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    const previous = process.listeners(signal) as ((signal: NodeJS.Signals) => void)[];
    for (const listener of previous) process.off(signal, listener);
    let started = false;
    process.on(signal, () => {
      if (started) return;
      started = true;
      startDraining();
      options.onDrainStart?.(signal, previous.length);
      setTimeout(() => {
        if (previous.length > 0) for (const listener of previous) listener(signal);
        else closeServersThenExit(signal);
        closeConnectionsAsTheyIdle();
      }, options.drainDelayMs);
    });
  }
}

/**
 * Once the listener is closing, a keep-alive connection whose last request has just finished would
 * otherwise stay open until KEEP_ALIVE_TIMEOUT_MS (65 s), and the server's close with it: Node.js
 * closes only the connections idle at the moment close() is called. So they are closed as they idle.
 */
function closeConnectionsAsTheyIdle(): void {
  const sweep = () => {
    for (const server of serversSeen()) server.closeIdleConnections();
  };
  sweep();
  setInterval(sweep, 100).unref();
}

function closeServersThenExit(signal: NodeJS.Signals): void {
  const closing = [...serversSeen()];
  let open = closing.length;
  const exit = () => process.exit(signal === "SIGINT" ? 130 : 143);
  if (open === 0) exit();
  for (const server of closing) {
    server.close(() => {
      open -= 1;
      if (open === 0) exit();
    });
  }
}
