import fc from "fast-check";
import type { oas31 } from "zod-openapi";
import { call, type CallOptions } from "@/test/support/http";
import { documentedMethods, documentedRoutes, routeModule, type Handler } from "./api-route-registry";

// Generators and helpers for generated-input.test.ts.

export interface Endpoint {
  name: string;
  handler: Handler;
  url: string;
  method: string;
  /** A working API key for API-key endpoints, so the input reaches validation. */
  key?: string;
  /** Path parameters ({ slug }, { id }) that reach a real target unless a case replaces them. */
  params?: Record<string, string>;
}

/** A documented operation, as the OpenAPI document describes its inputs. */
export interface DocumentedEndpoint extends Endpoint {
  operationId: string;
  /** Whether it takes a JSON body. */
  body: boolean;
  query: string[];
  pathParams: string[];
}

/**
 * Every operation of the OpenAPI document, served by its route file; API-key operations carry `key`.
 * Dynamic segments of the URL are `x`: the handler reads them from `params`.
 */
export function documentedEndpoints(key: string): DocumentedEndpoint[] {
  return [...documentedRoutes()].flatMap(([routePath, item]) => {
    const exports = routeModule(routePath);
    return documentedMethods(item).map((method) => {
      const op = item[method.toLowerCase() as "get"] as oas31.OperationObject;
      const params = (op.parameters ?? []) as oas31.ParameterObject[];
      const handler = exports[method as keyof typeof exports];
      if (!handler) throw new Error(`${routePath} does not export ${method}`);
      return {
        name: `${method} ${op.operationId}`,
        operationId: op.operationId!,
        handler,
        url: routePath.replace(/:\w+/g, "x"),
        method,
        ...(op.security ? { key } : {}),
        body: Boolean(op.requestBody),
        query: params.filter((p) => p.in === "query").map((p) => p.name),
        pathParams: params.filter((p) => p.in === "path").map((p) => p.name),
      };
    });
  });
}

export async function callRaw(endpoint: Endpoint, options: CallOptions & { query?: string }) {
  const { query, ...rest } = options;
  const response = await call(endpoint.handler, endpoint.url + (query ?? ""), {
    key: endpoint.key,
    params: endpoint.params,
    ...rest,
    method: rest.method ?? endpoint.method,
  });
  return { status: response.status, contentType: response.headers.get("content-type"), body: await response.text() };
}

const SPECIAL = [
  "\u0000",
  "\u0001",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u00a0",
  "\u200b",
  "\u202e",
  "\u2028",
  "\ufeff",
  "\ud800",
  "\udc00",
  "\uffff",
  "ｆｕｌｌ－ｗｉｄｔｈ",
  "İı",
  "ß",
  "e\u0301",
  "🙂",
  "%00",
  "%2e%2e/",
  "../../etc/passwd",
  "' OR 1=1 --",
  "$where",
  "{{7*7}}",
  "<script>alert(1)</script>",
  "NaN",
  "-1",
  "0",
  "1e309",
  "99999999999999999999999",
  "true",
  "null",
  "",
  " ",
];

/** Strings that break naive code: control, format and full-width characters, lone surrogates, long runs. */
export function nastyString(maxLength = 300): fc.Arbitrary<string> {
  return fc.oneof(
    fc.string({ maxLength }),
    fc.string({ unit: "binary", maxLength }),
    fc.constantFrom(...SPECIAL),
    fc.tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...SPECIAL), fc.string({ maxLength: 10 })).map((p) => p.join("")),
    fc.integer({ min: 1, max: 6000 }).map((n) => "x".repeat(n)),
  );
}

/** Any JSON-able value, with wrong types, huge numbers and nasty strings. */
export function nastyValue(): fc.Arbitrary<unknown> {
  const leaf = fc.oneof(
    nastyString(),
    fc.integer(),
    fc.double(),
    fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, -0, 1e308),
    fc.boolean(),
    fc.constant(null),
  );
  return fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: "small", withCrossShrink: true }, leaf, tie("array"), tie("object")),
    array: fc.array(tie("value"), { maxLength: 5 }),
    object: fc.dictionary(fc.oneof(nastyString(20), fc.constantFrom("__proto__", "constructor", "headline", "email")), tie("value"), {
      maxKeys: 5,
    }),
  })).value;
}

/** `[[[…]]]` or `{"a":{"a":…}}` nested `depth` times. */
export function deepJson(depth: number, shape: "array" | "object"): string {
  return shape === "array" ? "[".repeat(depth) + "]".repeat(depth) : '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
}

/** A JSON object of exactly `size` bytes. */
export function oversizedBody(size: number): string {
  const head = '{"description":"';
  const tail = '"}';
  return head + "x".repeat(Math.max(0, size - head.length - tail.length)) + tail;
}

/** The full-width (NFKC-equivalent) spelling of an ASCII string. */
export function fullWidth(text: string): string {
  return [...text].map((c) => (c >= "!" && c <= "~" ? String.fromCharCode(c.charCodeAt(0) + 0xfee0) : c)).join("");
}

/** Addresses a listing or portfolio must not carry: other schemes, credentials, private and local hosts. */
export const DANGEROUS_URLS = [
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  " javascript:alert(1)",
  "java\tscript:alert(1)",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "data:image/svg+xml,<svg onload=alert(1)>",
  "file:///etc/passwd",
  "ftp://example.com/file",
  "vbscript:msgbox(1)",
  "//evil.example/x",
  "https://user:pass@example.com/",
  "https://user@example.com/",
  "http://localhost/",
  "http://localhost.:8080/",
  "http://sub.localhost/",
  "http://127.0.0.1/",
  "http://127.1/",
  "http://2130706433/",
  "http://0x7f000001/",
  "http://0177.0.0.1/",
  "http://0.0.0.0/",
  "http://10.0.0.1/",
  "http://172.16.5.4/",
  "http://192.168.1.1/",
  "http://169.254.169.254/latest/meta-data/",
  "http://100.64.0.1/",
  "http://[::1]/",
  "http://[::]/",
  "http://[::ffff:127.0.0.1]/",
  "http://[fd00::1]/",
  "http://[fe80::1]/",
  "http://metadata.google.internal/",
  "http://printer.local/",
  "http://intranet/",
  "https://ｅｘａｍｐｌｅ．ｃｏｍ@127.0.0.1/",
];
