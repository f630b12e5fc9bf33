import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// Next.js compiles instrumentation.ts for the Node.js runtime and for the Edge runtime. In the Edge
// compilation it writes "edge" for process.env.NEXT_RUNTIME and drops a branch whose test is then
// false, with the imports inside it; it does not drop the statements after an early
// `if (process.env.NEXT_RUNTIME !== "nodejs") return;`. With that early return (issue 25, points 13
// and 14) the Edge compilation followed every import below it, and `next dev` printed about 15
// "Edge Runtime … Ecmascript file had an error" blocks for each page it compiled (90 blocks, 1 611
// lines for five pages and /api/health; none since, docs/decisions/nextjs-seams.md). This holds the rule: the file
// imports nothing at its top but types, and every dynamic import sits inside a
// `process.env.NEXT_RUNTIME === "nodejs"` branch.

const ROOT = path.resolve(import.meta.dirname, "..", "..");

function source(file: string): ts.SourceFile {
  return ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), "utf8"), ts.ScriptTarget.Latest, true);
}

function isNodeRuntimeTest(node: ts.Expression): boolean {
  return /^process\.env\.NEXT_RUNTIME\s*===\s*["']nodejs["']$/.test(node.getText());
}

/** Every import in the file that Next.js's Edge compilation would follow, as "line: text". */
function importsTheEdgeCompilationFollows(file: ts.SourceFile): string[] {
  const found: string[] = [];
  const where = (node: ts.Node) => `${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${node.getText().split("\n")[0]}`;
  const visit = (node: ts.Node, guarded: boolean): void => {
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly) found.push(where(node));
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && !guarded) found.push(where(node));
    if (ts.isIfStatement(node)) {
      visit(node.expression, guarded);
      visit(node.thenStatement, guarded || isNodeRuntimeTest(node.expression));
      if (node.elseStatement) visit(node.elseStatement, guarded);
      return;
    }
    ts.forEachChild(node, (child) => visit(child, guarded));
  };
  visit(file, false);
  return found;
}

describe("instrumentation.ts", () => {
  it("reaches Node.js-only code only inside a NEXT_RUNTIME === \"nodejs\" branch, so the Edge compilation never sees it", () => {
    const file = source("instrumentation.ts");
    expect(importsTheEdgeCompilationFollows(file)).toEqual([]);
    // It does reach the Node.js half (a file with no import at all would pass vacuously).
    expect(file.getText()).toContain('import("./instrumentation-node")');
  });

  it("the check itself sees an import after an early return", () => {
    const early = ts.createSourceFile(
      "x.ts",
      'export async function register() {\n  if (process.env.NEXT_RUNTIME !== "nodejs") return;\n  await import("./instrumentation-node");\n}\n',
      ts.ScriptTarget.Latest,
      true,
    );
    expect(importsTheEdgeCompilationFollows(early)).toEqual(['3: import("./instrumentation-node")']);
  });
});
