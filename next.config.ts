import path from "node:path";
import type { NextConfig } from "next";
import { DIRECTORY_VIEW_GUARD, directoryViewRewrites } from "./components/directory/directory-views";

const isDev = process.env.NODE_ENV !== "production";
const TURNSTILE = "https://challenges.cloudflare.com";

// Inline scripts stay allowed because the App Router bootstraps with them; a nonce-based policy would
// force every page to render dynamically. Everything else is locked to our origin and Turnstile.
const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self' 'unsafe-inline' ${TURNSTILE}${isDev ? " 'unsafe-eval'" : ""}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' https: http: data: blob:",
  "font-src 'self' data:",
  `connect-src 'self' ${TURNSTILE}`,
  `frame-src ${TURNSTILE}`,
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "object-src 'none'",
].join("; ");

const securityHeaders = [
  { key: "Content-Security-Policy", value: contentSecurityPolicy },
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
  { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
  { key: "Strict-Transport-Security", value: "max-age=63072000; includeSubDomains" },
];

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // PGlite ships a WASM build and data files that must be loaded from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite"],
  // Directory and profile pages are served from memory until the listing changes (see the handler).
  cacheHandler: path.resolve(process.cwd(), "lib/page-cache/handler.cjs"),
  // Cached pages tell shared caches what the list API tells them: fresh for 10 s (each page's
  // `revalidate`), then usable for 30 s more while they fetch a new copy.
  expireTime: 40,
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
    ];
  },
};

export default nextConfig;
