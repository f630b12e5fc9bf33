import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// One home for the runtime seams (CONTRIBUTING.md, "The Next.js seam"): a value one per process is a
// slot of lib/config/process-singletons.ts, work on a timer a job of lib/runtime/background-job.ts,
// and Node's HTTP server is patched in lib/http/server-patch.ts only. These scans refuse a second home.
const root = process.cwd();

function productFiles(): string[] {
  const dirs = ["app", "components", "lib", "db"];
  const files = dirs.flatMap((dir) =>
    fs
      .readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.(ts|tsx|cjs|mjs)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
      .map((e) => path.relative(root, path.join(e.parentPath, e.name))),
  );
  return [...files, "instrumentation.ts", "instrumentation-node.ts"];
}

function filesMatching(pattern: RegExp): string[] {
  return productFiles()
    .filter((file) => pattern.test(fs.readFileSync(path.join(root, file), "utf8")))
    .sort();
}

describe("the runtime seams", () => {
  it("keep process-wide state in the one registry; only the page cache's hooks meet it on globalThis", () => {
    expect(filesMatching(/\bglobalThis\b(?!\s*\*)/)).toEqual([
      // The registry itself.
      "lib/config/process-singletons.ts",
      // Next.js loads the page-cache handler as plain CommonJS outside the bundles: these three share
      // its hooks on Symbol.for keys (docs/decisions/nextjs-seams.md).
      "lib/listing-cache/listing-version-hook.ts",
      "lib/listing-cache/page-cache-handler.cjs",
      "lib/metrics/registry.ts",
    ]);
  });

  it("run timers through the background-job helper; the one interval left is the shutdown's idle sweep", () => {
    expect(filesMatching(/\bsetInterval\s*\(/)).toEqual(["lib/http/server-hooks.ts"]);
  });

  it("patch Node's HTTP server in one place", () => {
    expect(filesMatching(/\.emit\s*=(?!=)/)).toEqual(["lib/http/server-patch.ts"]);
  });
});
