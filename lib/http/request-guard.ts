import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { problemBody } from "@/lib/http/problem";
import { requestIdFromHeaders } from "@/lib/http/request";
import { log } from "@/lib/config/log";
import { AppError, ERROR_TITLES, type ErrorCode, type FieldError } from "@/lib/errors";
import { API_BODY_LIMIT_BYTES, PAGE_BODY_LIMIT_BYTES } from "./body-limits";
import { stampPeerAddress } from "./peer-address";
import { hasMalformedEscape, isApiPath, routedPath } from "./routed-path";
import { contentSecurityPolicy, SCRIPT_HASH_SOURCE, SECURITY_HEADERS } from "./security-headers";
import { addServerLayer } from "./server-patch";

// The first code to see each request, at the Node.js server, before Next.js. It does what only the
// server can do, or what Next.js would otherwise answer with a bare 500:
// - records the socket's address (peer-address.ts);
// - classifies the request by the path Next.js will route (routed-path.ts: `/api/../providers` is a
//   page), and refuses a path whose percent-escapes do not decode with 400 (Next.js answers a bare 500);
// - refuses a method nothing here answers (TRACE, PROPFIND, ...) with 405: Next.js cannot even build
//   a Request for TRACE, and renders pages for any other method;
// - refuses, by Content-Length, a body larger than any endpoint reads, and a body of unknown length
//   posted to a page (server actions read up to their limit, then answer 500);
// - refuses a server action from another site with 403 (Next.js refuses it with 500);
// - gives pages rendered for this request a nonce, and every answer its content security policy.
// It decides nothing about who may do what: every handler and action still checks that itself.

/**
 * Set by the page cache (lib/listing-cache/script-hashes.cjs, which cannot import this file) on pages it
 * serves: the digests of the page's inline scripts. Turned into the policy here, never sent.
 */
export const SCRIPT_HASHES_HEADER = "x-registry-script-hashes";

const API_METHODS = ["GET", "HEAD", "POST", "PATCH", "DELETE", "OPTIONS"];
/** Methods passed on to the API routes, which answer those they do not support with their own 405. */
const ROUTED_API_METHODS = new Set([...API_METHODS, "PUT"]);
/** Pages are read (GET, HEAD) and receive server actions (POST). */
const PAGE_METHODS = ["GET", "HEAD", "POST"];

export interface GuardOptions {
  /** Development builds need 'unsafe-eval' (see security-headers.ts). */
  development: boolean;
}

interface Refusal {
  code: ErrorCode;
  /** Only for 411, which the API's error codes do not have (pages only). */
  status?: number;
  /** The first line of a page's plain-text answer; the code's title when absent. */
  title?: string;
  message: string;
  errors?: FieldError[];
  headers?: Record<string, string>;
}

/** Handles what it can; true when it answered the request itself. */
export function guardRequest(req: IncomingMessage, res: ServerResponse, options: GuardOptions): boolean {
  stampPeerAddress(req.headers, req.socket?.remoteAddress);
  // Next.js takes the nonce from the request's policy header: only the guard may choose it.
  delete req.headers["content-security-policy"];
  delete req.headers["content-security-policy-report-only"];

  const path = routedPath(req.url);
  const api = isApiPath(path);
  const method = req.method ?? "GET";
  const refusal = refuseMalformedPath(path) ?? (api ? refuseApiRequest(req, method) : refusePageRequest(req, method));
  if (refusal) {
    answer(req, res, refusal, api, options);
    return true;
  }

  const nonce = api ? null : randomBytes(16).toString("base64");
  if (nonce) req.headers["content-security-policy"] = `script-src 'nonce-${nonce}'`;
  setPolicyBeforeHeaders(res, nonce, options);
  return false;
}

/**
 * Puts the guard in front of every HTTP server of this process (Next.js's, in `next start` and in a
 * standalone server.js), as a layer of the one server patch (server-patch.ts). Called first thing from instrumentation.ts, which Next.js runs before it
 * handles requests; one that arrived while the server was starting is not guarded (docs/decisions/nextjs-seams.md).
 */
export function installRequestGuard(options: GuardOptions): void {
  addServerLayer("request-guard", ({ req, res }, next) => (guardRequest(req, res, options) ? true : next()));
}

const MALFORMED_PATH_MESSAGE =
  "The address's path holds a malformed percent-escape: a % not followed by two hexadecimal digits, or escapes that do not spell UTF-8 text.";

function refuseMalformedPath(path: string): Refusal | null {
  if (!hasMalformedEscape(path)) return null;
  return {
    code: "VALIDATION_FAILED",
    title: "Bad request",
    message: MALFORMED_PATH_MESSAGE,
    errors: [{ path: "(path)", message: "Must be percent-encoded UTF-8" }],
  };
}

function refuseApiRequest(req: IncomingMessage, method: string): Refusal | null {
  if (!ROUTED_API_METHODS.has(method)) {
    return {
      code: "METHOD_NOT_ALLOWED",
      message: `${method} is not a method this API answers. Allowed: ${API_METHODS.join(", ")} (each address lists its own in its 405 answers).`,
      headers: { Allow: API_METHODS.join(", ") },
    };
  }
  if (declaredLength(req) > API_BODY_LIMIT_BYTES) return tooLarge(API_BODY_LIMIT_BYTES);
  return null;
}

