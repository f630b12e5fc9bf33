import { AppError, ERROR_TITLES, type ErrorCode, type FieldError } from "@/lib/errors";
import { log } from "@/lib/config/log";

export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  errors?: FieldError[];
  requestId: string;
}

export function problemType(code: ErrorCode): string {
  return `/docs/api#error-${code.toLowerCase().replaceAll("_", "-")}`;
}

const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "ENOTFOUND",
  "EPIPE",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "57P01", // admin_shutdown (pg_terminate_backend)
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "53300", // too_many_connections
]);

/** True when an error (or anything in its cause chain) says the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 6; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (CONNECTION_CODES.has(code) || code.startsWith("08"))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Any thrown value as an AppError: known errors pass through, outages become 503, the rest 500. */
export function toAppError(error: unknown, requestId: string): AppError {
  if (error instanceof AppError) return error;
  if (isDatabaseUnavailable(error)) {
    log.error("database.unavailable", { requestId, error });
    return new AppError("SERVICE_UNAVAILABLE", "The service is temporarily unavailable. Try again shortly.", {
      headers: { "Retry-After": "5" },
    });
  }
  log.error("request.failed", { requestId, error });
  return new AppError("INTERNAL_ERROR", "Something went wrong on our side. The request id identifies it in our logs.");
}

export function problemBody(error: AppError, requestId: string): ProblemBody {
  return {
    type: problemType(error.code),
    title: ERROR_TITLES[error.code],
    status: error.status,
    detail: error.message,
    code: error.code,
    ...(error.errors ? { errors: error.errors } : {}),
    requestId,
  };
}

export function problemResponse(error: AppError, requestId: string, headers?: HeadersInit): Response {
  const h = new Headers(headers);
  h.set("Content-Type", "application/problem+json");
  h.set("X-Request-Id", requestId);
  if (!h.has("Cache-Control")) h.set("Cache-Control", "no-store");
  for (const [k, v] of Object.entries(error.headers)) h.set(k, v);
  return new Response(JSON.stringify(problemBody(error, requestId)), { status: error.status, headers: h });
}
