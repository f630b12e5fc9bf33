// Building blocks of the OpenAPI document: the problem+json schema (the shape problemBody() in
// problem.ts produces, codes from lib/errors.ts), shared headers, response and operation helpers.
import { z } from "zod";
import type { oas31, ZodOpenApiOperationObject, ZodOpenApiResponseObject, ZodOpenApiResponsesObject } from "zod-openapi";
import { ERROR_STATUS, ERROR_TITLES, type ErrorCode } from "@/lib/errors";
import { ERROR_MEANINGS } from "./guide";
import { problemType, type ProblemBody } from "@/lib/http/problem";
import { PUBLIC_READ_CACHE_CONTROL } from "@/lib/route-wrappers/api-route";

const PROBLEM_MEDIA_TYPE = "application/problem+json";
const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

const fieldErrorSchema = z
  .object({
    path: z.string().meta({ description: "Dotted path of the bad field; empty for the body as a whole", example: "specialties.0" }),
    message: z.string().meta({ description: "What is wrong with it, in words a person can act on" }),
  })
  .meta({ id: "FieldError" });

export const problemSchema = z
  .object({
    type: z.string().meta({
      description: "URI reference to the code's entry in the API reference",
      example: problemType("VALIDATION_FAILED"),
    }),
    title: z.string().meta({ description: "Short, fixed summary of the code" }),
    status: z.number().int().meta({ description: "The HTTP status, repeated" }),
    detail: z.string().meta({ description: "What went wrong with this request" }),
    code: z.enum(ERROR_CODES).meta({ description: "Stable machine-readable error code" }),
    errors: z.array(fieldErrorSchema).optional().meta({ description: "Validation failures only: one entry per bad field" }),
    requestId: z.string().meta({ description: "Same as the X-Request-Id response header" }),
  })
  .meta({ id: "Problem", description: "RFC 9457 problem details" }) satisfies z.ZodType<ProblemBody>;

// ---- Headers (an `id` registers each once under components.headers)

export const requestIdHeader = z.string().meta({
  description: "Echo of a well-formed incoming X-Request-Id, otherwise a generated id",
  example: "3f8e1c52-8f0a-4a3c-9d43-0d1c6a1b2e77",
  header: { id: "X-Request-Id" },
});
const retryAfterHeader = z.string().meta({
  description: "Seconds to wait before trying again",
  example: "120",
  header: { id: "Retry-After" },
});
const wwwAuthenticateHeader = z.string().meta({
  description: "Bearer challenge; error=\"invalid_token\" when a key was presented but refused",
  example: 'Bearer realm="provider-registry", error="invalid_token"',
  header: { id: "WWW-Authenticate" },
});
export const etagHeader = z.string().meta({
  description: "Strong validator of the body; send it back in If-None-Match",
  header: { id: "ETag" },
});
export const corsHeader = z.string().meta({
  description: "Cross-origin reads are allowed from any origin",
  example: "*",
  header: { id: "Access-Control-Allow-Origin" },
});

export function cacheControl(value: string) {
  return z.string().meta({ description: `\`${value}\``, example: value });
}

/** Headers of a public, shared-cacheable read (the directory). */
export const PUBLIC_READ_HEADERS = {
  "Cache-Control": cacheControl(PUBLIC_READ_CACHE_CONTROL),
  ETag: etagHeader,
  "Access-Control-Allow-Origin": corsHeader,
};
/** Headers of an answer about the key's own provider. */
export const PRIVATE_NO_STORE_HEADERS = { "Cache-Control": cacheControl("private, no-store") };
export const NO_STORE_HEADERS = { "Cache-Control": cacheControl("no-store") };

type HeaderShape = Record<string, z.ZodType>;

export function headers(extra: HeaderShape = {}) {
  return z.object({ "X-Request-Id": requestIdHeader, ...extra });
}