function refusePageRequest(req: IncomingMessage, method: string): Refusal | null {
  if (!PAGE_METHODS.includes(method)) {
    return {
      code: "METHOD_NOT_ALLOWED",
      message: `${method} is not supported here. Allowed: ${PAGE_METHODS.join(", ")}.`,
      headers: { Allow: PAGE_METHODS.join(", ") },
    };
  }
  if (method !== "POST") return null;
  if (req.headers["content-length"] === undefined && req.headers["transfer-encoding"] !== undefined) {
    return {
      code: "PAYLOAD_TOO_LARGE",
      status: 411,
      message: "A body posted to a page must declare its Content-Length.",
    };
  }
  if (declaredLength(req) > PAGE_BODY_LIMIT_BYTES) return tooLarge(PAGE_BODY_LIMIT_BYTES);
  if (isCrossSiteAction(req)) {
    return { code: "FORBIDDEN", message: "Cross-site requests may not change anything here." };
  }
  return null;
}

function tooLarge(limit: number): Refusal {
  return { code: "PAYLOAD_TOO_LARGE", message: `Request bodies are limited to ${limit / 1024} KB.` };
}

/** Content-Length as a number; 0 when absent (Node.js has already refused malformed values). */
function declaredLength(req: IncomingMessage): number {
  const value = req.headers["content-length"];
  return value === undefined ? 0 : Number(value);
}

/**
 * Exactly the server-action posts Next.js refuses as cross-site (action-handler.js): a fetch action
 * (Next-Action header) or a multipart form post whose Origin is present and is `null`, unreadable, or
 * not the host (X-Forwarded-Host's first value, else Host). Refused here first, with 403.
 */
function isCrossSiteAction(req: IncomingMessage): boolean {
  const contentType = req.headers["content-type"] ?? "";
  if (req.headers["next-action"] === undefined && !contentType.startsWith("multipart/form-data")) return false;
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  let originHost: string;
  try {
    originHost = origin === "null" ? "null" : new URL(origin).host;
  } catch {
    return true;
  }
  const forwarded = firstHeader(req.headers["x-forwarded-host"])?.split(",")[0]?.trim();
  return originHost !== (forwarded || req.headers.host);
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Answers a refusal: problem+json under /api, plain text for pages; the security headers, the request
 * id and a log line for both. (The server hooks, installed after the guard, have already given the
 * request its id and context, so the line carries the id too.)
 */
function answer(req: IncomingMessage, res: ServerResponse, refusal: Refusal, api: boolean, options: GuardOptions): void {
  const error = new AppError(refusal.code, refusal.message, { headers: refusal.headers, errors: refusal.errors });
  const status = refusal.status ?? error.status;
  const requestId = requestIdFromHeaders({ get: (name) => firstHeader(req.headers[name.toLowerCase()]) ?? null });
  log.info("request.refused", { requestId, method: req.method, path: req.url, status, code: refusal.code });
  res.statusCode = status;
  for (const { key, value } of SECURITY_HEADERS) res.setHeader(key, value);
  res.setHeader("Content-Security-Policy", contentSecurityPolicy({ scriptSources: [], development: options.development }));
  res.setHeader("Cache-Control", "no-store");
  res.setHeader("X-Request-Id", requestId);
  for (const [key, value] of Object.entries(error.headers)) res.setHeader(key, value);
  if (status === 411 || status === 413) lingerThenClose(req, res);
  let body: string;
  if (api) {
    res.setHeader("Content-Type", "application/problem+json");
    body = JSON.stringify(problemBody(error, requestId));
  } else {
    res.setHeader("Content-Type", "text/plain; charset=utf-8");
    const title = refusal.title ?? (status === 411 ? "Length required" : ERROR_TITLES[refusal.code]);
    body = `${title}. ${refusal.message}\nRequest id: ${requestId}\n`;
  }
  res.end(req.method === "HEAD" ? undefined : body);
}

/** How long a refused body is still read (and dropped) after the answer. */
const LINGER_MS = 2000;

/**
 * After refusing a body: ends the connection from our side once the answer is out (a client stops
 * sending when it sees the answer and the end), reads and drops whatever still arrives, and closes for
 * good after LINGER_MS. Closing at once would reset a connection the client is still writing to, and
 * the reset can destroy the answer before the client reads it; reading on without end would let one
 * client keep the server busy with a body that will never be used. Nothing is kept either way.
 */
function lingerThenClose(req: IncomingMessage, res: ServerResponse): void {
  const socket = req.socket;
  // Node.js itself destroys a connection that is not kept alive (the client sent Connection: close)
  // right after the answer: here it only ends it, and the timer below destroys it.
  (socket as unknown as { destroySoon: () => void }).destroySoon = () => socket.end();
  res.once("finish", () => {
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
    if (req.complete) return;
    req.resume();
    socket.end();
  });
}

/**
 * Sets the answer's policy at the last moment before its headers are written, when it is known
 * whether the answer is a page from the cache (SCRIPT_HASHES_HEADER, its scripts' digests) or was
 * rendered for this request (the nonce). Anything else gets a policy that allows no inline script.
 */
function setPolicyBeforeHeaders(res: ServerResponse, nonce: string | null, options: GuardOptions): void {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    if (!this.headersSent) {
      const hashes = this.getHeader(SCRIPT_HASHES_HEADER);
      this.removeHeader(SCRIPT_HASHES_HEADER);
      const scriptSources =
        hashes !== undefined
          ? String(hashes)
              .split(/[\s,]+/)
              .filter((source) => SCRIPT_HASH_SOURCE.test(source))
          : nonce
            ? [`'nonce-${nonce}'`]
            : [];
      this.setHeader("Content-Security-Policy", contentSecurityPolicy({ scriptSources, development: options.development }));
    }
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}
