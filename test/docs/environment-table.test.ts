import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The README's environment table is the one list of variables: .env.example holds every one of them
// (and nothing else), and every variable the server validates (lib/config/env.ts) or a script or
// server file reads is in it. Read from the files themselves, so a new variable cannot be forgotten.

const ROOT = path.resolve(import.meta.dirname, "..", "..");
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), "utf8");
const NAME = /`([A-Z][A-Z0-9_]*)`/g;

/** The variables named in the first column of the README's "## Environment" table. */
function readmeVariables(): Set<string> {
  const readme = read("README.md");
  const start = readme.indexOf("\n## Environment\n");
  expect(start, "README has an Environment section").toBeGreaterThan(-1);
  const end = readme.indexOf("\n## ", start + 1);
  const rows = readme.slice(start, end === -1 ? undefined : end).split("\n").filter((l) => l.startsWith("| `"));
  return new Set(rows.flatMap((row) => [...row.split("|")[1]!.matchAll(NAME)].map((m) => m[1]!)));
}

function envExampleVariables(): Set<string> {
  return new Set([...read(".env.example").matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!));
}

/** The keys of the schema lib/config/env.ts validates the environment with. */
function envSchemaVariables(): string[] {
  const source = read("lib/config/env.ts");
  const start = source.indexOf("const envSchema = z.object({");
  expect(start, "lib/config/env.ts declares envSchema").toBeGreaterThan(-1);
  const body = source.slice(start, source.indexOf("\n});", start));
  return [...body.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]!);
}

/** Variables read as process.env.NAME (an assignment alone is not a read) by the server and the scripts. */
function variablesReadBySources(): Map<string, string> {
  const found = new Map<string, string>();
  const files = ["instrumentation.ts", "instrumentation-node.ts", "next.config.ts", "proxy.ts"].filter((f) => fs.existsSync(path.join(ROOT, f)));
  for (const dir of ["app", "lib", "db", "scripts"]) {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.(ts|tsx|mjs|cjs|js)$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
      files.push(path.relative(ROOT, path.join(entry.parentPath, entry.name)));
    }
  }
  for (const file of files) {
    for (const m of read(file).matchAll(/process\.env\.([A-Z][A-Z0-9_]*)\b(?!\s*=[^=])/g)) found.set(m[1]!, file);
  }
  return found;
}

// Set by Next.js or the shell, never by an operator.
const NOT_CONFIGURATION = new Set(["NODE_ENV", "NEXT_RUNTIME", "NEXT_PHASE", "PATH", "HOME"]);

describe("the README's environment table", () => {
  it("is what .env.example lists, no more and no less", () => {
    const table = readmeVariables();
    const example = envExampleVariables();
    expect(table.size).toBeGreaterThan(30);
    expect([...table].filter((v) => !example.has(v)), "in the README table, missing from .env.example").toEqual([]);
    expect([...example].filter((v) => !table.has(v)), "in .env.example, missing from the README table").toEqual([]);
  });

  it("names every variable lib/config/env.ts validates", () => {
    const table = readmeVariables();
    const schema = envSchemaVariables();
    expect(schema).toContain("INQUIRY_IP_LIMIT");
    expect(schema.filter((v) => !NOT_CONFIGURATION.has(v) && !table.has(v))).toEqual([]);
  });

  it("names every variable the server's files and the scripts read", () => {
    const table = readmeVariables();
    const read = variablesReadBySources();
    expect(read.get("STANDALONE_PORT")).toBe("scripts/check-standalone.mjs");
    const missing = [...read].filter(([v]) => !NOT_CONFIGURATION.has(v) && !table.has(v)).map(([v, file]) => `${v} (${file})`);
    expect(missing).toEqual([]);
  });
});
