// Calls a route handler exported by an app/api/**/route.ts module exactly as Next.js would.
import { problemType } from "@/lib/http/problem";
import { ERROR_TITLES, type ErrorCode } from "@/lib/errors";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Response | Promise<Response>;

export interface CallOptions {
  method?: string;
  headers?: Record<string, string>;
  /** Serialised as JSON with Content-Type: application/json unless `rawBody` is given. */
  json?: unknown;
  rawBody?: string;
  params?: Record<string, string>;
  key?: string;
}

export async function call(handler: Handler, url: string, options: CallOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  let body: string | undefined;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  } else if (options.rawBody !== undefined) {
    body = options.rawBody;
  }
  if (options.key) headers.set("authorization", `Bearer ${options.key}`);
  const request = new Request(new URL(url, "http://localhost"), {
    method: options.method ?? (body === undefined ? "GET" : "POST"),
    headers,
    body,
  });
  return handler(request, { params: Promise.resolve(options.params ?? {}) });
}

/**
 * The problem+json body of a refusal, after checking at run time what every problem body must carry
 * (the type checker alone cannot see a field missing from what the server really sends): the
 * contract's `type` for its code, the code's `title`, the response's `status`, a non-empty `detail`
 * and the `requestId` the response's X-Request-Id names.
 */
export async function problemOf(response: Response) {
  expectProblem(response);
  const body = (await response.json()) as {
    type: string;
    title: string;
    status: number;
    detail: string;
    code: ErrorCode;
    errors?: { path: string; message: string }[];
    requestId: string;
  };
  const wrong: string[] = [];
  if (!(body.code in ERROR_TITLES)) wrong.push(`unknown code ${JSON.stringify(body.code)}`);
  else {
    if (body.type !== problemType(body.code)) wrong.push(`type ${JSON.stringify(body.type)}`);
    if (body.title !== ERROR_TITLES[body.code]) wrong.push(`title ${JSON.stringify(body.title)}`);
  }
  if (body.status !== response.status) wrong.push(`status ${body.status} on a ${response.status} answer`);
  if (typeof body.detail !== "string" || body.detail.trim() === "") wrong.push(`detail ${JSON.stringify(body.detail)}`);
  if (typeof body.requestId !== "string" || body.requestId !== response.headers.get("x-request-id")) {
    wrong.push(`requestId ${JSON.stringify(body.requestId)} (X-Request-Id ${response.headers.get("x-request-id")})`);
  }
  if (wrong.length > 0) throw new Error(`problem body lacks what the contract requires: ${wrong.join("; ")}`);
  return body;
}

function expectProblem(response: Response) {
  const type = response.headers.get("content-type");
  if (type !== "application/problem+json") {
    throw new Error(`expected application/problem+json, got ${type} (status ${response.status})`);
  }
}
