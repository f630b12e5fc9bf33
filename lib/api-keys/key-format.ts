import { createHash, randomInt } from "node:crypto";
import { crc32 } from "node:zlib";

// Key format, after GitHub's tokens: a fixed prefix secret scanners can match, 32 random base62
// characters (~190 bits) and a 6-character base62 CRC32 of the random part, so a mistyped or
// truncated key is refused without a database look-up.
export const API_KEY_PREFIX = "prk_";
const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const RANDOM_LENGTH = 32;
const CHECKSUM_LENGTH = 6;
const KEY_PATTERN = new RegExp(`^${API_KEY_PREFIX}([0-9A-Za-z]{${RANDOM_LENGTH}})([0-9A-Za-z]{${CHECKSUM_LENGTH}})$`);
const DISPLAY_LENGTH = 8;

function base62(value: number, width: number): string {
  let out = "";
  let n = value;
  while (n > 0) {
    out = BASE62[n % 62] + out;
    n = Math.floor(n / 62);
  }
  return out.padStart(width, "0");
}

function checksum(randomPart: string): string {
  return base62(crc32(randomPart) >>> 0, CHECKSUM_LENGTH);
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export interface GeneratedApiKey {
  key: string;
  prefix: string;
  hash: string;
}

export function generateApiKey(): GeneratedApiKey {
  let randomPart = "";
  for (let i = 0; i < RANDOM_LENGTH; i++) randomPart += BASE62[randomInt(62)];
  const key = `${API_KEY_PREFIX}${randomPart}${checksum(randomPart)}`;
  return { key, prefix: displayPrefix(key), hash: hashApiKey(key) };
}

export function displayPrefix(key: string): string {
  return key.slice(0, API_KEY_PREFIX.length + DISPLAY_LENGTH);
}

export type KeyShape = "ok" | "malformed" | "bad_checksum";

/** Checks a presented key's shape and checksum, without touching the database. */
export function checkKeyShape(key: string): KeyShape {
  const match = KEY_PATTERN.exec(key);
  if (!match) return "malformed";
  const [, randomPart, sum] = match;
  return checksum(randomPart!) === sum ? "ok" : "bad_checksum";
}
