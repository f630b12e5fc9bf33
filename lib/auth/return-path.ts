/** Where a signed-in person lands when the address they asked to return to cannot be used. */
export const DEFAULT_RETURN_PATH = "/studio";

/** Longer return addresses are not pages of ours; refusing them keeps Location headers short. */
const MAX_RETURN_ADDRESS_LENGTH = 2048;

/**
 * The one rule for every redirect target built from input (the sign-in page's callbackUrl, the
 * confirm page's, Auth.js's redirect callback): a path on the app's own origin, else `fallback`.
 *
 * The value is resolved against the origin the way a browser resolves a Location header (WHATWG URL
 * parsing: tab, CR and LF removed anywhere, leading and trailing C0 controls and spaces trimmed, `\`
 * read as `/`, nothing else decoded), so `/\evil.example`, `/\t/evil.example` or `javascript:` cannot
 * point anywhere else, and `/%2F/evil.example` stays a path here. What is returned is the
 * parser's own serialisation of path, query and fragment: printable ASCII only, never starting with
 * `//`, so it is safe in a Location header and means the same page wherever it is resolved.
 */
export function safeReturnPath(value: unknown, appUrl: string, fallback = DEFAULT_RETURN_PATH): string {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_RETURN_ADDRESS_LENGTH) return fallback;
  const origin = new URL(appUrl).origin;
  let resolved: URL;
  try {
    resolved = new URL(value, `${origin}/`);
  } catch {
    return fallback;
  }
  if (resolved.origin !== origin) return fallback;
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  // "/.//evil.example" resolves to the path "//evil.example", which on its own names another host.
  if (!path.startsWith("/") || path.startsWith("//") || path.length > MAX_RETURN_ADDRESS_LENGTH) return fallback;
  return path;
}
