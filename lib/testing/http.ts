// Calls a route handler exported by an app/api/**/route.ts module exactly as Next.js would.

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

export async function problemOf(response: Response) {
  expectProblem(response);
  return (await response.json()) as {
    type: string;
    title: string;
    status: number;
    detail: string;
    code: string;
    errors?: { path: string; message: string }[];
    requestId: string;
  };
}

function expectProblem(response: Response) {
  const type = response.headers.get("content-type");
  if (type !== "application/problem+json") {
    throw new Error(`expected application/problem+json, got ${type} (status ${response.status})`);
  }
}
