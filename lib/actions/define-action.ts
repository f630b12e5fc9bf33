import "server-only";
import { randomUUID } from "node:crypto";
import { headers } from "next/headers";
import { unstable_rethrow } from "next/navigation";
import type { z } from "zod";
import { databaseReady } from "@/db";
import type { Db } from "@/db/client";
import { toAppError } from "@/lib/http/problem";
import { validationError } from "@/lib/errors";
import { assertNoNulCharacters } from "@/lib/http/request";
import type { AppError, ErrorCode } from "@/lib/errors";
import { kickEmailDispatcher } from "@/lib/email/start-dispatcher";
import { clientIpFromHeaders } from "@/lib/http/client-ip";
import { log } from "@/lib/config/log";
import { currentRequestId } from "@/lib/config/request-context";
import { resolveActionPrincipal, type ActionAuth, type ActionPrincipal } from "./action-principal";

// The server-action counterpart of lib/route-wrappers/api-route.ts: every server action goes through defineAction,
// so validation, error mapping and logging are the same for forms as for the JSON API.

export interface ActionFailure {
  ok: false;
  code: ErrorCode;
  message: string;
  /** One message per bad field, keyed by the zod path ("portfolioLinks.2"). */
  fieldErrors?: Record<string, string>;
  /** From Retry-After, on RATE_LIMITED and SERVICE_UNAVAILABLE. */
  retryAfterSeconds?: number;
  /** Names the failure in the server logs. */
  requestId: string;
}

/** What an action answers: plain data, safe to send to the browser. */
export type ActionResult<T> = { ok: true; data: T } | ActionFailure;

export type { ActionAuth } from "./action-principal";

export interface ActionConfig<S extends z.ZodType, A extends ActionAuth> {
  /** A short name for the logs, e.g. "apply.submit". */
  name: string;
  input: S;
  /** Who may call it (see action-principal.ts); checked before the input is read. Default "public". */
  auth?: A;
}

export interface ActionContext<I> {
  input: I;
  db: Db;
  clientIp: string | null;
  requestId: string;
}

/**
 * Wraps a server action: validates the raw input (an object, or FormData from a plain form post)
 * with the given zod schema, hands the handler the database and client IP, and turns every thrown
 * error into an ActionFailure instead of an exception crossing to the browser.
 */
export function defineAction<S extends z.ZodType, T, A extends ActionAuth = "public">(
  config: ActionConfig<S, A>,
  handler: (ctx: ActionContext<z.output<S>> & ActionPrincipal<A>) => Promise<T>,
): (raw: z.input<S> | FormData) => Promise<ActionResult<T>> {
  return async (raw) => {
    // The request's own id (lib/http/server-hooks.ts: the caller's X-Request-Id when well-formed), so
    // the action's log lines, its audit rows and the failure shown to the person name the same request.
    const requestId = currentRequestId() ?? randomUUID();
    const started = performance.now();
    let result: ActionResult<T>;
    try {
      const requestHeaders = await headers();
      const principal = await resolveActionPrincipal((config.auth ?? "public") as A, requestHeaders, requestId);
      const input = raw instanceof FormData ? formDataToObject(raw) : raw;
      // PostgreSQL text cannot hold U+0000: refuse it by field rather than fail in the database (a 500).
      assertNoNulCharacters(input, "form");
      const parsed = await config.input.safeParseAsync(input);
      // validationError lists the fields through fieldErrorsFromZod, exactly as the API's 400 does.
      if (!parsed.success) throw validationError(parsed.error, "form");
      const db = await databaseReady();
      const data = await handler({
        ...principal,
        input: parsed.data,
        db,
        clientIp: clientIpFromHeaders(requestHeaders),
        requestId,
      });
      result = { ok: true, data };
      // The action's transaction has committed; any email it queued goes out now, not at the next
      // poll. Kicking here means no action can forget to; a kick with nothing due is one query.
      kickEmailDispatcher();
    } catch (error) {
      // redirect() and notFound() work by throwing; they must reach Next.js untouched.
      unstable_rethrow(error);
      result = toFailure(toAppError(error, requestId), requestId);
    }
    const fields = { action: config.name, requestId, ok: result.ok, ms: Math.round(performance.now() - started) };
    if (!result.ok && (result.code === "INTERNAL_ERROR" || result.code === "SERVICE_UNAVAILABLE")) {
      log.warn("action.failed", { ...fields, code: result.code });
    } else {
      log.debug("action", result.ok ? fields : { ...fields, code: result.code });
    }
    return result;
  };
}

function toFailure(error: AppError, requestId: string): ActionFailure {
  const failure: ActionFailure = { ok: false, code: error.code, message: error.message, requestId };
  if (error.errors?.length) {
    const fieldErrors: Record<string, string> = {};
    // The first message for a field is the one people should fix first.
    for (const e of error.errors) fieldErrors[e.path] ??= e.message;
    failure.fieldErrors = fieldErrors;
  }
  const retryAfter = Number(error.headers["Retry-After"]);
  if (Number.isFinite(retryAfter) && retryAfter > 0) failure.retryAfterSeconds = retryAfter;
  return failure;
}

/**
 * FormData as a plain object. A key sent more than once becomes a list; a key ending in "[]"
 * ("specialties[]") is always a list, so one ticked checkbox still arrives as a list. The
 * hidden "$ACTION_*" fields Next.js adds for forms that work without JavaScript are left out.
 */
export function formDataToObject(form: FormData): Record<string, unknown> {
  const out = new Map<string, FormDataEntryValue | FormDataEntryValue[]>();
  for (const [rawKey, value] of form.entries()) {
    if (rawKey.startsWith("$ACTION")) continue;
    const alwaysList = rawKey.endsWith("[]");
    const key = alwaysList ? rawKey.slice(0, -2) : rawKey;
    const existing = out.get(key);
    if (Array.isArray(existing)) existing.push(value);
    else if (existing !== undefined) out.set(key, [existing, value]);
    else out.set(key, alwaysList ? [value] : value);
  }
  return Object.fromEntries(out);
}
