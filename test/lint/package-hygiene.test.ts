import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

// What a fresh clone meets first: the Node.js it should run, a lockfile `npm install` leaves as it is,
// a dependency tree `npm ls` finds whole, and the one Next.js release the install patch was checked on
// (docs/decisions/dependencies.md).
const root = path.resolve(import.meta.dirname, "..", "..");
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
const pkg = JSON.parse(read("package.json")) as {
  engines: { node: string };
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const lock = JSON.parse(read("package-lock.json")) as { packages: Record<string, Record<string, unknown>> };
const oldestNode = Number(/^>=\s*(\d+)$/.exec(pkg.engines.node)?.[1]);

describe("the Node.js a clone runs", () => {
  it("engines names the oldest supported major, and .nvmrc picks it", () => {
    expect(oldestNode, `engines.node is ${pkg.engines.node}`).toBeGreaterThanOrEqual(22);
    expect(read(".nvmrc").trim()).toBe(String(oldestNode));
  });

  it("@types/node describes that major, so the typecheck refuses an API it lacks", () => {
    expect(pkg.devDependencies["@types/node"]).toMatch(new RegExp(`^\\^${oldestNode}\\.`));
  });
});

describe("the lockfile", () => {
  it("is the one `npm install` writes: the root entry says the package has an install script when it has one", () => {
    const hasInstallScript = ["preinstall", "install", "postinstall"].some((name) => name in pkg.scripts);
    expect(Boolean(lock.packages[""]!.hasInstallScript)).toBe(hasInstallScript);
  });

  it("records the ranges package.json asks for", () => {
    expect(lock.packages[""]!.dependencies).toEqual(pkg.dependencies);
    expect(lock.packages[""]!.devDependencies).toEqual(pkg.devDependencies);
  });

  it("installs a tree `npm ls --all` finds whole: no invalid, missing or extraneous package", { timeout: 60_000 }, async () => {
    const run = promisify(execFile);
    const result = await run("npm", ["ls", "--all", "--json"], { cwd: root, maxBuffer: 64 * 1024 * 1024 }).catch(
      (error: { stdout?: string; stderr?: string }) => ({ stdout: error.stdout ?? "", stderr: error.stderr ?? "", failed: true }),
    );
    const problems = (JSON.parse(result.stdout || "{}") as { problems?: string[] }).problems ?? [];
    expect(problems).toEqual([]);
    expect("failed" in result, result.stderr).toBe(false);
  });
});

describe("the Next.js pin", () => {
  it("is one exact release for next and eslint-config-next, on the line scripts/patch-next.mjs was checked against", () => {
    const next = pkg.dependencies.next!;
    expect(next, "an exact version: the install patch rewrites one statement of one release").toMatch(/^\d+\.\d+\.\d+$/);
    expect(pkg.devDependencies["eslint-config-next"]).toBe(next);
    const forVersion = /const FOR_VERSION = \/(.+)\/;/.exec(read("scripts/patch-next.mjs"))?.[1];
    expect(forVersion, "scripts/patch-next.mjs names the versions it patches").toBeTruthy();
    expect(next).toMatch(new RegExp(forVersion!));
  });
});
