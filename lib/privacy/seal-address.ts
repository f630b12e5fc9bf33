import { createCipheriv, createDecipheriv, createHmac, randomBytes } from "node:crypto";

// The request's address, kept until the request is confirmed, readable only with the emailed token:
// AES-256-GCM under a key derived from the token (HMAC-SHA256). The database alone holds no address
// (privacy_requests keeps hashes; this ciphertext is useless without the token), yet confirming an
// ACCESS request can email the file's link to the address that asked.

const keyFor = (token: string) => createHmac("sha256", token).update("privacy-request-address").digest();

export function sealAddress(address: string, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(token), iv);
  const body = Buffer.concat([cipher.update(address, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** The address, or null when the seal was not made with this token (or was altered). */
export function openSealedAddress(sealed: string, token: string): string | null {
  try {
    const bytes = Buffer.from(sealed, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", keyFor(token), bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
