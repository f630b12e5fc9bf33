/**
 * Webhook secrets at rest: AES-256-GCM under the operator's key (the future `WEBHOOK_ENCRYPTION_KEY`,
 * 32 bytes in base64).
 *
 * Unlike API keys, which we only ever compare and so store as hashes, a webhook secret is needed in
 * clear at every delivery to sign it, so it is stored encrypted: a copy of the database (a backup, a
 * read replica, a leaked dump) holds no usable secret without the key, which lives only in the
 * environment. GCM authenticates as well as encrypts: a changed byte, a wrong key or a sealed value
 * moved to another row (when the caller binds it with `context`, e.g. the endpoint id) fails to open
 * instead of yielding a wrong secret.
 *
 * Format: `v1.<iv>.<tag>.<ciphertext>`, each part base64url; `v1` names this format (a fresh random
 * 96-bit IV per seal, a 128-bit tag), so a later format can be read side by side.
 */
import { createCipheriv, createDecipheriv, createSecretKey, randomBytes, type KeyObject } from "node:crypto";

const FORMAT = "v1";
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A parsed encryption key. A KeyObject, so the key's bytes never show in a log or an inspected value. */
export type SecretBoxKey = KeyObject & { readonly __secretBoxKey: true };

/**
 * Reads the 32-byte key from base64 (standard or URL-safe, padding optional); throws an error that
 * says what is wrong and how to make a good key, without echoing the value.
 */
export function parseSecretBoxKey(encoded: string): SecretBoxKey {
  const text = encoded.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) {
    throw new Error("The webhook encryption key must be base64 of 32 random bytes (make one with `openssl rand -base64 32`)");
  }
  const bytes = Buffer.from(text.replace(/-/g, "+").replace(/_/g, "/"), "base64");
  if (bytes.length !== KEY_BYTES) {
    throw new Error(
      `The webhook encryption key must be 32 bytes in base64; this one decodes to ${bytes.length} bytes (make one with \`openssl rand -base64 32\`)`,
    );
  }
  return createSecretKey(bytes) as SecretBoxKey;
}

/** Encrypts a secret for storage. `context`, when given, must be given again to open it. */
export function sealSecret(key: SecretBoxKey, plaintext: string, context?: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  if (context !== undefined) cipher.setAAD(Buffer.from(context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [FORMAT, iv, cipher.getAuthTag(), ciphertext].map((part) => (typeof part === "string" ? part : part.toString("base64url"))).join(".");
}

/** Decrypts a sealed secret; throws on a wrong key, a wrong context, or any changed byte. */
export function openSecret(key: SecretBoxKey, sealed: string, context?: string): string {
  const parts = sealed.split(".");
  const [format, iv, tag, ciphertext] = parts.map((part, index) => (index === 0 ? part : decodeBase64Url(part)));
  if (parts.length !== 4 || format !== FORMAT) throw new Error("Not a sealed webhook secret (expected v1.<iv>.<tag>.<ciphertext>)");
  if (!(iv instanceof Buffer) || iv.length !== IV_BYTES || !(tag instanceof Buffer) || tag.length !== TAG_BYTES || !(ciphertext instanceof Buffer)) {
    throw new Error("Not a sealed webhook secret: a part has the wrong length or encoding");
  }
  const decipher = createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  decipher.setAuthTag(tag);
  if (context !== undefined) decipher.setAAD(Buffer.from(context, "utf8"));
  try {
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString("utf8");
  } catch {
    throw new Error("The sealed webhook secret does not open with this key (wrong key, wrong context, or altered)");
  }
}

/** Strict base64url: Buffer.from(…, "base64url") skips characters it does not know, which would hide tampering. */
function decodeBase64Url(part: string): Buffer | null {
  if (!/^[A-Za-z0-9_-]*$/.test(part)) return null;
  const bytes = Buffer.from(part, "base64url");
  return bytes.toString("base64url") === part ? bytes : null;
}
