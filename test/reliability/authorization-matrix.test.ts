import { readdirSync, readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { providers } from "@/db/schema";
import { canReadMailbox } from "@/lib/email/mailbox-access";
import { call } from "@/test/support/http";
import { setRequest } from "@/test/support/next-request";
import { enableWebhooksForFile } from "@/test/support/webhook-api-kit";
import { ACTION_CASES, type Outcome } from "./action-registry";
import {
  documentedRoutes,
  ROUTE_MODULES,
  routeCases,
  routeFilesOnDisk,
  ROUTES_OUT_OF_SCOPE,
  UNDOCUMENTED_ROUTES,
  type CellRequest,
  type RouteCase,
} from "./api-route-registry";
import { buildWorld, PRINCIPALS, SESSION_COOKIE, tenantSnapshot, type Principal, type World } from "./authorization-world";
import { BYPASS_SHAPES, PATH_TRICKS } from "./bypass-shapes";
import { changedTables, refusalSnapshot, reportFigures } from "./database-dump";

vi.mock("next/headers", () => import("@/test/support/next-request"));
// revalidatePath needs a Next.js render context; the matrix is about who may write, not about caches.
vi.mock("next/cache", () => ({ revalidatePath: vi.fn(), revalidateTag: vi.fn() }));
// Webhooks on, as in production: without the key their routes answer 503 to everyone.
enableWebhooksForFile();

// Hundreds of requests per test: generous on a loaded CI machine, where PGlite is the bottleneck.
const LONG = 180_000;

const figures = {
  cells: 0,
  refusals: 0,
  refusalsThatChanged: 0,
  crossTenantAttempts: 0,
  crossTenantSuccesses: 0,
  bypassAttempts: 0,
  bypassSuccesses: 0,
};

let world: World;
beforeAll(async () => {
  world = await buildWorld(getDb());
});

afterAll(() => {
  reportFigures(
    "authorization-matrix",
    `${figures.cells} cells (${PRINCIPALS.length} principals), ${figures.refusals} refusals, ` +
      `${figures.refusalsThatChanged} refusals changed the database; cross-tenant ${figures.crossTenantAttempts} attempts, ` +
      `${figures.crossTenantSuccesses} successes; bypass ${figures.bypassAttempts} attempts, ${figures.bypassSuccesses} successes`,
  );
});

function headersFor(principal: Principal, base: Record<string, string> = {}): Record<string, string> {
  const headers = { ...base };
  const authorization = world.authorization[principal];
  if (authorization) headers.authorization = authorization;
  // A platform admin is a person with a session, not a key: API-key routes must not accept a cookie.
  if (principal === "platform admin") headers.cookie = `${SESSION_COOKIE}=${world.session["platform admin"]}`;
  return headers;
}

/** One request against a route; every refusal must be problem+json and leave the database as it was. */
/** One cell; `checkHeaders` may add a check of the answer's headers (a problem to report, or null). */
async function routeCell(c: RouteCase, request: CellRequest, expected: number, crossTenant: boolean, checkHeaders?: (headers: Headers) => string | null): Promise<string[]> {
  const db = getDb();
  const problems: string[] = [];
  const before = await refusalSnapshot(db);
  const beforeA = crossTenant ? await tenantSnapshot(db, world.a.id) : "";
  const response = await call(c.handler, c.url + (request.query ?? ""), { ...request, method: request.method ?? c.method });
  const text = await response.text();
  figures.cells += 1;
  if (response.status !== expected) problems.push(`status ${response.status}, expected ${expected}: ${text.slice(0, 200)}`);
  if (response.status >= 400) {
    figures.refusals += 1;
    if (response.headers.get("content-type") !== "application/problem+json") problems.push("refusal is not problem+json");
    else if ((JSON.parse(text) as { status: number }).status !== response.status) problems.push("problem status differs");
    const after = await refusalSnapshot(db);
    if (after !== before) {
      figures.refusalsThatChanged += 1;
      problems.push(`refusal changed ${changedTables(before, after).join(", ")}`);
    }
  }
  const headerProblem = checkHeaders?.(response.headers);
  if (headerProblem) problems.push(headerProblem);
  if (response.status === 401 && !/^Bearer /.test(response.headers.get("www-authenticate") ?? "")) {
    problems.push("401 without WWW-Authenticate: Bearer");
  }
  if (c.auth === "apiKey" && response.headers.get("cache-control") !== "private, no-store") {
    problems.push(`Cache-Control ${response.headers.get("cache-control")}`);
  }
  if (crossTenant) {
    figures.crossTenantAttempts += 1;
    const leaked = text.includes(world.a.id) || text.includes(world.a.slug);
    const touched = (await tenantSnapshot(db, world.a.id)) !== beforeA;
    if (leaked || touched) {
      figures.crossTenantSuccesses += 1;
      problems.push(`cross-tenant: ${leaked ? "A's data in the answer" : ""} ${touched ? "A changed" : ""}`);
    }
  }
  return problems;
}

describe("the registries cover every route and action", () => {
  it("serves every documented operation from a route file, and documents every route file", () => {
    const onDisk = routeFilesOnDisk().map((r) => r.path).filter((p) => !ROUTES_OUT_OF_SCOPE.includes(p));
    const documented = documentedRoutes();
    const excused = Object.keys(UNDOCUMENTED_ROUTES);
    expect(onDisk.filter((p) => !documented.has(p) && !excused.includes(p)), "route files the OpenAPI document does not describe").toEqual([]);
    expect([...documented.keys()].filter((p) => !onDisk.includes(p)), "documented paths with no route file").toEqual([]);
    expect(excused.filter((p) => !onDisk.includes(p) || documented.has(p)), "stale UNDOCUMENTED_ROUTES entries").toEqual([]);
    const unserved = ROUTE_MODULES.flatMap((m) => m.allowed.filter((method) => !m.module[method as keyof typeof m.module]).map((method) => `${method} ${m.path}`));
    expect(unserved, "documented methods the route file does not export").toEqual([]);
    expect(ROUTE_MODULES.map((m) => m.path).sort()).toEqual([...onDisk].sort());
  });

  it("lists every server action defined in lib/actions/", () => {
    const modules = (readdirSync("lib/actions", { recursive: true }) as string[])
      .map((f) => `lib/actions/${f.split("\\").join("/")}`)
      .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
    const names = modules.flatMap((f) =>
      [...readFileSync(f, "utf8").matchAll(/defineAction\(\s*\{\s*name:\s*"([^"]+)"/g)].map((m) => m[1]!),
    );
    const covered = new Set(ACTION_CASES.map((c) => c.name.split(" ")[0]));
    expect(names.length, "server actions found in lib/actions/").toBeGreaterThan(0);
    expect(names.filter((n) => !covered.has(n))).toEqual([]);
  });
});

describe("API routes × principals", { timeout: LONG }, () => {
  const cases = routeCases(canReadMailbox(null));
  it("has a case for every method every API route supports", () => {
    const missing = ROUTE_MODULES.flatMap((m) =>
      m.allowed
        .filter((method) => method !== "OPTIONS")
        .filter((method) => !cases.some((c) => c.handler === m.module[method as keyof typeof m.module]))
        .map((method) => `${method} ${m.path}`),
    );
    expect(missing).toEqual([]);
  });

  for (const c of cases) {
    it(`${c.name}: the contract's status for each of ${PRINCIPALS.length} principals`, async () => {
      const db = getDb();
      const problems: string[] = [];
      for (const principal of PRINCIPALS) {
        if (c.name === "GET provider profile") {
          await db.update(providers).set({ publicProfile: true, publishedAt: new Date() }).where(eq(providers.id, world.b.id));
        }
        const request = await c.prepare(db, world);
        const crossTenant = c.auth === "apiKey" && principal === "other provider";
        const out = await routeCell(
          c,
          { ...request, headers: headersFor(principal, request.headers) },
          c.expected[principal],
          crossTenant,
        );
        problems.push(...out.map((p) => `${principal}: ${p}`));
      }
      expect(problems).toEqual([]);
    });
  }

  it("answers 405 with Allow to every unsupported method, for every principal, changing nothing", { timeout: LONG }, async () => {
    const problems: string[] = [];
    let cells = 0;
    for (const m of ROUTE_MODULES) {
      // What the path supports: its methods, HEAD with GET, and OPTIONS (Next.js answers it for every route).
      const supported = [...new Set([...m.allowed, ...(m.allowed.includes("GET") ? ["HEAD"] : []), "OPTIONS"])].sort();
      const checkAllow = (headers: Headers) => {
        const allow = (headers.get("allow") ?? "").split(",").map((s) => s.trim()).filter(Boolean).sort();
        return JSON.stringify(allow) === JSON.stringify(supported) ? null : `Allow ${JSON.stringify(headers.get("allow"))}, expected ${supported.join(", ")}`;
      };
      for (const method of ["GET", "POST", "PUT", "PATCH", "DELETE"] as const) {
        const handler = m.module[method];
        if (m.allowed.includes(method)) continue;
        if (!handler) {
          problems.push(`${m.path} does not export ${method} (Next.js would answer 405 without problem+json)`);
          continue;
        }
        for (const principal of PRINCIPALS) {
          const c: RouteCase = { name: m.path, handler, url: m.path, method, auth: "public", prepare: async () => ({}), expected: {} as never };
          const out = await routeCell(c, { method, headers: headersFor(principal) }, 405, false, checkAllow);
          cells += 1;
          problems.push(...out.map((p) => `${method} ${m.path} ${principal}: ${p}`));
        }
      }
    }
    expect(problems).toEqual([]);
    // Every path but the catch-all refuses at least one method; a registry that offered none would check nothing.
    expect(cells).toBeGreaterThanOrEqual((ROUTE_MODULES.length - 1) * PRINCIPALS.length);
  });
});

describe("bypass shapes on API-key routes", () => {
  it("no proxy, middleware or override header, and no key outside Authorization, gets past the key check", { timeout: LONG }, async () => {
    const db = getDb();
    const problems: string[] = [];
    const keyCases = routeCases(false).filter((c) => c.auth === "apiKey");
    // members GET, POST and DELETE, listing GET and PATCH, publish, unpublish.
    expect(keyCases.length).toBeGreaterThanOrEqual(7);
    for (const c of keyCases) {
      for (const shape of BYPASS_SHAPES) {
        const request = await c.prepare(db, world);
        const extra = shape.build(world);
        figures.bypassAttempts += 1;
        const out = await routeCell(
          c,
          { ...request, query: extra.query, headers: { ...request.headers, ...extra.headers } },
          401,
          false,
        );
        if (out.length > 0) figures.bypassSuccesses += 1;
        problems.push(...out.map((p) => `${c.name} with ${shape.name}: ${p}`));
      }
      for (const path of PATH_TRICKS) {
        const request = await c.prepare(db, world);
        figures.bypassAttempts += 1;
        const out = await routeCell({ ...c, url: path }, request, 401, false);
        if (out.length > 0) figures.bypassSuccesses += 1;
        problems.push(...out.map((p) => `${c.name} at ${path}: ${p}`));
      }
    }
    expect(problems).toEqual([]);
  });
});

async function outcomeOf(run: () => Promise<unknown>): Promise<{ outcome: Outcome; text: string }> {
  try {
    const result = (await run()) as { ok: boolean; code?: Outcome } | null;
    return { outcome: result?.ok ? "ok" : (result?.code ?? "INTERNAL_ERROR"), text: JSON.stringify(result) };
  } catch (error) {
    // redirect() after success (select-provider) arrives as Next.js's NEXT_REDIRECT error.
    if (error instanceof Error && error.message.includes("NEXT_REDIRECT")) return { outcome: "ok", text: "" };
    throw error;
  }
}

function requestAs(principal: Principal, headers: Record<string, string> = {}) {
  const token = world.session[principal];
  setRequest({ headers, cookies: token ? { [SESSION_COOKIE]: token } : {} });
}

async function actionCell(
  c: (typeof ACTION_CASES)[number],
  principal: Principal,
  expected: Outcome,
  headers: Record<string, string> = {},
): Promise<string[]> {
  const db = getDb();
  requestAs(principal, headers);
  const run = await c.prepare(db, world);
  const before = await refusalSnapshot(db);
  const beforeA = await tenantSnapshot(db, world.a.id);
  const { outcome, text } = await outcomeOf(run);
  figures.cells += 1;
  const problems: string[] = [];
  if (outcome !== expected) problems.push(`answered ${outcome}, expected ${expected}`);
  if (outcome !== "ok") {
    figures.refusals += 1;
    const after = await refusalSnapshot(db);
    if (after !== before) {
      figures.refusalsThatChanged += 1;
      problems.push(`refusal changed ${changedTables(before, after).join(", ")}`);
    }
  }
  if (principal === "other provider" && c.auth !== "public") {
    figures.crossTenantAttempts += 1;
    const leaked = text.includes(world.a.slug);
    const touched = (await tenantSnapshot(db, world.a.id)) !== beforeA;
    if (leaked || touched) {
      figures.crossTenantSuccesses += 1;
      problems.push(`cross-tenant: ${leaked ? "A's data in the answer" : ""} ${touched ? "A changed" : ""}`);
    }
  }
  await c.cleanup?.(db, world);
  return problems;
}

describe("server actions × principals", { timeout: LONG }, () => {
  for (const c of ACTION_CASES) {
    it(`${c.name} (${c.file}): the expected answer for each of ${PRINCIPALS.length} principals`, async () => {
      const problems: string[] = [];
      for (const principal of PRINCIPALS) {
        const out = await actionCell(c, principal, c.expected[principal]);
        problems.push(...out.map((p) => `${principal}: ${p}`));
      }
      expect(problems).toEqual([]);
    });
  }

  it("an API key, a middleware header or a forwarded identity does not sign anyone in to an action", async () => {
    const problems: string[] = [];
    const shapes: Record<string, Record<string, string>> = {
      "A's OWNER key as Bearer": { authorization: world.authorization.OWNER! },
      "x-middleware-subrequest": { "x-middleware-subrequest": "middleware:middleware:middleware:middleware:middleware" },
      "forwarded user headers": { "x-forwarded-user": world.adminEmail, "x-remote-user": world.adminEmail, "remote-user": world.adminEmail },
    };
    const signedIn = ACTION_CASES.filter((a) => a.auth !== "public");
    expect(signedIn.length).toBeGreaterThan(10);
    for (const c of signedIn) {
      for (const [name, headers] of Object.entries(shapes)) {
        figures.bypassAttempts += 1;
        const expected = c.auth === "admin" ? "NOT_FOUND" : "UNAUTHENTICATED";
        const out = await actionCell(c, "anonymous", expected, headers);
        if (out.length > 0) figures.bypassSuccesses += 1;
        problems.push(...out.map((p) => `${c.name} with ${name}: ${p}`));
      }
    }
    expect(problems).toEqual([]);
  });

  it("a cross-site call with A's OWNER session is refused by every signed-in action, changing nothing", async () => {
    const problems: string[] = [];
    const signedIn = ACTION_CASES.filter((a) => a.auth !== "public");
    expect(signedIn.length).toBeGreaterThan(10);
    for (const c of signedIn) {
      figures.bypassAttempts += 1;
      const out = await actionCell(c, "OWNER", "FORBIDDEN", { origin: "https://evil.example", "sec-fetch-site": "cross-site" });
      if (out.length > 0) figures.bypassSuccesses += 1;
      problems.push(...out.map((p) => `${c.name}: ${p}`));
    }
    expect(problems).toEqual([]);
  });
});
