import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The folders of lib/ import one another one way only: no two folders import each other, and no
// longer loop runs through three or more. eslint.config.mjs names the floors it knows (actions, the
// listing cache, route wrappers, OpenAPI, transport, config); this test holds every other folder to
// the same rule, so a capability that starts reading one that reads it back fails here, with the
// files that tie them. Product files only: a test may import across folders freely.

const ROOT = process.cwd();
const LIB = path.join(ROOT, "lib");
const SOURCE = /\.(ts|tsx|mjs|cjs|js)$/;
const TEST = /\.test\.tsx?$/;

// Static imports and re-exports, `import "…"`, dynamic `import("…")` (a type's `import("…")` too) and require().
const SPECIFIERS = [
  /\b(?:import|export)\s[^"'`;]*?\sfrom\s*["']([^"']+)["']/g,
  /\bimport\s*["']([^"']+)["']/g,
  /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
  /\brequire\(\s*["']([^"']+)["']\s*\)/g,
];

/** Every module specifier written in `source`, in any of the forms above. */
export function specifiersIn(source: string): string[] {
  return SPECIFIERS.flatMap((pattern) => [...source.matchAll(pattern)].map((m) => m[1]!));
}

/** lib/<folder>/… → "<folder>"; a file straight under lib/ (lib/errors.ts) is a folder of its own. */
function folderOf(file: string): string | null {
  const relative = path.relative(LIB, file);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return null;
  const [first, ...rest] = relative.split(path.sep);
  return rest.length === 0 ? first!.replace(SOURCE, "") : first!;
}

function productFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return productFiles(full);
    return SOURCE.test(entry.name) && !TEST.test(entry.name) ? [full] : [];
  });
}

/** "from -> to" → the imports (file: specifier) that draw that arrow between two lib/ folders. */
function folderArrows(): Map<string, string[]> {
  const arrows = new Map<string, string[]>();
  for (const file of productFiles(LIB)) {
    const from = folderOf(file)!;
    for (const specifier of specifiersIn(fs.readFileSync(file, "utf8"))) {
      let target: string;
      if (specifier.startsWith("@/")) target = path.join(ROOT, specifier.slice(2));
      else if (specifier.startsWith(".")) target = path.resolve(path.dirname(file), specifier);
      else continue;
      const to = folderOf(target);
      if (!to || to === from) continue;
      const key = `${from} -> ${to}`;
      arrows.set(key, [...(arrows.get(key) ?? []), `${path.relative(ROOT, file)}: ${specifier}`]);
    }
  }
  return arrows;
}

/** The groups of two or more folders that reach one another (Tarjan's strongly connected components). */
export function folderCycles(arrows: Iterable<string>): string[][] {
  const next = new Map<string, string[]>();
  for (const arrow of arrows) {
    const [from, to] = arrow.split(" -> ") as [string, string];
    next.set(from, [...(next.get(from) ?? []), to]);
    if (!next.has(to)) next.set(to, []);
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node)!) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const node of next.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

describe("lib/ folders import one another one way", () => {
  it("no two folders of lib/ import each other, and no loop runs through several", () => {
    const arrows = folderArrows();
    expect(arrows.size, "the scan found no imports between lib/ folders: it is not reading them").toBeGreaterThan(20);
    const pairs = [...arrows.keys()]
      .filter((arrow) => {
        const [from, to] = arrow.split(" -> ") as [string, string];
        return from < to && arrows.has(`${to} -> ${from}`);
      })
      .map((arrow) => {
        const [from, to] = arrow.split(" -> ") as [string, string];
        return `${from} <-> ${to}: ${arrows.get(arrow)![0]} | ${arrows.get(`${to} -> ${from}`)![0]}`;
      });
    expect(pairs, "folders of lib/ that import each other").toEqual([]);
    const loops = folderCycles(arrows.keys()).map((group) => {
      const inside = [...arrows].filter(([arrow]) => arrow.split(" -> ").every((end) => group.includes(end)));
      return `${group.join(", ")}: ${inside.map(([arrow, files]) => `${arrow} (${files[0]})`).join("; ")}`;
    });
    expect(loops, "folders of lib/ in an import loop").toEqual([]);
  });

  it("the scan reads every form of import, and the check finds a pair and a longer loop", () => {
    const source = [
      'import { a } from "@/lib/one/a";',
      'import type { B } from "../two/b";',
      'export { c } from "./c";',
      'import "@/lib/three/side-effect";',
      'const d = await import("@/lib/four/d");',
      'type E = typeof import("@/lib/five/e");',
      'const f = require("../six/f.cjs");',
    ].join("\n");
    expect(specifiersIn(source).sort()).toEqual(
      ["@/lib/one/a", "../two/b", "./c", "@/lib/three/side-effect", "@/lib/four/d", "@/lib/five/e", "../six/f.cjs"].sort(),
    );
    expect(folderCycles(["a -> b", "b -> a", "b -> c"])).toEqual([["a", "b"]]);
    expect(folderCycles(["a -> b", "b -> c", "c -> a", "c -> d"])).toEqual([["a", "b", "c"]]);
    expect(folderCycles(["a -> b", "b -> c", "a -> c"])).toEqual([]);
  });
});
