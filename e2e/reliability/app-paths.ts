// Every page and route of the app, found on disk (every page.tsx and route.ts under app/), so a new
// one is covered by the specs that use this without editing them.
import fs from "node:fs";
import path from "node:path";
import { DEMO_PROVIDER_SLUG } from "../../scripts/seed/demo-data";

const APP = path.resolve(import.meta.dirname, "..", "..", "app");

/** The sample `[id]`: a well-formed id that names no record. */
export const SAMPLE_ID = "00000000-0000-4000-8000-000000000000";

// A real value for each dynamic segment; an unknown segment fails the enumeration test on purpose.
const SAMPLE: Record<string, string> = {
  "[slug]": DEMO_PROVIDER_SLUG,
  "[id]": SAMPLE_ID,
  "[messageId]": "msg_00000000000000000000000000",
  "[...path]": "no-such-endpoint",
  "[...nextauth]": "session",
  // The directory's view route (reached only through rewrites; its own address answers 404).
  "[specialty]": "design",
  "[featured]": "-",
  "[number]": "2",
};

/** URL paths of every page.tsx and route.ts under app/, dynamic segments filled in. */
export function appPaths(file: "page.tsx" | "route.ts"): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(APP, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name !== file) continue;
    const segments = path
      .relative(APP, entry.parentPath)
      .split(path.sep)
      .filter((s) => s && !/^\(.*\)$/.test(s))
      .map((s) => {
        if (!s.startsWith("[")) return s;
        if (!(s in SAMPLE)) throw new Error(`add a sample value for the segment ${s} (${entry.parentPath})`);
        return SAMPLE[s]!;
      });
    out.push(`/${segments.join("/")}`);
  }
  return out.sort();
}
