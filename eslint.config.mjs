import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import drizzle from "eslint-plugin-drizzle";

// The floors (CONTRIBUTING.md): app/ → components/ → lib/actions/ → lib/<capability>/ → db/, with
// lib/config/ (env, log) under everything. Inside lib/, the route wrappers (lib/route-wrappers/) and
// the OpenAPI document (lib/openapi/) stand above the capabilities, and the transport (lib/http/:
// request, problem, client IP, guards) under the wrappers. Imports point down only. Each rule below
// names what a floor may not reach; a pattern matches the `@/` alias and relative paths alike, in a
// static import or export, a dynamic `import()` and a type's `import("…")`. Tests, e2e/, bench/ and
// scripts/ stand above the product and may import any floor; the product may import none of them.
// Cycles between lib/ folders that these rules do not name are refused by test/lint/folder-cycles.test.ts.
const importOf = (folder) => `^(@/|(\\.\\.?/)+)${folder}(/|$)`;
const refuse = (folder, why) => ({ regex: importOf(folder), message: why });

const NOT_APP = refuse("app", "app/ is the top floor (routes, pages, layouts): nothing imports it. Move shared code down (CONTRIBUTING.md).");
const NOT_COMPONENTS = refuse("components", "components/ sit above this floor: move the shared code down to lib/ (CONTRIBUTING.md).");
const NOT_ACTIONS = {
  regex: "^(@/lib/actions|(\\.\\./)+actions)(/|$)",
  message: "Server actions (lib/actions/) sit above the domain: the domain never calls them (CONTRIBUTING.md).",
};
const NOT_LIB = {
  regex: "^(@/lib/(?!config(/|$))|(\\.\\./)+lib/(?!config(/|$)))",
  message: "db/ is the bottom floor: it may import only lib/config/ (env, log), never the domain (CONTRIBUTING.md).",
};
const NOT_OURS = {
  regex: "^(@/|\\.\\./)",
  message: "lib/config/ is the floor everything stands on: it imports nothing of ours, only packages and its own files.",
};
const NOT_LISTING_CACHE = {
  regex: "^(@/lib/listing-cache|(\\.\\./)+(lib/)?listing-cache)(/|$)",
  message:
    "lib/listing-cache/ sits above the domain (it caches the domain's answers): a capability never imports it; the cache calls the domain (CONTRIBUTING.md).",
};
/** A folder of lib/ by the `@/` alias, or relatively from a sibling folder of lib/ (or from the root). */
const libFolder = (folder) => `^(@/lib/${folder}|(\\.\\./)+(lib/)?${folder})(/|$)`;
const NOT_TRANSPORT = {
  regex: libFolder("http"),
  message:
    "lib/http/ is the transport (request, problem, client IP, guards): the route wrappers and server actions use it; a capability takes plain values (CONTRIBUTING.md).",
};
const NOT_ROUTE_WRAPPERS = {
  regex: libFolder("route-wrappers"),
  message: "lib/route-wrappers/ (apiRoute, tokenFormRoute) stand above the capabilities and the transport: only routes use them (CONTRIBUTING.md).",
};
const NOT_OPENAPI = {
  regex: libFolder("openapi"),
  message: "lib/openapi/ is the OpenAPI document: it imports the capabilities' zod schemas, and nothing below it imports it (CONTRIBUTING.md).",
};
const NOT_TEST = refuse("test", "test/ is test scaffolding: product code never imports it (CONTRIBUTING.md).");
const NOT_SCRIPTS = refuse("scripts", "scripts/ are entry points (seed, CLI, migrate): product code never imports them.");
const NOT_E2E = refuse("e2e", "e2e/ is test code: product code never imports it.");

const TESTS = ["**/*.test.ts", "**/*.test.tsx"];
const LISTING_CACHE_USERS = ["lib/listing-cache/**", "lib/maintenance/**"];
const ABOVE_CAPABILITIES = ["lib/route-wrappers/**", "lib/openapi/**"];
const TRANSPORT = ["lib/http/**"];

// no-restricted-imports reads static imports and exports only: the same patterns, as selectors, also
// refuse a dynamic `import("…")` and a type's `import("…")`. A "/" is written \x2F inside a selector's
// regular expression, which ends at the first "/".
const selectorRegex = (regex) => regex.replaceAll("/", "\\x2F");
const importSyntax = (patterns) =>
  patterns.flatMap(({ regex, message }) => [
    { selector: `ImportExpression[source.value=/${selectorRegex(regex)}/]`, message },
    { selector: `TSImportType[source.value=/${selectorRegex(regex)}/]`, message },
  ]);
