import type { z } from "zod";

// The one error type of the product. Domain functions throw it; lib/http/problem.ts turns it into
// problem+json for route handlers, server actions turn it into form errors, and the CLI prints it.

export const ERROR_STATUS = {
  INVALID_JSON: 400,
  VALIDATION_FAILED: 400,
  CAPTCHA_FAILED: 400,
  TOKEN_INVALID: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  PROVIDER_SUSPENDED: 403,
  REVIEW_CONFLICT: 403,
  DISPUTES_SUSPENDED: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  ALREADY_MEMBER: 409,
  LAST_OWNER: 409,
  CONFLICT: 409,
  NOT_ACCEPTING_CLIENTS: 409,
  REVIEW_ALREADY_SUBMITTED: 409,
  INVITATION_ALREADY_SENT: 409,
  INQUIRY_NOT_ELIGIBLE: 409,
  REPLY_EXISTS: 409,
  REPLY_LOCKED: 409,
  DISPUTE_OPEN: 409,
  WEBHOOK_LIMIT_REACHED: 409,
  WEBHOOK_DISABLED: 409,
  TOKEN_EXPIRED: 410,
  INVITATION_EXPIRED: 410,
  EXPORT_EXPIRED: 410,
  PAYLOAD_TOO_LARGE: 413,
  EXPORT_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  WEBHOOK_URL_NOT_PUBLIC: 422,
  USER_NOT_FOUND: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_TITLES: Record<ErrorCode, string> = {
  INVALID_JSON: "Request body is not valid JSON",
  VALIDATION_FAILED: "Request failed validation",
  CAPTCHA_FAILED: "CAPTCHA verification failed",
  TOKEN_INVALID: "Verification token is invalid",
  UNAUTHENTICATED: "Authentication required",
  FORBIDDEN: "Not allowed",
  PROVIDER_SUSPENDED: "Provider suspended",
  REVIEW_CONFLICT: "Reviewer has a conflict of interest",
  DISPUTES_SUSPENDED: "Disputes suspended",
  NOT_FOUND: "Not found",
  METHOD_NOT_ALLOWED: "Method not allowed",
  ALREADY_MEMBER: "Already a member",
  LAST_OWNER: "Last owner",
  CONFLICT: "Conflict",
  NOT_ACCEPTING_CLIENTS: "Provider is not taking new clients",
  REVIEW_ALREADY_SUBMITTED: "A review was already submitted",
  INVITATION_ALREADY_SENT: "Review invitation already sent",
  INQUIRY_NOT_ELIGIBLE: "Inquiry not eligible",
  REPLY_EXISTS: "Reply already exists",
  REPLY_LOCKED: "Reply can no longer be edited",
  DISPUTE_OPEN: "A dispute is already open",
  WEBHOOK_LIMIT_REACHED: "Webhook endpoint limit reached",
  WEBHOOK_DISABLED: "Webhook endpoint is disabled",
  TOKEN_EXPIRED: "Verification token has expired",
  INVITATION_EXPIRED: "Invitation has expired",
  EXPORT_EXPIRED: "Export has expired",
  PAYLOAD_TOO_LARGE: "Request body too large",
  EXPORT_TOO_LARGE: "Export too large",
  UNSUPPORTED_MEDIA_TYPE: "Unsupported media type",
  WEBHOOK_URL_NOT_PUBLIC: "Webhook URL is not public",
  USER_NOT_FOUND: "No account for that email",
  RATE_LIMITED: "Too many requests",
  INTERNAL_ERROR: "Internal error",
  SERVICE_UNAVAILABLE: "Service unavailable",
};

export interface FieldError {
  path: string;
  message: string;
}

export interface AppErrorOptions {
  errors?: FieldError[];
  /** Extra response headers, e.g. Retry-After or Allow. */
  headers?: Record<string, string>;
  cause?: unknown;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly errors?: FieldError[];
  readonly headers: Record<string, string>;

  constructor(code: ErrorCode, detail: string, options: AppErrorOptions = {}) {
    super(detail, { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.errors = options.errors;
    this.headers = options.headers ?? {};
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/** zod issues as the contract's `errors` list: one entry per bad field, unknown keys named one by one. */
export function fieldErrorsFromZod(error: z.ZodError): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of error.issues) {
    const base = issue.path.map(String).join(".");
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) {
        out.push({
          path: base ? `${base}.${key}` : key,
          message: `Unknown or not-allowed field "${key}"`,
        });
      }
    } else {
      out.push({ path: base, message: issue.message });
    }
  }
  return out;
}

export function validationError(error: z.ZodError, what = "request"): AppError {
  const errors = fieldErrorsFromZod(error);
  const fields = [...new Set(errors.map((e) => e.path || "(body)"))].join(", ");
  return new AppError("VALIDATION_FAILED", `The ${what} has invalid fields: ${fields}`, { errors });
}
