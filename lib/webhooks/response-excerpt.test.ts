import { describe, expect, it } from "vitest";
import { RESPONSE_EXCERPT_BYTES, ResponseExcerpt } from "./response-excerpt";

const fed = (max: number, ...chunks: (string | Buffer)[]) => {
  const excerpt = new ResponseExcerpt(max);
  const accepted = chunks.map((chunk) => excerpt.push(typeof chunk === "string" ? Buffer.from(chunk, "utf8") : chunk));
  return { excerpt, accepted };
};

describe("ResponseExcerpt", () => {
  it("counts every byte and says stop only past the limit", () => {
    const { excerpt, accepted } = fed(10, "12345", "67890", "x");
    expect(accepted).toEqual([true, true, false]);
    expect(excerpt.bytesRead).toBe(11);
  });

  it("keeps the first 1 KB across chunks", () => {
    const { excerpt } = fed(1 << 20, "a".repeat(1000), "b".repeat(1000));
    expect(excerpt.text()).toBe("a".repeat(1000) + "b".repeat(24));
  });

  it("never cuts a character in half at the 1 KB boundary", () => {
    const { excerpt } = fed(1 << 20, "ab" + "€".repeat(400)); // 2 + 3 × 341 = 1025: byte 1024 is inside a €
    const text = excerpt.text();
    expect(text).toBe("ab" + "€".repeat(340));
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(RESPONSE_EXCERPT_BYTES);
    // A 4-byte character with 3 bytes inside the limit: no replacement character in its place.
    expect(fed(1 << 20, "a" + "😀".repeat(300)).excerpt.text()).toBe("a" + "😀".repeat(255));
  });

  it("replaces invalid bytes and U+0000, and stays within 1 KB of UTF-8", () => {
    const { excerpt } = fed(1 << 20, Buffer.alloc(1024, 0xff));
    const text = excerpt.text();
    expect(text).toMatch(/^\uFFFD+$/);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(RESPONSE_EXCERPT_BYTES);
    expect(fed(100, "a\u0000b").excerpt.text()).toBe("a\uFFFDb");
  });

  it("is empty for an empty response", () => {
    expect(fed(10).excerpt.text()).toBe("");
  });
});
