import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The decisions are a folder of topic files with an index (docs/decisions/README.md), and the docs
// link to each other by relative paths. These tests read the files themselves: a topic the index
// forgets, a link to a file or heading that is gone, or a leftover reference to the old single file
// fails here, not in a reader's browser.

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const DECISIONS = "docs/decisions";
/** The single file the decisions were until issue 26 (spelled so that this file does not name it). */
const OLD_DECISIONS = ["decisions", "md"].join(".");
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");

function markdownFiles(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".md"))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)));
}

const topicFiles = () => markdownFiles(DECISIONS).filter((f) => path.basename(f) !== "README.md");
const documents = () => ["README.md", "CONTRIBUTING.md", ...markdownFiles("docs")];

/** Markdown links outside code: [text](target), without the web and mail ones. */
function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, "").replace(/`[^`\n]*`/g, "");
  return [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((m) => m[1]!)
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target) && !target.startsWith("/"));
}

/** The anchors GitHub gives a file's headings: lower case, punctuation dropped, spaces as hyphens. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading] of markdown.replace(/```[\s\S]*?```/g, "").matchAll(/^#{1,6} (.+)$/gm)) {
    const base = heading!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\p{M} _-]/gu, "")
      .replace(/ /g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

describe("the decisions", () => {
  it("are a folder of topic files with an index; the old single file is gone", () => {
    expect(fs.existsSync(path.join(ROOT, "docs", OLD_DECISIONS))).toBe(false);
    expect(fs.existsSync(path.join(ROOT, DECISIONS, "README.md"))).toBe(true);
    expect(topicFiles().length).toBeGreaterThanOrEqual(15);
    for (const file of topicFiles()) expect(path.basename(file), "kebab-case names").toMatch(/^[a-z0-9]+(-[a-z0-9]+)*\.md$/);
  });

  it("index links every topic file, and only files that exist", () => {
    const linked = new Set(relativeLinks(read(`${DECISIONS}/README.md`)).map((l) => path.join(DECISIONS, l.split("#")[0]!)));
    expect(topicFiles().filter((f) => !linked.has(f)), "topic files the index does not link").toEqual([]);
    expect([...linked].filter((f) => !fs.existsSync(path.join(ROOT, f))), "index links to missing files").toEqual([]);
  });

  it("each state the current design first, then a dated history, and lead back to the index", () => {
    for (const file of topicFiles()) {
      const text = read(file);
      expect(text, file).toMatch(/^# \S/);
      const history = text.indexOf("\n## History\n");
      expect(history, `${file} has a History section`).toBeGreaterThan(-1);
      expect(text.slice(0, history), `${file} states the current design before its history`).toMatch(/\n## (?!History)/);
      expect(text.slice(history), `${file}'s history is dated`).toMatch(/\*\*\d{4}-\d{2}-\d{2}/);
      expect(relativeLinks(text), `${file} links to the index`).toContain("README.md");
    }
  });
});

describe("links between the docs", () => {
  it("point at files and headings that exist", () => {
    const broken: string[] = [];
    for (const file of documents()) {
      for (const link of relativeLinks(read(file))) {
        const [target, anchor] = link.split("#") as [string, string | undefined];
        const resolved = target ? path.join(path.dirname(file), target) : file;
        if (!fs.existsSync(path.join(ROOT, resolved))) {
          broken.push(`${file}: ${link} (no such file)`);
        } else if (anchor && resolved.endsWith(".md") && !anchors(read(resolved)).has(anchor)) {
          broken.push(`${file}: ${link} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it("never name the old single decisions file, in the docs or in the code", () => {
    const dirs = ["app", "components", "lib", "db", "scripts", "e2e", "test", "bench", "docs"];
    const files = ["README.md", "CONTRIBUTING.md", "Dockerfile", "next.config.ts", "instrumentation.ts", "instrumentation-node.ts"];
    for (const dir of dirs) {
      if (!fs.existsSync(path.join(ROOT, dir))) continue;
      for (const e of fs.readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })) {
        if (e.isFile() && /\.(ts|tsx|mjs|cjs|js|sql|md|sh)$/.test(e.name)) files.push(path.relative(ROOT, path.join(e.parentPath, e.name)));
      }
    }
    const naming = files.filter((f) => fs.existsSync(path.join(ROOT, f)) && read(f).includes(OLD_DECISIONS));
    expect(naming).toEqual([]);
  });
});
