import { randomUUID } from "node:crypto";
import { AppError } from "@/lib/errors";
import { API_BODY_LIMIT_BYTES } from "@/lib/http/body-limits";
import { findNulCharacters } from "@/lib/validation/nul-characters";

export const MAX_BODY_BYTES = API_BODY_LIMIT_BYTES;
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Echo a well-formed incoming X-Request-Id, else make one. */
export function requestIdFor(request: Request): string {
  return requestIdFromHeaders(request.headers);
}

/** requestIdFor for callers that hold only the headers. */
export function requestIdFromHeaders(headers: Pick<Headers, "get">): string {
  const incoming = headers.get("x-request-id");
  return incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

function isJsonMediaType(contentType: string | null): boolean {
  if (!contentType) return false;
  const type = contentType.split(";")[0]!.trim().toLowerCase();
  return type === "application/json" || (type.startsWith("application/") && type.endsWith("+json"));
}

/** 413 when the declared Content-Length is over the limit, before anything is read. */
export function assertBodySize(request: Request, limit = MAX_BODY_BYTES): void {
  const length = request.headers.get("content-length");
  if (length && Number(length) > limit) throw tooLarge(limit);
}

function tooLarge(limit: number): AppError {
  const size = limit >= 1024 ? `${limit / 1024} KB` : `${limit} bytes`;
  return new AppError("PAYLOAD_TOO_LARGE", `Request bodies are limited to ${size}.`);
}

/** Reads a JSON body: 415 without a JSON content type, 413 past the size limit, 400 when it does not parse. */
export async function readJsonBody(request: Request, limit = MAX_BODY_BYTES): Promise<unknown> {
  if (!isJsonMediaType(request.headers.get("content-type"))) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the body as JSON with the header Content-Type: application/json.");
  }
  const text = new TextDecoder("utf-8", { fatal: false }).decode(await readBodyBytes(request, limit));
  if (text.trim() === "") throw new AppError("INVALID_JSON", "The request body is empty; send a JSON object.");
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new AppError("INVALID_JSON", "The request body is not valid JSON.");
  }
}

/**
 * The whole body, refused with 413 as soon as it is known to be over `limit`: by its Content-Length
 * before anything is read, else while reading (a chunked body has none, and a lying one is cut off by
 * Node.js at its declared length), so no more than `limit` bytes are ever held.
 */
export async function readBodyBytes(request: Request, limit: number): Promise<Buffer> {
  assertBodySize(request, limit);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** A form body (urlencoded or multipart) read within `limit`; an unreadable one is an empty form. */
export async function readFormBody(request: Request, limit: number): Promise<FormData> {
  const bytes = await readBodyBytes(request, limit);
  const contentType = request.headers.get("content-type") ?? "";
  return new Response(new Uint8Array(bytes), { headers: { "content-type": contentType } })
    .formData()
    .catch(() => new FormData());
}

/** 400 naming every field of a query, path or body that holds U+0000, which no text column can store. */
export function assertNoNulCharacters(value: unknown, what: string): void {
  const paths = findNulCharacters(value);
  if (paths.length === 0) return;
  throw new AppError("VALIDATION_FAILED", `The ${what} contains a NUL character (U+0000) in: ${paths.join(", ")}`, {
    errors: paths.map((path) => ({ path, message: "Must not contain the NUL character (U+0000)" })),
  });
}
