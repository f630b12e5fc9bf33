import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// The floor rules in eslint.config.mjs, run by ESLint itself on source text placed (virtually) at a path
// in each floor: an upward import must be refused, a downward one accepted. `npm run lint` fails CI on
// the first kind, so this is what keeps the floors one-way.
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

const importing = (specifier: string) => `import * as m from "${specifier}";\nexport const used = m;\n`;

describe("the floor rule refuses an upward import", { timeout: 60_000 }, () => {
  it.each([
    ["lib/providers/upward.ts", "@/app/studio/listing/page", "app/ is the top floor"],
    ["lib/providers/upward.ts", "../../app/studio/listing/page", "app/ is the top floor"],
    ["components/studio/upward.tsx", "@/app/studio/listing/page", "app/ is the top floor"],
    ["db/upward.ts", "@/app/api/health/route", "app/ is the top floor"],
    ["lib/http/upward.test.ts", "@/app/api/ready/route", "app/ is the top floor"],
    ["lib/providers/upward.ts", "@/lib/actions/studio/listing", "Server actions (lib/actions/) sit above the domain"],
    ["lib/providers/upward.ts", "../actions/studio/listing", "Server actions (lib/actions/) sit above the domain"],
    ["lib/providers/upward.ts", "@/components/directory/directory-filters", "components/ sit above this floor"],
    ["lib/actions/studio/upward.ts", "@/components/studio/listing/listing-editor", "components/ sit above this floor"],
    ["db/upward.ts", "@/lib/providers/slug", "db/ is the bottom floor"],
    ["db/upward.ts", "../lib/providers/slug", "db/ is the bottom floor"],
    ["lib/config/upward.ts", "@/db", "lib/config/ is the floor everything stands on"],
    ["lib/config/upward.ts", "../errors", "lib/config/ is the floor everything stands on"],
    ["lib/providers/upward.ts", "@/test/support/factories", "test/ is test scaffolding"],
    ["app/studio/upward.ts", "@/test/support/factories", "test/ is test scaffolding"],
    ["lib/providers/upward.ts", "@/scripts/seed/demo", "scripts/ are entry points"],
    ["next.config.ts", "./components/directory/directory-filters", "components/ sit above this floor"],
    ["lib/providers/upward.ts", "@/lib/listing-cache/cached-listing", "lib/listing-cache/ sits above the domain"],
    ["lib/providers/upward.ts", "../listing-cache/prepared-json", "lib/listing-cache/ sits above the domain"],
    ["lib/inquiries/upward.ts", "@/lib/listing-cache", "lib/listing-cache/ sits above the domain"],
    ["lib/inquiries/upward.ts", "../../lib/listing-cache/cached-profile", "lib/listing-cache/ sits above the domain"],
    ["lib/listing-cache/upward.ts", "@/lib/actions/studio/listing", "Server actions (lib/actions/) sit above the domain"],
    ["lib/listing-cache/upward.ts", "@/components/directory/directory-filters", "components/ sit above this floor"],
    ["lib/providers/upward.ts", "@/lib/http/client-ip", "lib/http/ is the transport"],
    ["lib/inquiries/upward.ts", "../http/request", "lib/http/ is the transport"],
    ["lib/provider-core/upward.ts", "@/lib/http/problem", "lib/http/ is the transport"],
    ["lib/providers/upward.ts", "@/lib/route-wrappers/api-route", "lib/route-wrappers/ (apiRoute, tokenFormRoute) stand above"],
    ["lib/members/upward.ts", "../route-wrappers/token-form-route", "lib/route-wrappers/ (apiRoute, tokenFormRoute) stand above"],
    ["lib/members/upward.ts", "@/lib/openapi/document", "lib/openapi/ is the OpenAPI document"],
    ["lib/public-listing/upward.ts", "../openapi/providers", "lib/openapi/ is the OpenAPI document"],
    ["lib/http/upward.ts", "@/lib/route-wrappers/api-route", "lib/route-wrappers/ (apiRoute, tokenFormRoute) stand above"],
    ["lib/http/upward.ts", "@/lib/openapi/responses", "lib/openapi/ is the OpenAPI document"],
    ["lib/route-wrappers/upward.ts", "@/lib/openapi/guide", "lib/openapi/ is the OpenAPI document"],
    ["lib/openapi/upward.ts", "@/lib/actions/studio/listing", "Server actions (lib/actions/) sit above the domain"],
  ])("%s importing %s", async (file, specifier, why) => {
    const found = await problems(file, importing(specifier));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain("no-restricted-imports");
    expect(found[0]).toContain(why);
  });
});

