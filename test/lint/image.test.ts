import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import nextConfig from "@/next.config";

// The production image (Dockerfile) and what the bundle it copies leaves out. The bundle itself is
// proven by scripts/check-standalone.mjs in CI (the CLI runs from it, sharp is not in it).
const root = process.cwd();
const dockerfile = fs.readFileSync(path.join(root, "Dockerfile"), "utf8");

function sourceFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

describe("the production image", () => {
  it("builds and runs on one pinned Node.js release, the same for both stages", () => {
    const image = /^ARG NODE_IMAGE=(\S+)$/m.exec(dockerfile)?.[1];
    expect(image, "ARG NODE_IMAGE=<image> in the Dockerfile").toBeDefined();
    // An exact release (major.minor.patch) on a named Debian, optionally with its digest: never `22` or `lts`.
    expect(image).toMatch(/^node:\d+\.\d+\.\d+-(bookworm|trixie)-slim(@sha256:[0-9a-f]{64})?$/);
    const froms = [...dockerfile.matchAll(/^FROM (\S+)/gm)].map((m) => m[1]);
    expect(froms).toEqual(["${NODE_IMAGE}", "${NODE_IMAGE}"]);
  });

  it("runs the Node.js major of `engines` and CI", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { engines: { node: string } };
    const major = /node:(\d+)\./.exec(dockerfile)?.[1];
    expect(pkg.engines.node).toMatch(new RegExp(`\\b${major}\\b`));
    expect(fs.readFileSync(path.join(root, ".ci", "run"), "utf8")).toContain(`node@${major}`);
  });

  it("has the image optimizer off, as no page uses next/image, and leaves sharp out of the bundle", () => {
    expect(nextConfig.images?.unoptimized).toBe(true);
    expect(nextConfig.outputFileTracingExcludes?.["*"]).toEqual(expect.arrayContaining(["node_modules/sharp/**", "node_modules/@img/**"]));
    const users = [...sourceFiles("app"), ...sourceFiles("components")].filter((f) => /from ["']next\/image["']/.test(fs.readFileSync(f, "utf8")));
    expect(users).toEqual([]);
  });
});
