// The digests of a cached page's inline scripts, for its content security policy. A nonce would
// have to be new for every request, so a page served from the cache cannot carry one; it carries the
// SHA-256 of each script it contains instead, which stays right for as long as the page does. Plain
// CommonJS, because the page cache (page-cache-handler.cjs) is loaded by Next.js outside the app bundle.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS: loaded by page-cache-handler.cjs, outside the bundle
const crypto = require("node:crypto");

/** Must equal SCRIPT_HASHES_HEADER in lib/http/request-guard.ts, which turns it into the policy. */
const SCRIPT_HASHES_HEADER = "x-registry-script-hashes";

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const HAS_SRC = /(?:^|\s)src\s*=/i;
const TYPE = /(?:^|\s)type\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
// Types a browser runs; any other (application/ld+json, application/json) is data, not checked by CSP.
const SCRIPT_TYPES = new Set(["", "module", "text/javascript", "application/javascript", "text/ecmascript", "application/ecmascript"]);

/** `'sha256-…'` sources for every inline script a browser would run, in page order, without repeats. */
function inlineScriptHashes(html) {
  const sources = [];
  for (const match of html.matchAll(SCRIPT)) {
    const attributes = match[1];
    if (HAS_SRC.test(attributes)) continue;
    const type = TYPE.exec(attributes);
    const value = type ? (type[1] ?? type[2] ?? type[3] ?? "").trim().toLowerCase() : "";
    if (!SCRIPT_TYPES.has(value)) continue;
    const source = `'sha256-${crypto.createHash("sha256").update(match[2], "utf8").digest("base64")}'`;
    if (!sources.includes(source)) sources.push(source);
  }
  return sources;
}

/**
 * Records the digests in a page's cached headers (once per cached value). Next.js sends a cached
 * page's headers with it, on the response that rendered it too (the value handed to the cache
 * shares its headers object with that response).
 */
function withScriptHashes(value) {
  if (!value || value.kind !== "APP_PAGE" || typeof value.html !== "string") return value;
  if (!value.headers) value.headers = {};
  if (value.headers[SCRIPT_HASHES_HEADER] === undefined) {
    value.headers[SCRIPT_HASHES_HEADER] = inlineScriptHashes(value.html).join(" ");
  }
  return value;
}

module.exports = { SCRIPT_HASHES_HEADER, inlineScriptHashes, withScriptHashes };
