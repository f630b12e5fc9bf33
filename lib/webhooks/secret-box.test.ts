import { randomBytes } from "node:crypto";
import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import { openSecret, parseSecretBoxKey, sealSecret } from "./secret-box";
import { generateWebhookSecret } from "./signature";

const keyText = randomBytes(32).toString("base64");
const key = parseSecretBoxKey(keyText);

/** Flips one bit of one byte of a base64url part of the sealed value. */
function flipBit(sealed: string, partIndex: number, byteIndex = 0): string {
  const parts = sealed.split(".");
  const bytes = Buffer.from(parts[partIndex]!, "base64url");
  bytes[byteIndex] = bytes[byteIndex]! ^ 1;
  parts[partIndex] = bytes.toString("base64url");
  return parts.join(".");
}

describe("sealSecret / openSecret", () => {
  it("round-trips a webhook secret through a versioned, base64url string that does not contain it", () => {
    const secret = generateWebhookSecret();
    const sealed = sealSecret(key, secret);
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain(secret.slice(6, 20));
    expect(openSecret(key, sealed)).toBe(secret);
  });

  it("uses a fresh IV each time: the same secret seals differently", () => {
    const secret = generateWebhookSecret();
    const a = sealSecret(key, secret);
    const b = sealSecret(key, secret);
    expect(a).not.toBe(b);
    expect(a.split(".")[1]).not.toBe(b.split(".")[1]);
    expect([openSecret(key, a), openSecret(key, b)]).toEqual([secret, secret]);
  });

  it("round-trips empty and non-ASCII text", () => {
    for (const text of ["", "é東京\u{1F600}"]) expect(openSecret(key, sealSecret(key, text))).toBe(text);
  });

  it("throws on a changed IV, tag or ciphertext byte", () => {
    const sealed = sealSecret(key, generateWebhookSecret());
    for (const part of [1, 2, 3]) {
      expect(() => openSecret(key, flipBit(sealed, part))).toThrow(/does not open/);
    }
    expect(() => openSecret(key, flipBit(sealed, 3, 30))).toThrow(/does not open/);
  });

  it("throws with the wrong key", () => {
    const sealed = sealSecret(key, generateWebhookSecret());
    const otherKey = parseSecretBoxKey(randomBytes(32).toString("base64"));
    expect(() => openSecret(otherKey, sealed)).toThrow(/does not open with this key/);
  });

  it("binds a context: a value sealed for one endpoint does not open for another, or without it", () => {
    const sealed = sealSecret(key, generateWebhookSecret(), "endpoint-a");
    expect(() => openSecret(key, sealed, "endpoint-b")).toThrow(/does not open/);
    expect(() => openSecret(key, sealed)).toThrow(/does not open/);
    expect(openSecret(key, sealed, "endpoint-a")).toMatch(/^whsec_/);
  });

  it("refuses malformed values with a clear error: other version, parts missing, bad encoding or lengths", () => {
    const sealed = sealSecret(key, generateWebhookSecret());
    const [, iv, tag, ct] = sealed.split(".");
    for (const bad of [
      "",
      "whsec_abc",
      `v2.${iv}.${tag}.${ct}`,
      `v1.${iv}.${tag}`,
      `v1.${iv}.${tag}.${ct}.extra`,
      `v1.${iv}.${tag}.${ct}!`,
      `v1.${iv}.${tag}.${ct}=`,
      `v1.${iv!.slice(2)}.${tag}.${ct}`,
      `v1.${iv}.${tag!.slice(4)}.${ct}`,
    ]) {
      expect(() => openSecret(key, bad)).toThrow(/Not a sealed webhook secret/);
    }
  });

  it("refuses another spelling of the same bytes: the stored string itself cannot change unnoticed", () => {
    const sealed = sealSecret(key, generateWebhookSecret());
    const [, iv, tag, ct] = sealed.split(".");
    // 16 tag bytes take 22 characters, the last carrying 4 unused bits: a neighbour letter decodes alike.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const last = alphabet.indexOf(tag!.at(-1)!);
    const respelled = tag!.slice(0, -1) + alphabet[last ^ 1];
    expect(Buffer.from(respelled, "base64url").equals(Buffer.from(tag!, "base64url"))).toBe(true);
    expect(() => openSecret(key, `v1.${iv}.${respelled}.${ct}`)).toThrow(/Not a sealed webhook secret/);
    expect(() => openSecret(key, `v1.${iv}.${tag}A.${ct}`)).toThrow(/Not a sealed webhook secret/);
  });
});

describe("parseSecretBoxKey", () => {
  it("accepts 32 bytes in standard or URL-safe base64, padded or not, with stray whitespace", () => {
    const bytes = randomBytes(32);
    const sealed = sealSecret(parseSecretBoxKey(bytes.toString("base64")), "whsec_x");
    for (const text of [bytes.toString("base64url"), bytes.toString("base64").replace(/=$/, ""), ` ${bytes.toString("base64")}\n`]) {
      expect(openSecret(parseSecretBoxKey(text), sealed)).toBe("whsec_x");
    }
  });

  it("says how long the key was and how to make one, never echoing it", () => {
    const short = randomBytes(16).toString("base64");
    expect(() => parseSecretBoxKey(short)).toThrow("this one decodes to 16 bytes (make one with `openssl rand -base64 32`)");
    expect(() => parseSecretBoxKey(randomBytes(48).toString("base64"))).toThrow(/decodes to 48 bytes/);
    expect(() => parseSecretBoxKey("")).toThrow(/must be base64 of 32 random bytes/);
    expect(() => parseSecretBoxKey("not base64 at all!")).toThrow(/must be base64 of 32 random bytes/);
    try {
      parseSecretBoxKey(short);
    } catch (error) {
      expect((error as Error).message).not.toContain(short);
    }
  });

  it("keeps the key's bytes out of anything printed", () => {
    expect(inspect(key)).not.toContain(keyText);
    expect(JSON.stringify(key)).not.toContain(keyText);
    expect(String(key)).not.toContain(keyText);
  });
});
