import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // PGlite ships a WASM build and data files that must be loaded from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite"],
  logging: {
    // The development request log prints full URLs; verification tokens and keys must never reach a log.
    incomingRequests: { ignore: [/[?&](token|key)=/i] },
  },
};

export default nextConfig;
