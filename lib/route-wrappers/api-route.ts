import "server-only";
import type { z } from "zod";
import { databaseReady } from "@/db";
import type { Db } from "@/db/client";
import { authenticateApiKey, type ApiKeyPrincipal } from "@/lib/api-keys/authenticate-api-key";
import { apiKeyCaller } from "@/lib/api-keys/api-key-caller";
import type { Caller } from "@/lib/auth/caller";
import { kickEmailDispatcher } from "@/lib/email/start-dispatcher";
import { AppError, validationError } from "@/lib/errors";
import { log } from "@/lib/config/log";
import { clientIpFor } from "@/lib/http/client-ip";
import { problemResponse, toAppError } from "@/lib/http/problem";
import { assertBodySize, assertNoNulCharacters, readJsonBody, requestIdFor } from "@/lib/http/request";

type AuthMode = "public" | "apiKey";

export interface RouteContext<A extends AuthMode, Q, B> {
  request: Request;
  requestId: string;
  db: Db;
  params: Record<string, string>;
  query: Q;
  body: B;
  principal: A extends "apiKey" ? ApiKeyPrincipal : null;
  /** Who acts, for the domain functions: the API key, with its role. */
  caller: A extends "apiKey" ? Caller : null;
  clientIp: string | null;
}

export interface RouteConfig<A extends AuthMode, Q, B> {
  auth: A;
  query?: z.ZodType<Q, unknown>;
  body?: z.ZodType<B, unknown>;
  /** A body limit below the API's usual one (the beacon's 4 KB). */
  bodyLimit?: number;
  /** Query parameters that may repeat: the schema gets every value of these as a list. */
  repeatableQuery?: readonly string[];
  /** Public reads: shared-cache friendly, ETag / If-None-Match, CORS for any origin. */
  publicRead?: boolean;
}

type NextRouteContext = { params: Promise<Record<string, string | string[] | undefined>> };

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const PUBLIC_READ_CACHE_CONTROL = "public, max-age=0, s-maxage=10, stale-while-revalidate=30";

/**
 * The one wrapper every API route goes through: request id, authentication, body and query
 * validation, and the mapping of every failure to problem+json. Handlers only call the domain.
 */
export function apiRoute<A extends AuthMode, Q = undefined, B = undefined>(
  config: RouteConfig<A, Q, B>,
  handler: (ctx: RouteContext<A, Q, B>) => Promise<Response>,
) {
  return async (request: Request, context?: NextRouteContext): Promise<Response> => {
    const requestId = requestIdFor(request);
    const started = performance.now();
    let response: Response;
    try {
      const db = await databaseReady();
      const principal =
        config.auth === "apiKey"
          ? await authenticateApiKey(db, { authorization: request.headers.get("authorization") })
          : null;
      const query = config.query ? parseQuery(request, config.query, config.repeatableQuery) : (undefined as Q);
      let body = undefined as B;
      if (config.body) {
        const raw = await readJsonBody(request, config.bodyLimit);
        assertNoNulCharacters(raw, "request body");
        const parsed = config.body.safeParse(raw);
        if (!parsed.success) throw validationError(parsed.error, "request body");
        body = parsed.data;
      } else {
        assertBodySize(request);
      }
      const rawParams = (await context?.params) ?? {};
      const params = Object.fromEntries(
        Object.entries(rawParams).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : (v ?? "")]),
      );
      assertNoNulCharacters(params, "path");
      response = await handler({
        request,
        requestId,
        db,
        params,
        query,
        body,
        principal: principal as RouteContext<A, Q, B>["principal"],
        caller: (principal ? apiKeyCaller(principal, requestId) : null) as RouteContext<A, Q, B>["caller"],
        clientIp: clientIpFor(request),
      });
      // A write may have queued email in its transaction, now committed: deliver it now rather than at
      // the next poll. Kicking here means no handler can forget to; a kick with nothing due is one query.
      if (response.status < 400 && !SAFE_METHODS.has(request.method)) kickEmailDispatcher();
    } catch (error) {
      response = problemResponse(toAppError(error, requestId), requestId);
    }
    decorate(response, requestId, config);
    if (response.status >= 500) {
      log.warn("request.5xx", { requestId, method: request.method, url: request.url, status: response.status });
    } else {
      log.debug("request", {
        requestId,
        method: request.method,
        url: request.url,
        status: response.status,
        ms: Math.round(performance.now() - started),
      });
    }
    return response;
  };
}

function decorate(response: Response, requestId: string, config: RouteConfig<AuthMode, unknown, unknown>) {
  const h = response.headers;
  h.set("X-Request-Id", requestId);
  if (config.auth === "apiKey") {
    h.set("Cache-Control", "private, no-store");
  } else if (config.publicRead) {
    h.set("Access-Control-Allow-Origin", "*");
    h.set("Access-Control-Expose-Headers", "ETag, X-Request-Id, Retry-After");
    if (response.status >= 400) h.set("Cache-Control", "no-store");
  } else if (!h.has("Cache-Control")) {
    h.set("Cache-Control", "no-store");
  }
}

function parseQuery<Q>(request: Request, schema: z.ZodType<Q, unknown>, repeatable: readonly string[] = []): Q {
  const params = new URL(request.url).searchParams;
  const raw: Record<string, string | string[]> = {};
  // The first value of a repeated parameter counts, unless the route declares it repeatable.
  for (const [k, v] of params) if (!(k in raw)) raw[k] = v;
  for (const k of repeatable) {
    const all = params.getAll(k);
    if (all.length > 1) raw[k] = all;
  }
  assertNoNulCharacters(raw, "query");
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error, "query");
  return parsed.data;
}

export function json(data: unknown, init: { status?: number; headers?: HeadersInit } = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(JSON.stringify(data), { status: init.status ?? 200, headers });
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

/**
 * A cacheable public JSON answer, serialised and hashed ahead of time (by the listing cache): 304
 * when the client already has it.
 */
export function publicJsonBody(request: Request, { body, etag }: { body: string; etag: string }): Response {
  const headers = new Headers({ ETag: etag, "Cache-Control": PUBLIC_READ_CACHE_CONTROL, Vary: "Accept-Encoding" });
  if (matchesEtag(request.headers.get("if-none-match"), etag)) {
    return new Response(null, { status: 304, headers });
  }
  headers.set("Content-Type", "application/json; charset=utf-8");
  return new Response(body, { status: 200, headers });
}

function matchesEtag(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header
    .split(",")
    .map((t) => t.trim().replace(/^W\//, ""))
    .includes(etag);
}

/** Handlers for the methods a path does not support: 405 problem+json with Allow. */
export function methodsNotAllowed(allowed: string[]) {
  const allow = [...allowed, ...(allowed.includes("GET") ? ["HEAD"] : []), "OPTIONS"].join(", ");
  const handler = async (request: Request) => {
    const requestId = requestIdFor(request);
    const error = new AppError("METHOD_NOT_ALLOWED", `${request.method} is not supported here. Allowed: ${allow}.`, {
      headers: { Allow: allow },
    });
    return problemResponse(error, requestId);
  };
  return { GET: handler, POST: handler, PUT: handler, PATCH: handler, DELETE: handler };
}

/** CORS preflight for public reads. */
export function publicPreflight() {
  return async () =>
    new Response(null, {
      status: 204,
      headers: {
        "Access-Control-Allow-Origin": "*",
        "Access-Control-Allow-Methods": "GET, HEAD, OPTIONS",
        "Access-Control-Allow-Headers": "If-None-Match, X-Request-Id",
        "Access-Control-Max-Age": "86400",
      },
    });
}
