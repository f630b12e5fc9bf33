// Run by `npm install` / `npm ci` (package.json "postinstall"). Next.js 16.4's page cache measures
// every page it stores with JSON.stringify, although only its data cache (fetch) uses the figure:
// a rendered page's RSC payload is a Buffer, which stringifies byte by byte into an array of numbers.
// Measured side by side, that is about a tenth of the Node.js time of every uncached directory and
// profile page (docs/benchmarks.md, "Where one uncached request's time goes now"). This makes the
// measurement conditional, as it is for the data cache; nothing else changes.
//
// A plain text replacement rather than patch-package: the statement sits on a 57 KB minified line,
// which a diff would carry twice. The replacement is exact and checked: it must match once, in the
// Next.js version it was written for; lib/listing-cache/next-internals.test.ts holds the result.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);
const FOR_VERSION = /^16\.4\./;
export const RUNTIME = "dist/compiled/next-server/app-page-turbo.runtime.prod.js";
export const UNPATCHED = "let i=JSON.stringify(t).length;";
export const PATCHED = "let i=r.fetchCache?JSON.stringify(t).length:0;";

function nextDir() {
  try {
    return path.dirname(require.resolve("next/package.json"));
  } catch {
    return null;
  }
}

/** Applies the replacement to the installed Next.js; exits non-zero if its text is not as expected. */
function patchNext() {
  const dir = nextDir();
  if (!dir) {
    console.log("[patch-next] next is not installed; nothing to patch");
    return;
  }
  const { version } = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
  if (!FOR_VERSION.test(version)) {
    // An upgrade: the test in next-internals.test.ts fails until this is looked at again.
    console.warn(`[patch-next] next ${version} is not 16.4: left unpatched; re-check scripts/patch-next.mjs`);
    return;
  }
  const file = path.join(dir, RUNTIME);
  const source = fs.readFileSync(file, "utf8");
  const unpatched = source.split(UNPATCHED).length - 1;
  const patched = source.split(PATCHED).length - 1;
  if (unpatched === 0 && patched === 1) {
    console.log(`[patch-next] ${RUNTIME} already patched`);
  } else if (unpatched === 1 && patched === 0) {
    fs.writeFileSync(file, source.replace(UNPATCHED, PATCHED));
    console.log(`[patch-next] ${RUNTIME}: the page cache no longer stringifies pages to measure them`);
  } else {
    console.error(`[patch-next] ${RUNTIME}: expected the statement once, found ${unpatched} unpatched and ${patched} patched`);
    process.exit(1);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) patchNext();
