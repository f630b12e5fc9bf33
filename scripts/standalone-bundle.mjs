// Completes `next build`'s standalone output (.next/standalone) into a folder that runs on its own:
// `node server.js` serves pages, the API and static assets, `node migrate.mjs` applies the
// migrations (the release step, docs/operations.md) and `node cli.mjs` is the operator CLI. Run by
// `npm run build` after `next build`.
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");
const standalone = path.join(root, ".next", "standalone");
if (!fs.existsSync(path.join(standalone, "server.js"))) {
  console.error("[standalone] .next/standalone/server.js is missing: is `output: \"standalone\"` set in next.config.ts?");
  process.exit(1);
}

const copy = (from, to) => {
  if (!fs.existsSync(path.join(root, from))) return;
  fs.rmSync(path.join(standalone, to), { recursive: true, force: true });
  fs.cpSync(path.join(root, from), path.join(standalone, to), { recursive: true });
  console.log(`[standalone] copied ${from} -> .next/standalone/${to}`);
};
// Next.js leaves these to a CDN or the operator; this bundle serves them itself.
copy(".next/static", ".next/static");
copy("public", "public");
// Read at run time from process.cwd()/db/migrations (db/client.ts), by the server and migrate.mjs.
copy("db/migrations", "db/migrations");

// The page-cache handler (next.config.ts `cacheHandler`) is loaded by path from the server's config.
const serverConfig = JSON.parse(fs.readFileSync(path.join(standalone, ".next", "required-server-files.json"), "utf8")).config;
const handler = serverConfig.cacheHandler;
// A relative path is relative to the dist directory (.next).
const handlerPath = handler && (path.isAbsolute(handler) ? handler : path.join(standalone, ".next", handler));
if (!handler || !fs.existsSync(handlerPath) || !handlerPath.startsWith(standalone)) {
  console.error(`[standalone] the page-cache handler is not inside the bundle: ${handler}`);
  process.exit(1);
}

// `npm run db:migrate` and `npm run cli` without tsx or the sources: the same code, each bundled into
// one file. PGlite stays external (it loads its WASM from node_modules, which the bundle has, traced
// by Next.js).
async function bundle(entry, out) {
  await build({
    entryPoints: [path.join(root, ...entry.split("/"))],
    outfile: path.join(standalone, out),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    external: ["@electric-sql/pglite"],
    tsconfig: path.join(root, "tsconfig.json"),
    // A name of its own for the import: a bundled package may import createRequire itself (fflate's
    // Node build does), and two imports of one name in a module are a SyntaxError.
    banner: { js: "import { createRequire as __bundleCreateRequire } from 'node:module'; const require = __bundleCreateRequire(import.meta.url);" },
    logLevel: "warning",
  });
  console.log(`[standalone] bundled ${entry} -> .next/standalone/${out}`);
}
await bundle("scripts/migrate.ts", "migrate.mjs");
await bundle("scripts/cli/main.ts", "cli.mjs");

// The image optimizer is off (next.config.ts `images.unoptimized`, `outputFileTracingExcludes`), so
// nothing loads sharp; were it traced in again, the bundle would carry ~20 MB of native libraries.
for (const unused of ["node_modules/sharp", "node_modules/@img"]) {
  if (fs.existsSync(path.join(standalone, unused))) {
    console.error(`[standalone] ${unused} is in the bundle: the image optimizer is off, nothing should load it`);
    process.exit(1);
  }
}
