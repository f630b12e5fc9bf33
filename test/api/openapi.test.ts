import { describe, expect, it } from "vitest";
import type { oas31 } from "zod-openapi";
import { GET as openapiRoute } from "@/app/api/openapi.json/route";
import { MEMBER_ROLES, SPECIALTIES } from "@/db/enums";
import { ERROR_STATUS, type ErrorCode } from "@/lib/errors";
import { listingUpdateSchema } from "@/lib/providers/schemas";
import { call } from "@/test/support/http";
import { API_TAGS, buildOpenApiDocument, SECURITY_SCHEME } from "@/lib/openapi/document";
import { errorAnchor } from "@/lib/openapi/guide";
import { problemType } from "@/lib/http/problem";

const doc = buildOpenApiDocument();
const METHODS = ["get", "post", "put", "patch", "delete"] as const;

const DOCUMENTED: [string, (typeof METHODS)[number], boolean][] = [
  ["/public/studio/providers", "get", false],
  ["/public/studio/providers/{slug}", "get", false],
  ["/public/studio/ranking", "get", false],
  ["/public/studio/providers/interest", "post", false],
  ["/public/studio/providers/verify", "post", false],
  ["/public/studio/providers/{slug}/inquiries", "post", false],
  ["/public/studio/providers/inquiries/verify", "post", false],
  ["/provider/studio/inquiries", "get", true],
  ["/provider/studio/inquiries/{id}", "patch", true],
  ["/provider/studio/inquiries/{id}/engagement", "post", true],
  ["/provider/studio/inquiries/{id}/engagement", "delete", true],
  ["/public/studio/reviews/invitation", "get", false],
  ["/public/studio/reviews/decline", "post", false],
  ["/public/studio/providers/{slug}/reports", "post", false],
  ["/public/studio/providers/{slug}/reviews", "get", false],
  ["/public/studio/reviews/{id}/reports", "post", false],
  ["/provider/studio/reports", "get", true],
  ["/provider/studio/reports/{id}/resolve", "post", true],
  ["/public/studio/privacy-requests", "post", false],
  ["/public/studio/privacy-requests/confirm", "post", false],
  ["/provider/studio/reviews", "get", true],
  ["/provider/studio/reviews/{id}/reply", "post", true],
  ["/provider/studio/reviews/{id}/reply", "patch", true],
  ["/provider/studio/reviews/{id}/dispute", "post", true],
  ["/public/studio/reviews", "post", false],
  ["/public/studio/reviews/{id}", "patch", false],
  ["/public/studio/reviews/{id}", "delete", false],
  ["/provider/studio/members", "get", true],
  ["/provider/studio/members", "post", true],
  ["/provider/studio/members/{id}", "delete", true],
  ["/provider/studio/listing", "get", true],
  ["/provider/studio/listing", "patch", true],
  ["/provider/studio/listing/publish", "post", true],
  ["/provider/studio/listing/unpublish", "post", true],
  ["/provider/studio/listing/confirm", "post", true],
  ["/public/studio/events", "post", false],
  ["/provider/studio/analytics", "get", true],
  ["/provider/studio/exports", "get", true],
  ["/provider/studio/exports", "post", true],
  ["/provider/studio/exports/{id}", "get", true],
  ["/provider/studio/exports/{id}/download", "get", true],
  ["/provider/studio/webhooks", "get", true],
  ["/provider/studio/webhooks", "post", true],
  ["/provider/studio/webhooks/{id}", "get", true],
  ["/provider/studio/webhooks/{id}", "patch", true],
  ["/provider/studio/webhooks/{id}", "delete", true],
  ["/provider/studio/webhooks/{id}/rotate-secret", "post", true],
  ["/provider/studio/webhooks/{id}/test", "post", true],
  ["/provider/studio/webhooks/{id}/recover", "post", true],
  ["/provider/studio/webhooks/{id}/deliveries", "get", true],
  ["/provider/studio/webhooks/{id}/deliveries/{messageId}", "get", true],
  ["/provider/studio/webhooks/{id}/deliveries/{messageId}/replay", "post", true],
  ["/health", "get", false],
  ["/ready", "get", false],
  ["/openapi.json", "get", false],
];

function operations(): { path: string; method: string; op: oas31.OperationObject }[] {
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const op = (item as oas31.PathItemObject)[method];
      return op ? [{ path, method, op }] : [];
    }),
  );
}

function op(path: string, method: (typeof METHODS)[number]): oas31.OperationObject {
  const found = (doc.paths?.[path] as oas31.PathItemObject | undefined)?.[method];
  if (!found) throw new Error(`${method} ${path} is not documented`);
  return found;
}