const floor = (files, patterns, ignores = []) => ({
  files,
  ignores: [...TESTS, ...ignores],
  rules: {
    "no-restricted-imports": ["error", { patterns }],
    "no-restricted-syntax": ["error", ...importSyntax(patterns)],
  },
});

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
    },
  },
  floor(["app/**"], [NOT_TEST, NOT_SCRIPTS, NOT_E2E]),
  floor(["components/**"], [NOT_APP, NOT_TEST, NOT_SCRIPTS, NOT_E2E]),
  // Loaded by Next.js outside the app's module graph: they reach the layers they configure, lib/ only.
  floor(["next.config.ts", "instrumentation.ts", "instrumentation-node.ts"], [NOT_APP, NOT_COMPONENTS, NOT_TEST, NOT_SCRIPTS, NOT_E2E]),
  floor(["lib/actions/**"], [NOT_APP, NOT_COMPONENTS, NOT_TEST, NOT_SCRIPTS, NOT_E2E]),
  // The capabilities (lib/<capability>/): they take plain values from the wrappers above them.
  floor(
    ["lib/**"],
    [NOT_APP, NOT_COMPONENTS, NOT_ACTIONS, NOT_LISTING_CACHE, NOT_TRANSPORT, NOT_ROUTE_WRAPPERS, NOT_OPENAPI, NOT_TEST, NOT_SCRIPTS, NOT_E2E],
    ["lib/actions/**", "lib/config/**", ...LISTING_CACHE_USERS, ...ABOVE_CAPABILITIES, ...TRANSPORT],
  ),
  // The listing cache itself and the maintenance schedule (which trims the cache's change log) stand
  // above the domain's capabilities.
  floor(LISTING_CACHE_USERS, [NOT_APP, NOT_COMPONENTS, NOT_ACTIONS, NOT_TEST, NOT_SCRIPTS, NOT_E2E]),
  // The route wrappers and the OpenAPI document stand above the capabilities and the transport; the
  // document reads the wrappers' cache headers, so the wrappers never import it.
  floor(["lib/route-wrappers/**"], [NOT_APP, NOT_COMPONENTS, NOT_ACTIONS, NOT_OPENAPI, NOT_TEST, NOT_SCRIPTS, NOT_E2E]),
  floor(["lib/openapi/**"], [NOT_APP, NOT_COMPONENTS, NOT_ACTIONS, NOT_LISTING_CACHE, NOT_TEST, NOT_SCRIPTS, NOT_E2E]),
  // The transport stands under the wrappers: it knows requests and problems, not who wraps them.
  floor(TRANSPORT, [NOT_APP, NOT_COMPONENTS, NOT_ACTIONS, NOT_LISTING_CACHE, NOT_ROUTE_WRAPPERS, NOT_OPENAPI, NOT_TEST, NOT_SCRIPTS, NOT_E2E]),
  floor(["lib/config/**"], [NOT_OURS]),
  floor(["db/**"], [NOT_APP, NOT_COMPONENTS, NOT_LIB, NOT_TEST, NOT_SCRIPTS, NOT_E2E]),
  floor(["scripts/**"], [NOT_APP, NOT_TEST, NOT_E2E]),
  {
    // Tests beside lib/, components/ and db/ code stand on the same floor: one that needs a route or a
    // page is a flow test and lives in test/flows/.
    files: ["lib/**/*.test.ts", "lib/**/*.test.tsx", "components/**/*.test.ts", "components/**/*.test.tsx", "db/**/*.test.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [NOT_APP] }] },
  },
  {
    // A delete or update without .where() touches every row. Product code only: tests empty tables on purpose.
    files: ["app/**", "lib/**", "db/**", "scripts/**"],
    ignores: TESTS,
    plugins: { drizzle },
    rules: {
      "drizzle/enforce-delete-with-where": ["error", { drizzleObjectName: ["db", "tx", "getDb"] }],
      "drizzle/enforce-update-with-where": ["error", { drizzleObjectName: ["db", "tx", "getDb"] }],
    },
  },
  globalIgnores([".next/**", "node_modules/**", ".data/**", "next-env.d.ts", "test-results/**", "playwright-report/**", "e2e-artifacts/**"]),
]);