const CODE_HEADERS: Partial<Record<ErrorCode, HeaderShape>> = {
  UNAUTHENTICATED: { "WWW-Authenticate": wwwAuthenticateHeader },
  RATE_LIMITED: { "Retry-After": retryAfterHeader },
  SERVICE_UNAVAILABLE: { "Retry-After": retryAfterHeader },
};

// ---- Responses

export function ok(description: string, schema?: z.ZodType | oas31.SchemaObject, extraHeaders: HeaderShape = {}): ZodOpenApiResponseObject {
  return {
    description,
    headers: headers(extraHeaders),
    ...(schema ? { content: { "application/json": { schema } } } : {}),
  };
}

function exampleProblem(code: ErrorCode): ProblemBody {
  return {
    type: problemType(code),
    title: ERROR_TITLES[code],
    status: ERROR_STATUS[code],
    detail: ERROR_MEANINGS[code].replaceAll("`", ""),
    code,
    ...(code === "VALIDATION_FAILED"
      ? { errors: [{ path: "specialties.0", message: "Choose one of: DEVELOPMENT, DESIGN, MARKETING, CONSULTING, DATA, DEVOPS, OTHER" }] }
      : {}),
    requestId: "3f8e1c52-8f0a-4a3c-9d43-0d1c6a1b2e77",
  };
}

/** One problem+json response per status, naming the codes it may carry, with one example per code. */
export function problems(codes: ErrorCode[]): ZodOpenApiResponsesObject {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: ZodOpenApiResponsesObject = {};
  for (const [status, group] of [...byStatus].sort(([a], [b]) => a - b)) {
    const extra = Object.assign({}, ...group.map((c) => CODE_HEADERS[c] ?? {})) as HeaderShape;
    out[`${status}` as `4${string}`] = {
      description: group.map((c) => `\`${c}\`: ${ERROR_MEANINGS[c]}`).join(" "),
      headers: headers(extra),
      content: {
        [PROBLEM_MEDIA_TYPE]: {
          schema: problemSchema,
          examples: Object.fromEntries(group.map((c) => [c, { summary: ERROR_TITLES[c], value: exampleProblem(c) }])),
        },
      },
    };
  }
  return out;
}

// ---- Operations

export const API_TAGS = { public: "Public", studio: "Provider studio", operations: "Operations" } as const;
export const SECURITY_SCHEME = "bearer";

const SERVER_ERRORS: ErrorCode[] = ["INTERNAL_ERROR", "SERVICE_UNAVAILABLE"];
export const JSON_BODY_ERRORS: ErrorCode[] = ["INVALID_JSON", "VALIDATION_FAILED", "PAYLOAD_TOO_LARGE", "UNSUPPORTED_MEDIA_TYPE"];

export interface OperationSpec extends Omit<ZodOpenApiOperationObject, "responses" | "tags" | "security"> {
  operationId: string;
  summary: string;
  description: string;
  tag: keyof typeof API_TAGS;
  apiKey?: boolean;
  responses: ZodOpenApiResponsesObject;
  errors: ErrorCode[];
  /** False for endpoints that never touch the database. */
  serverErrors?: boolean;
}

/** Adds tags, security and the error responses every operation of its kind can give. */
export function operation({ tag, apiKey, responses, errors, serverErrors = true, ...rest }: OperationSpec): ZodOpenApiOperationObject {
  const codes: ErrorCode[] = [
    ...errors,
    ...(apiKey ? (["UNAUTHENTICATED", "PROVIDER_SUSPENDED"] as const) : []),
    ...(serverErrors ? SERVER_ERRORS : []),
  ];
  return {
    ...rest,
    tags: [API_TAGS[tag]],
    ...(apiKey ? { security: [{ [SECURITY_SCHEME]: [] }] } : {}),
    responses: { ...responses, ...problems(codes) },
  };
}

/** A domain's share of the document: its paths, each with its operations by method. */
export type ApiPaths = Record<string, Record<string, ZodOpenApiOperationObject>>;

export function jsonBody(schema: z.ZodType, example: unknown) {
  return { required: true, content: { "application/json": { schema, example } } };
}
