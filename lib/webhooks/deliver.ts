/**
 * One webhook delivery attempt, SSRF-safe, as the dispatcher (and later the website check) runs it.
 *
 * Every attempt, not only the endpoint's creation: re-check the URL's rules, resolve the name, refuse
 * with DESTINATION_NOT_PUBLIC before any connection if ANY address is not public, then connect to the
 * checked addresses only (open-connection.ts pins them), with SNI and `Host` for the name. One deadline
 * (15 s by default) covers resolving, connecting, TLS, the response and its body, because a receiver
 * that trickles bytes must not hold a worker longer than one that never answers.
 *
 * Redirects are never followed (a 3xx is the failure REDIRECT with its status kept): following one
 * would let a public endpoint bounce us to 169.254.169.254, and Standard Webhooks asks receivers to
 * update their URL instead. At most 64 KB of response is read; a longer one (declared or streamed) is
 * cut there and the attempt fails with RESPONSE_TOO_LARGE, its status kept, so a receiver cannot make
 * us buffer without bound and the provider sees why. Only a 2xx with no error is a success
 * (`deliverySucceeded`). The excerpt kept for the delivery log is at most 1 KB of text.
 *
 * The function never throws for anything the receiver or the network does; it throws only for a
 * programming or configuration error (a malformed proxy URL).
 */
import { request } from "node:http";
import type { Socket } from "node:net";
import { performance } from "node:perf_hooks";
import { AttemptFailure, errorCode, untilAborted, type AttemptPhase, type DeliveryError } from "./attempt-failure";
import { resolveDestination, systemResolver, validateWebhookUrl, type DestinationPolicy, type WebhookResolver } from "./destination";
import { parseEgressProxyUrl } from "./egress-proxy";
import { openConnection } from "./open-connection";
import { ResponseExcerpt } from "./response-excerpt";
import { retryAfterSeconds } from "./retry-schedule";

export const DELIVERY_TIMEOUT_MS = 15_000;
export const MAX_RESPONSE_BYTES = 64 * 1024;

export type { DeliveryError } from "./attempt-failure";

export interface DeliverWebhookParams extends DestinationPolicy {
  url: string;
  /** The signed headers (signature.ts `webhookRequestHeaders`); Host and Content-Length are set here. */
  headers: Readonly<Record<string, string>>;
  /** The exact bytes that were signed. */
  body: string | Uint8Array;
  resolver?: WebhookResolver;
  timeoutMs?: number;
  maxResponseBytes?: number;
  /** An `http://` CONNECT proxy every delivery goes through (the future `WEBHOOK_PROXY_URL`). */
  proxyUrl?: string;
  /** An extra certificate authority to trust (tests; private test environments). */
  trustedCa?: string;
  now?: () => Date;
}

export interface DeliveryResult {
  statusCode: number | null;
  durationMs: number;
  error: DeliveryError | null;
  /** A code for logs (ECONNREFUSED, PROXY_STATUS_403, RESPONSE…): never an address or a secret. */
  errorDetail: string | null;
  /** At most 1 KB of the response body as text, or null when no response arrived. */
  responseExcerpt: string | null;
  /** The receiver's Retry-After on 429/502/503/504, in seconds (capped at 24 h), else null. */
  retryAfterSeconds: number | null;
}

/** 2xx with no error: the only outcome that ends a delivery as SUCCEEDED. */
export function deliverySucceeded(result: DeliveryResult): boolean {
  return result.error === null && result.statusCode !== null && result.statusCode >= 200 && result.statusCode <= 299;
}

interface ResponseSeen {
  statusCode: number | null;
  excerpt: ResponseExcerpt | null;
  retryAfterHeader: string | undefined;
}