describe("the floor rule accepts a downward import", { timeout: 60_000 }, () => {
  it.each([
    ["app/studio/downward.ts", "@/lib/actions/studio/listing"],
    ["components/studio/downward.tsx", "@/lib/actions/studio/listing"],
    ["lib/actions/studio/downward.ts", "@/lib/providers/update-listing"],
    ["lib/providers/downward.ts", "@/db/schema"],
    ["lib/providers/downward.ts", "@/lib/errors"],
    ["db/downward.ts", "@/lib/config/env"],
    ["lib/config/downward.ts", "./env"],
    ["scripts/downward.ts", "@/lib/providers/create-provider"],
    ["test/support/downward.ts", "@/app/api/health/route"],
    ["lib/providers/downward.test.ts", "@/test/support/factories"],
    ["lib/listing-cache/downward.ts", "@/lib/providers/get-public-provider"],
    ["lib/route-wrappers/downward.ts", "@/lib/listing-cache/cached-listing"],
    ["lib/actions/studio/downward.ts", "@/lib/listing-cache/cached-profile"],
    ["lib/maintenance/downward.ts", "@/lib/listing-cache/trim-listing-changes"],
    ["components/directory/downward.tsx", "@/lib/listing-cache/cached-listing"],
    ["app/providers/downward.ts", "@/lib/listing-cache/cached-profile"],
    ["lib/providers/downward.test.ts", "@/lib/listing-cache/cached-listing"],
    ["lib/route-wrappers/downward.ts", "@/lib/http/request"],
    ["lib/route-wrappers/downward.ts", "@/lib/providers/schemas"],
    ["lib/actions/studio/downward.ts", "@/lib/http/client-ip"],
    ["lib/openapi/downward.ts", "@/lib/providers/schemas"],
    ["lib/openapi/downward.ts", "@/lib/route-wrappers/api-route"],
    ["lib/openapi/downward.ts", "@/lib/http/problem"],
    ["lib/http/downward.ts", "@/lib/config/log"],
    ["lib/providers/downward.ts", "@/lib/provider-core/suspension"],
    ["lib/providers/downward.test.ts", "@/lib/http/request"],
    ["app/api/downward.ts", "@/lib/route-wrappers/api-route"],
  ])("%s importing %s", async (file, specifier) => {
    expect(await problems(file, importing(specifier))).toEqual([]);
  });
});

// no-restricted-imports reads static imports only: the same floors, as no-restricted-syntax selectors,
// refuse `await import("…")` and a type's `import("…")`.
const dynamicImport = (specifier: string) => `export async function load() {\n  return import("${specifier}");\n}\n`;
const typeImport = (specifier: string) => `export type Imported = typeof import("${specifier}");\n`;
const writtenAs = { dynamic: dynamicImport, type: typeImport } as const;

describe("the floor rule refuses an upward dynamic import() and import(\"…\") type", { timeout: 60_000 }, () => {
  it.each([
    ["lib/providers/upward.ts", "dynamic", "@/lib/http/client-ip", "lib/http/ is the transport"],
    ["lib/providers/upward.ts", "type", "@/lib/http/request", "lib/http/ is the transport"],
    ["lib/providers/upward.ts", "type", "@/lib/openapi/document", "lib/openapi/ is the OpenAPI document"],
    ["lib/inquiries/upward.ts", "type", "../route-wrappers/api-route", "lib/route-wrappers/ (apiRoute, tokenFormRoute) stand above"],
    ["lib/http/upward.ts", "dynamic", "@/lib/route-wrappers/api-route", "lib/route-wrappers/ (apiRoute, tokenFormRoute) stand above"],
    ["lib/http/upward.ts", "type", "@/lib/openapi/responses", "lib/openapi/ is the OpenAPI document"],
    ["lib/route-wrappers/upward.ts", "dynamic", "@/lib/openapi/document", "lib/openapi/ is the OpenAPI document"],
    ["lib/providers/upward.ts", "dynamic", "@/lib/actions/studio/listing", "Server actions (lib/actions/) sit above the domain"],
    ["lib/providers/upward.ts", "dynamic", "@/lib/listing-cache/cached-listing", "lib/listing-cache/ sits above the domain"],
    ["db/upward.ts", "dynamic", "@/lib/providers/slug", "db/ is the bottom floor"],
    ["components/studio/upward.tsx", "type", "@/app/studio/listing/page", "app/ is the top floor"],
  ] as const)("%s, %s import of %s", async (file, kind, specifier, why) => {
    const found = await problems(file, writtenAs[kind](specifier));
    expect(found).toHaveLength(1);
    expect(found[0]).toContain("no-restricted-syntax");
    expect(found[0]).toContain(why);
  });
});

describe("the floor rule accepts a downward dynamic import() and import(\"…\") type", { timeout: 60_000 }, () => {
  it.each([
    ["lib/route-wrappers/downward.ts", "dynamic", "@/lib/http/client-ip"],
    ["lib/providers/downward.ts", "type", "@/lib/provider-core/suspension"],
    ["lib/openapi/downward.ts", "type", "@/lib/route-wrappers/api-route"],
    ["db/downward.ts", "dynamic", "@/lib/config/env"],
    ["lib/providers/downward.test.ts", "dynamic", "@/lib/http/request"],
  ] as const)("%s, %s import of %s", async (file, kind, specifier) => {
    expect(await problems(file, writtenAs[kind](specifier))).toEqual([]);
  });
});

describe("a delete or update without where is refused in product code", { timeout: 60_000 }, () => {
  const header = `import { eq } from "drizzle-orm";\nimport type { Db } from "@/db";\nimport { providers } from "@/db/schema";\n`;

  it("refuses db.delete(table) and tx.update(table).set(...) with no where", async () => {
    const code = `${header}export async function wipe(db: Db) {\n  await db.delete(providers);\n  await db.transaction(async (tx) => {\n    await tx.update(providers).set({ featured: false });\n  });\n}\n`;
    const found = await problems("lib/providers/wipe.ts", code);
    expect(found.filter((m) => m.startsWith("drizzle/enforce-delete-with-where"))).toHaveLength(1);
    expect(found.filter((m) => m.startsWith("drizzle/enforce-update-with-where"))).toHaveLength(1);
  });

  it("accepts them with a where", async () => {
    const code = `${header}export async function one(db: Db, id: string) {\n  await db.delete(providers).where(eq(providers.id, id));\n  await db.update(providers).set({ featured: false }).where(eq(providers.id, id));\n}\n`;
    expect(await problems("lib/providers/one.ts", code)).toEqual([]);
  });
});
