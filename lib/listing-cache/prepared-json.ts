import { createHash } from "node:crypto";

/** A public answer serialised once for the API: the JSON body and its strong validator (ETag). */
export interface PreparedJson {
  body: string;
  etag: string;
}

/** A value's JSON body and its strong validator (a hash of the body). */
export function prepareJson(value: unknown): PreparedJson {
  const body = JSON.stringify(value);
  return { body, etag: `"${createHash("sha1").update(body).digest("base64url")}"` };
}
