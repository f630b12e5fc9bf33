import path from "node:path";
import type { NextConfig } from "next";
import { DIRECTORY_VIEW_GUARD, directoryViewRewrites } from "./lib/listing-cache/directory-views";
import { API_BODY_LIMIT_BYTES, PAGE_BODY_LIMIT_BYTES } from "./lib/http/body-limits";
import { contentSecurityPolicy, SECURITY_HEADERS } from "./lib/http/security-headers";

const isDev = process.env.NODE_ENV !== "production";

const securityHeaders = [
  // Allows no inline script. The request guard (lib/http/request-guard.ts) replaces it on every
  // answer with the page's own policy: its nonce, or the digests of a cached page's scripts.
  { key: "Content-Security-Policy", value: contentSecurityPolicy({ scriptSources: [], development: isDev }) },
  ...SECURITY_HEADERS,
];

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // A self-contained server in .next/standalone (scripts/standalone-bundle.mjs completes it; docs/operations.md).
  output: "standalone",
  // Every instance of one release must share it (server action ids, asset URLs): set it per release.
  deploymentId: process.env.DEPLOYMENT_ID || undefined,
  // No page uses next/image (provider images are plain <img> from their own hosts,
  // docs/decisions/operations-and-runtime.md): the optimizer (/_next/image) is off, and sharp, which
  // only it loads, stays out of the bundle.
  images: { unoptimized: true },
  outputFileTracingExcludes: { "*": ["node_modules/sharp/**", "node_modules/@img/**"] },
  // PGlite ships a WASM build and data files that must be loaded from node_modules at run time.
  // prom-client keeps its registry in module state: one copy for instrumentation and every route.
  serverExternalPackages: ["@electric-sql/pglite", "prom-client"],
  // Directory and profile pages are served from memory until the listing changes (see the handler).
  cacheHandler: path.resolve(process.cwd(), "lib/listing-cache/page-cache-handler.cjs"),
  // Cached pages tell shared caches what the list API tells them: fresh for 10 s (each page's
  // `revalidate`), then usable for 30 s more while they fetch a new copy.
  expireTime: 40,
  experimental: {
    // Server actions read at most this much (the request guard refuses a larger declared body first).
    serverActions: { bodySizeLimit: PAGE_BODY_LIMIT_BYTES },
    // There is no proxy.ts. Were one added, Next.js would buffer request bodies for it up to this
    // size and silently pass on only that much: one byte over the largest limit keeps every
    // endpoint's own 413 for anything longer.
    proxyClientMaxBodySize: API_BODY_LIMIT_BYTES + 1,
  },
  logging: {
    // The development request log prints full URLs; verification tokens and keys must never reach a log.
    incomingRequests: { ignore: [/[?&](token|key)=/i] },
  },
  async rewrites() {
    // The guard must come first: only addresses rewritten here may reach the directory's view route.
    return { beforeFiles: [DIRECTORY_VIEW_GUARD, ...directoryViewRewrites()], afterFiles: [], fallback: [] };
  },
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      // Pages that carry a verification token must not leak it through the Referer header.
      { source: "/verify", headers: [{ key: "Referrer-Policy", value: "no-referrer" }] },
      { source: "/api/public/studio/providers/verify", headers: [{ key: "Referrer-Policy", value: "no-referrer" }] },
      { source: "/inquiries/confirm", headers: [{ key: "Referrer-Policy", value: "no-referrer" }] },
      { source: "/listing/confirm", headers: [{ key: "Referrer-Policy", value: "no-referrer" }] },
      { source: "/privacy/confirm", headers: [{ key: "Referrer-Policy", value: "no-referrer" }] },
      { source: "/privacy/download", headers: [{ key: "Referrer-Policy", value: "no-referrer" }] },
    ];
  },
};

export default nextConfig;
