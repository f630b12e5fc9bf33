/**
 * The part of a receiver's response we keep: a byte count against the read limit, and the first 1 KB
 * as text for the delivery log a provider reads when debugging their endpoint.
 *
 * The text is safe to store and show: decoded as UTF-8 with invalid bytes replaced, never a character
 * cut in half at the 1 KB boundary, and no U+0000 (Postgres text columns refuse it). It is still the
 * receiver's text: whoever displays it escapes it like any other untrusted string.
 */

export const RESPONSE_EXCERPT_BYTES = 1024;

export class ResponseExcerpt {
  private readonly head: Buffer[] = [];
  private headBytes = 0;
  private total = 0;

  constructor(private readonly maxBytes: number) {}

  /** Counts a chunk; false once the response has gone past the limit (stop reading). */
  push(chunk: Buffer): boolean {
    this.total += chunk.length;
    if (this.headBytes < RESPONSE_EXCERPT_BYTES) {
      const slice = chunk.subarray(0, RESPONSE_EXCERPT_BYTES - this.headBytes);
      this.head.push(slice);
      this.headBytes += slice.length;
    }
    return this.total <= this.maxBytes;
  }

  get bytesRead(): number {
    return this.total;
  }

  /** At most 1 KB of UTF-8 text. */
  text(): string {
    // `stream: true` holds back a trailing incomplete character instead of turning it into U+FFFD.
    const decoded = new TextDecoder("utf-8").decode(Buffer.concat(this.head), { stream: true });
    let text = decoded.replace(/\u0000/g, "\uFFFD");
    // Replacement characters take 3 bytes where an invalid byte took 1: trim back under the limit.
    while (Buffer.byteLength(text, "utf8") > RESPONSE_EXCERPT_BYTES) text = text.slice(0, -1);
    // Never leave a lone high surrogate after trimming.
    return /[\uD800-\uDBFF]$/.test(text) ? text.slice(0, -1) : text;
  }
}
