import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { problemType } from "@/lib/http/problem";
import { ERROR_STATUS, type ErrorCode } from "@/lib/errors";
import ApiDocsPage, { metadata } from "./page";

const html = renderToStaticMarkup(createElement(ApiDocsPage));

function ids(): Set<string> {
  return new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!));
}

describe("API reference page", () => {
  it("has a title and description for search and tabs", () => {
    expect(metadata.title).toBe("API reference");
    expect(String(metadata.description)).toMatch(/API/);
  });

  it("has an anchor for every error code, where problem type URIs point", () => {
    const anchors = ids();
    for (const code of Object.keys(ERROR_STATUS) as ErrorCode[]) {
      expect(anchors.has(problemType(code).split("#")[1]!), code).toBe(true);
    }
    expect(anchors.has("error-validation-failed")).toBe(true);
  });

  it("documents every operation of the OpenAPI document with a curl example", () => {
    const doc = buildOpenApiDocument();
    let operations = 0;
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      for (const [method, op] of Object.entries(item as Record<string, { operationId?: string }>)) {
        expect(ids().has(`op-${op.operationId}`), `${method} ${path}`).toBe(true);
        expect(html).toContain(`<code>${path}</code>`);
        operations += 1;
      }
    }
    // The API's fourteen operations (lib/openapi/document.test.ts holds the list); none checked would prove nothing.
    expect(operations).toBeGreaterThanOrEqual(14);
    expect(html).toContain("curl -X POST &quot;$BASE_URL/public/studio/providers/verify?token=$TOKEN&quot;");
    expect(html).toContain("-H &quot;Authorization: Bearer $API_KEY&quot;");
    expect(html).toContain('href="/api/openapi.json"');
  });

  it("lists request body fields with their rules, from the generated schemas", () => {
    expect(html).toMatch(/<code>headline<\/code><\/th><td><span>string<\/span><\/td><td>no<\/td><td>max length 160<\/td>/);
    expect(html).toMatch(/<code>description<\/code><\/th><td><span>string<\/span><\/td><td>yes<\/td><td>min length 10; max length 5000<\/td>/);
    expect(html).toContain("one of: DEVELOPMENT, DESIGN, MARKETING, CONSULTING, DATA, DEVOPS, OTHER");
    expect(html).toContain("<code>user.email</code>");
  });

  it("keeps headings in order and labels table headers with a scope", () => {
    const levels = [...html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
    expect(levels[0]).toBe(1);
    expect(levels.filter((l) => l === 1)).toHaveLength(1);
    for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!).toBeLessThanOrEqual(1);
    expect(html).not.toMatch(/<th(?=[\s>])(?![^>]*scope=)[^>]*>/);
  });

  it("never repeats an id", () => {
    const all = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(all).size).toBe(all.length);
  });
});