function response(path: string, method: (typeof METHODS)[number], status: string): oas31.ResponseObject {
  const r = op(path, method).responses?.[status] as oas31.ResponseObject | undefined;
  if (!r) throw new Error(`${method} ${path} has no ${status} response`);
  return r;
}

function schema(name: string): oas31.SchemaObject {
  const s = doc.components?.schemas?.[name];
  if (!s || "$ref" in s) throw new Error(`component schema ${name} is missing`);
  return s;
}

function collectRefs(node: unknown, out: string[] = []): string[] {
  if (Array.isArray(node)) for (const v of node) collectRefs(v, out);
  else if (node && typeof node === "object") {
    for (const [k, v] of Object.entries(node)) {
      if (k === "$ref" && typeof v === "string") out.push(v);
      else collectRefs(v, out);
    }
  }
  return out;
}

function resolves(ref: string): boolean {
  let node: unknown = doc;
  for (const part of ref.replace(/^#\//, "").split("/")) {
    if (!node || typeof node !== "object" || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return node !== undefined;
}

describe("buildOpenApiDocument", () => {
  it("is an OpenAPI 3.1 document served under /api", () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.servers?.map((s) => s.url)).toEqual(["/api"]);
    expect(doc.info.title).toBeTruthy();
  });

  it("documents exactly the API's paths and methods", () => {
    const documented = operations().map(({ path, method }) => `${method} ${path}`).sort();
    expect(documented).toEqual(DOCUMENTED.map(([path, method]) => `${method} ${path}`).sort());
  });

  it("gives every operation a unique operationId, a summary, a description and a declared tag", () => {
    const tags = new Set(Object.values(API_TAGS));
    expect(doc.tags?.map((t) => t.name).sort()).toEqual([...tags].sort());
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids).toHaveLength(DOCUMENTED.length);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, op } of operations()) {
      expect(op.operationId, `${method} ${path}`).toMatch(/^[a-zA-Z]+$/);
      expect(op.summary, `${method} ${path}`).toBeTruthy();
      expect(op.description?.length, `${method} ${path}`).toBeGreaterThan(20);
      expect(op.tags?.length, `${method} ${path}`).toBe(1);
      expect(tags.has(op.tags![0]! as never), `${method} ${path}`).toBe(true);
    }
  });

  it("requires the bearer API key exactly on the API-key endpoints, with a 401 carrying WWW-Authenticate", () => {
    const scheme = doc.components?.securitySchemes?.[SECURITY_SCHEME] as oas31.SecuritySchemeObject;
    expect(scheme).toMatchObject({ type: "http", scheme: "bearer" });
    expect(scheme.description).toContain("prk_");
    expect(scheme.description).toMatch(/CRC32/);
    for (const [path, method, apiKey] of DOCUMENTED) {
      const o = op(path, method);
      if (apiKey) {
        expect(o.security, `${method} ${path}`).toEqual([{ [SECURITY_SCHEME]: [] }]);
        expect(Object.keys(response(path, method, "401").headers ?? {})).toContain("WWW-Authenticate");
      } else {
        expect(o.security, `${method} ${path}`).toBeUndefined();
        expect(o.responses?.["401"], `${method} ${path}`).toBeUndefined();
      }
    }
  });

  it("registers the body schemas as components", () => {
    const names = Object.keys(doc.components?.schemas ?? {});
    for (const name of ["ProviderSummary", "ProviderList", "ProviderProfile", "Listing", "ListingUpdate", "Member", "MemberInvite", "InterestApplication", "InterestAccepted", "VerificationResult", "Problem"]) {
      expect(names).toContain(name);
    }
  });

  it("renders ListingUpdate from the handler's own schema: closed, with the specialties of db/enums.ts", () => {
    const listingUpdate = schema("ListingUpdate");
    expect(listingUpdate.additionalProperties).toBe(false);
    const specialties = listingUpdate.properties?.specialties as oas31.SchemaObject;
    expect((specialties.items as oas31.SchemaObject).enum).toEqual([...SPECIALTIES]);
    expect(Object.keys(listingUpdate.properties ?? {}).sort()).toEqual(Object.keys(listingUpdateSchema.shape).sort());
    expect(Object.keys(listingUpdate.properties ?? {})).not.toContain("name");
    expect((schema("MemberInvite").properties?.role as oas31.SchemaObject).enum).toEqual([...MEMBER_ROLES]);
    expect(schema("InterestApplication").required?.sort()).toEqual(["description", "email", "fullName"]);
  });

  it("describes problems as application/problem+json with every error code, each example true to its status", () => {
    const problem = schema("Problem");
    expect((problem.properties?.code as oas31.SchemaObject).enum).toEqual(Object.keys(ERROR_STATUS));
    expect(problem.required).toEqual(expect.arrayContaining(["type", "title", "status", "detail", "code", "requestId"]));
    const checked = { refusals: 0, examples: 0 };
    for (const { path, method, op: o } of operations()) {
      for (const [status, r] of Object.entries(o.responses ?? {})) {
        if (Number(status) < 400) continue;
        checked.refusals += 1;
        const media = (r as oas31.ResponseObject).content?.["application/problem+json"];
        expect(media, `${method} ${path} ${status}`).toBeDefined();
        expect(Object.keys((r as oas31.ResponseObject).headers ?? {})).toContain("X-Request-Id");
        for (const [code, example] of Object.entries(media?.examples ?? {})) {
          checked.examples += 1;
          const value = (example as oas31.ExampleObject).value as { status: number; type: string };
          expect(ERROR_STATUS[code as ErrorCode]).toBe(Number(status));
          expect(value.status).toBe(Number(status));
          expect(value.type).toBe(problemType(code as ErrorCode));
        }
      }
    }
    // Every operation documents at least one refusal, and the refusals carry examples to check.
    expect(checked.refusals).toBeGreaterThanOrEqual(DOCUMENTED.length);
    expect(checked.examples).toBeGreaterThanOrEqual(checked.refusals);
  });

  it("documents the contract's statuses for each endpoint", () => {
    const statuses = (path: string, method: (typeof METHODS)[number]) => Object.keys(op(path, method).responses ?? {});
    const codes = (path: string, method: (typeof METHODS)[number], status: string) =>
      Object.keys(response(path, method, status).content?.["application/problem+json"]?.examples ?? {});
    expect(statuses("/public/studio/providers", "get")).toEqual(expect.arrayContaining(["200", "304", "400"]));
    expect(statuses("/public/studio/providers/{slug}", "get")).toEqual(expect.arrayContaining(["200", "404"]));
    expect(codes("/public/studio/providers/interest", "post", "400").sort()).toEqual(["CAPTCHA_FAILED", "INVALID_JSON", "VALIDATION_FAILED"]);
    expect(statuses("/public/studio/providers/interest", "post")).toEqual(expect.arrayContaining(["201", "413", "415", "429"]));
    expect(Object.keys(response("/public/studio/providers/interest", "post", "429").headers ?? {})).toContain("Retry-After");
    expect(codes("/public/studio/providers/verify", "post", "400")).toEqual(["TOKEN_INVALID"]);
    expect(codes("/public/studio/providers/verify", "post", "410")).toEqual(["TOKEN_EXPIRED"]);
    expect(codes("/provider/studio/members", "post", "409")).toEqual(["ALREADY_MEMBER"]);
    expect(codes("/provider/studio/members", "post", "422")).toEqual(["USER_NOT_FOUND"]);
    expect(statuses("/provider/studio/members", "post")).toEqual(expect.arrayContaining(["201", "403", "429"]));
    expect(Object.keys(response("/provider/studio/members", "post", "429").headers ?? {})).toContain("Retry-After");
    expect(statuses("/provider/studio/members/{id}", "delete")).toEqual(expect.arrayContaining(["204", "403", "404"]));
    expect(codes("/provider/studio/members/{id}", "delete", "409")).toEqual(["LAST_OWNER"]);
    expect(statuses("/ready", "get")).toEqual(expect.arrayContaining(["200", "503"]));
    expect(statuses("/public/studio/providers/{slug}/reports", "post")).toEqual(expect.arrayContaining(["202", "400", "404", "429"]));
    expect(codes("/public/studio/providers/{slug}/reports", "post", "400").sort()).toEqual(["CAPTCHA_FAILED", "INVALID_JSON", "VALIDATION_FAILED"]);
    expect(statuses("/provider/studio/reports/{id}/resolve", "post")).toEqual(expect.arrayContaining(["200", "403", "404", "409"]));
    expect(statuses("/public/studio/privacy-requests", "post")).toEqual(expect.arrayContaining(["202", "400", "429"]));
    expect(statuses("/public/studio/privacy-requests/confirm", "post")).toEqual(expect.arrayContaining(["200", "400", "410"]));
    expect(statuses("/provider/studio/reviews/{id}/reply", "post")).toEqual(expect.arrayContaining(["201", "403", "404", "409"]));
    expect(codes("/provider/studio/reviews/{id}/reply", "patch", "409")).toEqual(["REPLY_LOCKED"]);
    expect(statuses("/provider/studio/reviews/{id}/dispute", "post")).toEqual(expect.arrayContaining(["201", "403", "404", "409", "429"]));
    expect(codes("/provider/studio/reviews/{id}/dispute", "post", "403").sort()).toEqual(["DISPUTES_SUSPENDED", "FORBIDDEN", "PROVIDER_SUSPENDED"]);
    expect(statuses("/public/studio/reviews", "post")).toEqual(expect.arrayContaining(["201", "400", "403", "409", "410"]));
    expect(codes("/public/studio/reviews", "post", "409")).toEqual(["REVIEW_ALREADY_SUBMITTED"]);
    expect(codes("/public/studio/reviews", "post", "403")).toEqual(["REVIEW_CONFLICT"]);
    expect(statuses("/public/studio/reviews/{id}", "patch")).toEqual(expect.arrayContaining(["200", "400", "404", "409", "410"]));
    expect(statuses("/public/studio/reviews/{id}", "delete")).toEqual(expect.arrayContaining(["204", "400", "404", "409", "410"]));
    const listParams = (op("/public/studio/providers", "get").parameters ?? []) as oas31.ParameterObject[];
    expect(listParams.map((p) => p.name)).toEqual(expect.arrayContaining(["specialty", "featured", "page", "limit"]));
  });

  it("documents every discovery filter and sort of the list (extensions §2)", () => {
    const listParams = (op("/public/studio/providers", "get").parameters ?? []) as oas31.ParameterObject[];
    const names = listParams.map((p) => p.name);
    for (const name of ["q", "country", "language", "remote", "teamSize", "budget", "acceptingClients", "sort", "explain"]) {
      expect(names).toContain(name);
    }
    const sort = listParams.find((p) => p.name === "sort")!.schema as oas31.SchemaObject;
    expect(sort.enum).toEqual(["featured", "recommended", "newest", "name", "relevance"]);
    expect(JSON.stringify(listParams.find((p) => p.name === "teamSize")!.schema)).toContain('"array"');
  });

  it("states the contract's rules in the descriptions", () => {
    expect(op("/public/studio/providers", "get").description).toMatch(/featured first.*publishedAt.*slug/s);
    expect(op("/public/studio/providers", "get").description).toContain("clamped to 100");
    expect(op("/public/studio/providers/verify", "post").description).toMatch(/idempotent/i);
    expect(op("/provider/studio/members", "post").description).toMatch(/ADMIN key .* OWNER/);
    expect(op("/provider/studio/members", "get").description).toMatch(/Removed members are never returned/);
    expect(op("/provider/studio/members", "post").description).toMatch(/at most 50 per provider and 5 per invited mailbox/);
  });

  it("lists every error code, the rate limits and the body limit in info.description", () => {
    const text = doc.info.description ?? "";
    for (const [code, status] of Object.entries(ERROR_STATUS)) expect(text).toContain(`| \`${code}\` | ${status} |`);
    expect(text).toContain("3 per email address per 24 hours");
    expect(text).toContain("INTEREST_IP_LIMIT");
    expect(text).toContain("Invitation emails (new invitations and resends): at most 50 per provider");
    expect(text).toContain("100 KB");
    expect(text).toContain("X-Request-Id");
  });

  it("points problem type URIs at anchors of the reference page", () => {
    expect(problemType("VALIDATION_FAILED")).toBe(`/docs/api#${errorAnchor("VALIDATION_FAILED")}`);
    expect(errorAnchor("VALIDATION_FAILED")).toBe("error-validation-failed");
  });

  it("has no dangling $ref", () => {
    const refs = collectRefs(doc);
    expect(refs.length).toBeGreaterThan(10);
    expect(refs.filter((r) => !resolves(r))).toEqual([]);
  });

  it("is built once per process", () => {
    expect(buildOpenApiDocument()).toBe(doc);
  });
});

describe("GET /api/openapi.json", () => {
  it("serves the document as cacheable, cross-origin JSON", async () => {
    const response = await call(openapiRoute, "/api/openapi.json", { headers: { "x-request-id": "docs-1" } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toBe("public, max-age=300");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("x-request-id")).toBe("docs-1");
    expect(await response.json()).toEqual(JSON.parse(JSON.stringify(doc)));
  });
});
