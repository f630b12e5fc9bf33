// The path of a request as Next.js will route it, worked out from the raw request target the Node.js
// server hands over (`req.url`), so the request guard (request-guard.ts) classifies what Next.js
// will actually serve, not what the client typed.
//
// Next.js (16.4, server/lib/router-utils/resolve-routes.js and shared/lib/router/utils/parse-url.js):
// - answers a target whose path holds a backslash or a run of slashes with a 308 to the same target
//   with backslashes made slashes and each run made one slash; nothing is routed;
// - otherwise routes `new URL("http://n" + target).pathname`: the WHATWG parser, which resolves the
//   dot segments `.` and `..`, also when written `%2e` (`/api/../providers` is `/providers`,
//   `/providers/%2e%2e/api/health` is `/api/health`), and decodes no other escape (`/%61pi` is not
//   `/api`);
// - decodes the path's escapes only for a dynamic segment, and answers a bare 500 when they do not
//   decode (`/api/%ff`, `/providers/%ff`).
// The guard classifies the redirect's target by the same rule, so `//api/x` counts as the API, as it
// did before, and refuses an undecodable path itself (400, with our headers and a log line).

/** The pathname Next.js routes for `target`, without the query; `target` itself when it cannot be parsed. */
export function routedPath(target: string | undefined): string {
  const raw = target ?? "/";
  if (!raw.startsWith("/")) {
    // The absolute form (`GET http://host/api/x`); `*` (OPTIONS *) and other forms are not paths.
    try {
      return new URL(raw).pathname;
    } catch {
      return raw;
    }
  }
  const [path = "/", ...query] = raw.split("?");
  const slashes = path.replace(/\\/g, "/").replace(/\/\/+/g, "/");
  try {
    return new URL(`http://n${slashes}${query.length > 0 ? `?${query.join("?")}` : ""}`).pathname;
  } catch {
    return slashes;
  }
}

/** True when `path` holds a `%` that is not two hexadecimal digits, or escapes that do not spell UTF-8. */
export function hasMalformedEscape(path: string): boolean {
  if (!path.includes("%")) return false;
  try {
    decodeURIComponent(path);
    return false;
  } catch {
    return true;
  }
}

/** True for the API's paths: `/api` and everything under it. */
export function isApiPath(path: string): boolean {
  return path === "/api" || path.startsWith("/api/");
}
