import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { SCRIPT_HASHES_HEADER } from "@/lib/http/request-guard";

const scriptHashes = createRequire(import.meta.url)("./script-hashes.cjs") as {
  SCRIPT_HASHES_HEADER: string;
  inlineScriptHashes(html: string): string[];
  withScriptHashes<T>(value: T): T;
};
const sha = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("the digests of a cached page's inline scripts", () => {
  it("covers every script a browser runs, as the browser hashes it, and nothing else", () => {
    const html = [
      `<script>(self.__next_f=self.__next_f||[]).push([0])</script>`,
      `<script id="_R_">(globalThis["TURBOPACK"] || []).push({"ü":"\\u003c/script>"})</script>`,
      `<script type="module">import("/x.js")</script>`,
      `<SCRIPT type='text/javascript' nonce="abc">a()</SCRIPT >`,
      `<script src="/_next/static/chunks/a.js" async=""></script>`,
      `<script data-src="x">b()</script>`,
      `<script type="application/ld+json">{"@type":"Organization"}</script>`,
      `<script>(self.__next_f=self.__next_f||[]).push([0])</script>`,
    ].join("\n");
    expect(scriptHashes.inlineScriptHashes(html)).toEqual([
      sha(`(self.__next_f=self.__next_f||[]).push([0])`),
      sha(`(globalThis["TURBOPACK"] || []).push({"ü":"\\u003c/script>"})`),
      sha(`import("/x.js")`),
      sha(`a()`),
      sha(`b()`),
    ]);
  });

  it("are recorded once on a page value's headers, and only on pages", () => {
    const page = { kind: "APP_PAGE", html: "<script>x()</script>", headers: { a: "1" } };
    scriptHashes.withScriptHashes(page);
    expect(page.headers).toEqual({ a: "1", [SCRIPT_HASHES_HEADER]: sha("x()") });
    const route = { kind: "APP_ROUTE", body: Buffer.from("<script>x()</script>"), headers: {} };
    scriptHashes.withScriptHashes(route);
    expect(route.headers).toEqual({});
    expect(scriptHashes.withScriptHashes(null)).toBeNull();
  });

  it("travel under the header the request guard reads", () => {
    expect(scriptHashes.SCRIPT_HASHES_HEADER).toBe(SCRIPT_HASHES_HEADER);
  });
});
