import { SESSION_COOKIE, type World } from "./authorization-world";

// Requests that try to get past an API key check without a valid key: the Next.js middleware
// sub-request header (CVE-2025-29927) in its known shapes, proxy and rewrite headers, method
// overrides, forwarded identities, the key in the wrong place, and a session cookie instead of a key.

export interface BypassShape {
  name: string;
  build: (world: World) => { headers?: Record<string, string>; query?: string };
}

const ownerKey = (w: World) => w.authorization.OWNER!.replace(/^Bearer /, "");
const h = (name: string, headers: Record<string, string>): BypassShape => ({ name, build: () => ({ headers }) });
const MIDDLEWARE_X5 = Array(5).fill("middleware").join(":");

export const BYPASS_SHAPES: BypassShape[] = [
  h("x-middleware-subrequest: middleware", { "x-middleware-subrequest": "middleware" }),
  h("x-middleware-subrequest: middleware ×5", { "x-middleware-subrequest": MIDDLEWARE_X5 }),
  h("x-middleware-subrequest: src/middleware ×5", { "x-middleware-subrequest": Array(5).fill("src/middleware").join(":") }),
  h("x-middleware-subrequest: pages/_middleware", { "x-middleware-subrequest": "pages/_middleware" }),
  h("x-middleware-subrequest: proxy ×5", { "x-middleware-subrequest": Array(5).fill("proxy").join(":") }),
  h("x-middleware-subrequest-id", { "x-middleware-subrequest-id": "1", "x-middleware-subrequest": MIDDLEWARE_X5 }),
  h("x-middleware-prefetch / x-nextjs-data", { "x-middleware-prefetch": "1", "x-nextjs-data": "1", purpose: "prefetch" }),
  h("x-invoke-* (internal router headers)", { "x-invoke-path": "/api/health", "x-invoke-status": "200", "x-invoke-query": "{}" }),
  h("x-forwarded-host: localhost", { "x-forwarded-host": "localhost", host: "localhost" }),
  h("x-forwarded-for / x-real-ip: 127.0.0.1", { "x-forwarded-for": "127.0.0.1", "x-real-ip": "127.0.0.1", "x-client-ip": "127.0.0.1" }),
  h("forwarded: for=127.0.0.1", { forwarded: "for=127.0.0.1;host=localhost;proto=https" }),
  h("x-original-url: /api/health", { "x-original-url": "/api/health" }),
  h("x-rewrite-url: /api/health", { "x-rewrite-url": "/api/health" }),
  h("x-http-method-override: GET", { "x-http-method-override": "GET", "x-http-method": "GET", "x-method-override": "GET" }),
  h("forwarded identity headers", { "x-forwarded-user": "owner", "x-remote-user": "owner", "remote-user": "owner", "x-authenticated-userid": "owner" }),
  { name: "the key in X-API-Key", build: (w) => ({ headers: { "x-api-key": ownerKey(w) } }) },
  { name: "the key as Basic credentials", build: (w) => ({ headers: { authorization: `Basic ${Buffer.from(`${ownerKey(w)}:`).toString("base64")}` } }) },
  { name: "the key with the Token scheme", build: (w) => ({ headers: { authorization: `Token ${ownerKey(w)}` } }) },
  { name: "the key with no scheme", build: (w) => ({ headers: { authorization: ownerKey(w) } }) },
  { name: "two bearer keys in one header", build: (w) => ({ headers: { authorization: `Bearer ${ownerKey(w)}, Bearer ${ownerKey(w)}` } }) },
  { name: "the key lower-cased", build: (w) => ({ headers: { authorization: `Bearer ${ownerKey(w).toLowerCase()}` } }) },
  { name: "the key truncated by one character", build: (w) => ({ headers: { authorization: `Bearer ${ownerKey(w).slice(0, -1)}` } }) },
  { name: "the key with a suffix", build: (w) => ({ headers: { authorization: `Bearer ${ownerKey(w)}x` } }) },
  { name: "the key's visible prefix only", build: (w) => ({ headers: { authorization: `Bearer ${ownerKey(w).slice(0, 12)}` } }) },
  { name: "the key in ?api_key=", build: (w) => ({ query: `?api_key=${ownerKey(w)}` }) },
  { name: "the key in ?access_token=", build: (w) => ({ query: `?access_token=${ownerKey(w)}` }) },
  {
    name: "A's OWNER session cookie instead of a key",
    build: (w) => ({ headers: { cookie: `${SESSION_COOKIE}=${w.session.OWNER}; __Secure-${SESSION_COOKIE}=${w.session.OWNER}` } }),
  },
];

/**
 * URLs a handler may be reached at when a proxy normalises differently from the router. Calling the
 * handler directly proves only that it takes no decision from the URL; which handler a running
 * server routes these to is for the production-server tests.
 */
export const PATH_TRICKS = [
  "/api/provider/studio/members/",
  "/api/provider/studio/%2e/members",
  "/api/provider/studio/%2e%2e/studio/members",
  "//api/provider/studio/members",
  "/api/provider/studio/members.",
  "/API/provider/studio/members",
  "/api/public/../provider/studio/members",
  "/api/provider/studio/members;.json",
  "/api/provider/studio/members%00",
  "/api/provider/studio/members?__nextDataReq=1&_rsc=1",
];
