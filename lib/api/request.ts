import { randomUUID } from "node:crypto";
import { AppError } from "@/lib/errors";
import { env } from "@/lib/env";
import { findNulCharacters } from "@/lib/validation/nul-characters";

export const MAX_BODY_BYTES = 100 * 1024;
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Echo a well-formed incoming X-Request-Id, else make one. */
export function requestIdFor(request: Request): string {
  const incoming = request.headers.get("x-request-id");
  return incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * The client address. Each of the TRUSTED_PROXY_HOPS proxies in front of the app appends the peer it
 * saw to X-Forwarded-For, so the client is the entry written by the outermost trusted proxy: that
 * many entries from the end. With no trusted proxy, the app would need the socket address, which
 * Next.js puts into X-Forwarded-For only when the client sent none; a client-sent header is then all
 * there is, so without a proxy the per-IP limit is best effort (the per-email limit is exact).
 */
export function clientIpFor(request: Request): string | null {
  return clientIpFromHeaders(request.headers);
}

/** clientIpFor for callers that hold only the headers (server actions read them with next/headers). */
export function clientIpFromHeaders(headers: Pick<Headers, "get">): string | null {
  const forwarded = headers.get("x-forwarded-for");
  if (!forwarded) return null;
  const hops = forwarded
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (hops.length === 0) return null;
  const trusted = env().TRUSTED_PROXY_HOPS;
  const index = trusted === 0 ? hops.length - 1 : Math.max(0, hops.length - trusted);
  return hops[index] ?? null;
}

function isJsonMediaType(contentType: string | null): boolean {
  if (!contentType) return false;
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

export function assertBodySize(request: Request): void {
  const length = request.headers.get("content-length");
  if (length && Number(length) > MAX_BODY_BYTES) throw tooLarge();
}

function tooLarge(): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", `Request bodies are limited to ${MAX_BODY_BYTES / 1024} KB.`);
}

/** Reads a JSON body: 415 without a JSON content type, 413 past the size limit, 400 when it does not parse. */
export async function readJsonBody(request: Request): Promise<unknown> {
  if (!isJsonMediaType(request.headers.get("content-type"))) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the body as JSON with the header Content-Type: application/json.");
  }
  assertBodySize(request);
  const text = await readTextLimited(request, MAX_BODY_BYTES);
  if (text.trim() === "") throw new AppError("INVALID_JSON", "The request body is empty; send a JSON object.");
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError("INVALID_JSON", "The request body is not valid JSON.");
  }
}

// Content-Length can be absent (chunked uploads) or wrong, so the limit is enforced while reading too.
async function readTextLimited(request: Request, limit: number): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return new TextDecoder("utf-8", { fatal: false }).decode(Buffer.concat(chunks));
}

/** 400 naming every field of a query, path or body that holds U+0000, which no text column can store. */
export function assertNoNulCharacters(value: unknown, what: string): void {
  const paths = findNulCharacters(value);
  if (paths.length === 0) return;
  throw new AppError("VALIDATION_FAILED", `The ${what} contains a NUL character (U+0000) in: ${paths.join(", ")}`, {
    errors: paths.map((path) => ({ path, message: "Must not contain the NUL character (U+0000)" })),
  });
}