export async function deliverWebhook(params: DeliverWebhookParams): Promise<DeliveryResult> {
  const started = performance.now();
  const { timeoutMs = DELIVERY_TIMEOUT_MS, maxResponseBytes = MAX_RESPONSE_BYTES, now = () => new Date() } = params;
  const proxy = params.proxyUrl ? parseEgressProxyUrl(params.proxyUrl) : undefined;
  const policy: DestinationPolicy = { allowHttp: params.allowHttp, allowLoopback: params.allowLoopback };
  const seen: ResponseSeen = { statusCode: null, excerpt: null, retryAfterHeader: undefined };
  const sockets: Socket[] = [];
  const track = (socket: Socket) => {
    socket.on("error", () => {}); // every failure is reported through the attempt's own promises
    sockets.push(socket);
  };
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  let phase: AttemptPhase = "RESOLVE";

  const finish = (error: DeliveryError | null, errorDetail: string | null): DeliveryResult => ({
    statusCode: seen.statusCode,
    durationMs: Math.round(performance.now() - started),
    error,
    errorDetail,
    responseExcerpt: seen.excerpt?.text() ?? null,
    retryAfterSeconds: seen.statusCode === null ? null : retryAfterSeconds(seen.statusCode, seen.retryAfterHeader, now()),
  });

  try {
    const checkedUrl = validateWebhookUrl(params.url, policy);
    if (!checkedUrl.ok) return finish("DESTINATION_NOT_PUBLIC", `URL_${checkedUrl.problem}`);
    const url = checkedUrl.url;
    const destination = await untilAborted(resolveDestination(url, { ...policy, resolver: params.resolver ?? systemResolver }), deadline.signal, "RESOLVE");
    if (!destination.ok) return finish(destination.error, destination.detail);

    const socket = await openConnection({
      url,
      addresses: destination.addresses,
      proxy,
      trustedCa: params.trustedCa,
      signal: deadline.signal,
      track,
      onPhase: (next) => (phase = next),
    });
    phase = "RESPONSE";
    const tooLarge = await untilAborted(exchange(socket, url, params.headers, params.body, maxResponseBytes, seen), deadline.signal, "RESPONSE");
    if (tooLarge) return finish("RESPONSE_TOO_LARGE", "RESPONSE_BODY");
    if (seen.statusCode !== null && seen.statusCode >= 300 && seen.statusCode <= 399) return finish("REDIRECT", "NOT_FOLLOWED");
    return finish(null, null);
  } catch (error) {
    if (error instanceof AttemptFailure) return finish(error.error, error.detail);
    return finish(phase === "RESOLVE" ? "DNS" : "CONNECTION", errorCode(error, `UNEXPECTED_${phase}`));
  } finally {
    clearTimeout(timer);
    for (const socket of sockets) socket.destroy();
  }
}

/**
 * Sends the request over the open socket and reads the response into `seen`; resolves true when the
 * response was longer than `maxBytes` (and was cut), false when it was read whole.
 */
function exchange(
  socket: Socket,
  url: URL,
  headers: Readonly<Record<string, string>>,
  body: string | Uint8Array,
  maxBytes: number,
  seen: ResponseSeen,
): Promise<boolean> {
  const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const transportHeaders = Object.fromEntries(Object.entries(headers).filter(([name]) => !/^(host|content-length|connection|transfer-encoding)$/i.test(name)));
  return new Promise<boolean>((resolve, reject) => {
    const fail = (error: Error) => {
      const code = errorCode(error, "EXCHANGE_FAILED");
      reject(new AttemptFailure(code === "HPE_HEADER_OVERFLOW" ? "RESPONSE_TOO_LARGE" : "CONNECTION", code));
    };
    const req = request({
      createConnection: () => socket,
      method: "POST",
      path: `${url.pathname}${url.search}`,
      headers: { ...transportHeaders, host: url.host, "content-length": String(bytes.length), connection: "close" },
    });
    req.on("error", fail);
    req.on("response", (res) => {
      seen.statusCode = res.statusCode ?? null;
      seen.retryAfterHeader = res.headers["retry-after"];
      const excerpt = new ResponseExcerpt(maxBytes);
      seen.excerpt = excerpt;
      res.on("error", fail);
      const declared = Number(res.headers["content-length"]);
      if (Number.isFinite(declared) && declared > maxBytes) {
        resolve(true);
        res.destroy();
        return;
      }
      res.on("data", (chunk: Buffer) => {
        if (!excerpt.push(chunk)) {
          resolve(true);
          res.destroy();
        }
      });
      res.on("end", () => resolve(false));
    });
    req.end(bytes);
  });
}
