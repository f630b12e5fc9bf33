import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  poweredByHeader: false,
  // PGlite ships a WASM build and data files that must be loaded from node_modules at run time.
  serverExternalPackages: ["@electric-sql/pglite"],
};

export default nextConfig;
