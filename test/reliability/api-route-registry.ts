import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import type { oas31 } from "zod-openapi";
import type { Db } from "@/db/client";
import { inquiries, interestApplications } from "@/db/schema";
import { providerExports } from "@/db/schema-analytics";
import { listingReports } from "@/db/schema-freshness";
import { reviewDisputes, reviewReplies } from "@/db/schema-reviews";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { createVerificationToken } from "@/lib/tokens/verification-token";
import { makeInvitation, makeReview } from "@/test/support/review-factories";
import { makeInquiry, makeMember, makeUser } from "@/test/support/factories";
import { requestPrivacyToken } from "@/test/support/privacy-fixture";
import type { CallOptions } from "@/test/support/http";
import { PRINCIPALS, type Principal, type World } from "./authorization-world";
import { webhookRouteCases } from "./api-route-registry-webhooks";

// Every API route module, found in the app/api file tree, with what it supports read from the OpenAPI
// document: a route is declared once, by its file, and described once, in the document. For each of
// its methods routeCases() below gives a request per principal with the status the contract gives it.

export type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response> | Response;
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";
type Module = Partial<Record<Method, Handler>>;

export interface RouteModule {
  /** The request path, `:name` for a dynamic segment (`/api/provider/studio/members/:id`). */
  path: string;
  /** The route file, relative to the repository root. */
  file: string;
  module: Module;
  /** Methods the path supports; every other exported method must answer 405. */
  allowed: string[];
  /** Whether the supported methods need an API key. */
  auth: "apiKey" | "public";
}

const WRITE_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/** Route files that the OpenAPI document does not describe, on purpose, with what they support. */
export const UNDOCUMENTED_ROUTES: Record<string, { allowed: string[]; why: string }> = {
  "/api/dev/mailbox": { allowed: ["GET"], why: "the development mailbox (MAILBOX_ENABLED), not part of the API" },
  "/api/dev/maintenance": { allowed: ["POST"], why: "the maintenance runner beside the development mailbox, for tests and demos, not part of the API" },
  // Its own bearer token (METRICS_TOKEN), no principal: unset in tests, so 404 for every caller.
  "/api/metrics": { allowed: ["GET"], why: "Prometheus metrics for operators (docs/operations.md), not part of the API" },
  // The catch-all answers 404 problem+json for every method: no method is "supported".
  "/api/[...path]": { allowed: [...WRITE_METHODS], why: "the 404 problem+json for unknown API paths" },
};

/** Route modules present on disk (app/api/**\/route.ts) but owned by someone else and left out on purpose. */
export const ROUTES_OUT_OF_SCOPE = ["/api/auth/[...nextauth]"];

/** The route files under app/api, as request paths (`[id]` becomes `:id`; catch-alls stay as written). */
export function routeFilesOnDisk(): { path: string; file: string }[] {
  return (readdirSync("app/api", { recursive: true }) as string[])
    .map((f) => `app/api/${f.split("\\").join("/")}`)
    .filter((f) => f.endsWith("/route.ts"))
    .map((file) => ({ file, path: file.replace(/^app/, "").replace(/\/route\.ts$/, "").replace(/\[(\w+)\]/g, ":$1") }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** The document's paths as request paths: `/provider/studio/members/{id}` is `/api/provider/studio/members/:id`. */
export function documentedRoutes(): Map<string, oas31.PathItemObject> {
  const paths = buildOpenApiDocument().paths ?? {};
  return new Map(Object.entries(paths).map(([p, item]) => [`/api${p.replace(/\{(\w+)\}/g, ":$1")}`, item as oas31.PathItemObject]));
}

/** The methods a path item documents, upper-case. */
export function documentedMethods(item: oas31.PathItemObject): string[] {
  return WRITE_METHODS.filter((m) => item[m.toLowerCase() as Lowercase<typeof m>]);
}

async function loadRouteModules(): Promise<RouteModule[]> {
  const documented = documentedRoutes();
  const out: RouteModule[] = [];
  for (const { path: routePath, file } of routeFilesOnDisk()) {
    if (ROUTES_OUT_OF_SCOPE.includes(routePath)) continue;
    const item = documented.get(routePath);
    const undocumented = UNDOCUMENTED_ROUTES[routePath];
    // A file neither described nor excused is left out here and reported by the coverage test.
    if (!item && !undocumented) continue;
    const exports = (await import(path.resolve(file))) as Module;
    const allowed = item ? [...documentedMethods(item), ...("OPTIONS" in exports ? ["OPTIONS"] : [])] : undocumented!.allowed;
    const auth = item && documentedMethods(item).some((m) => item[m.toLowerCase() as "get"]?.security) ? "apiKey" : "public";
    out.push({ path: routePath, file, module: exports, allowed, auth });
  }
  return out;
}

export const ROUTE_MODULES: RouteModule[] = await loadRouteModules();

/** The module serving a request path; throws when there is none, so a case cannot point at nothing. */
export function routeModule(routePath: string): Module {
  const found = ROUTE_MODULES.find((m) => m.path === routePath);
  if (!found) throw new Error(`no route module serves ${routePath}`);
  return found.module;
}

/** One call: the helper's options plus a query string appended to the case's URL. */
export type CellRequest = CallOptions & { query?: string };

export interface RouteCase {
  name: string;
  handler: Handler;
  url: string;
  method: string;
  auth: "apiKey" | "public";
  /** Makes a fresh target for one call (a member to remove, an email to invite), so every cell is independent. */
  prepare: (db: Db, world: World) => Promise<CellRequest>;
  expected: Record<Principal, number>;
}

const NO_KEY: Principal[] = ["anonymous", "malformed key", "bad checksum", "revoked key", "expired key", "platform admin"];

function keyRoute(statuses: Pick<Record<Principal, number>, "other provider" | "MEMBER" | "ADMIN" | "OWNER">) {
  const out = { ...statuses } as Record<Principal, number>;
  for (const p of NO_KEY) out[p] = 401;
  return out;
}

function everyone(status: number): Record<Principal, number> {
  return Object.fromEntries(PRINCIPALS.map((p) => [p, status])) as Record<Principal, number>;
}

async function freshApplicationToken(db: Db): Promise<string> {
  const token = createVerificationToken();
  await db.insert(interestApplications).values({
    fullName: "Matrix Applicant",
    email: `matrix-${randomUUID().slice(0, 8)}@example.com`,
    description: "An application made by the authorization matrix.",
    tokenHash: token.hash,
    tokenExpiresAt: token.expiresAt,
  });
  return token.token;
}

async function freshInquiryToken(db: Db, providerId: string): Promise<string> {
  const token = createVerificationToken();
  await db.insert(inquiries).values({
    providerId,
    senderName: "Matrix Sender",
    senderEmail: `matrix-${randomUUID().slice(0, 8)}@example.com`,
    message: "An inquiry made by the authorization matrix.",
    tokenHash: token.hash,
    tokenExpiresAt: token.expiresAt,
  });
  return token.token;
}

const MATRIX_REVIEW = {
  workedTogether: true,
  projectStatus: "COMPLETED",
  overall: 4,
  wouldRecommend: true,
  title: "A review from the matrix",
  body: "A review written by the authorization matrix, long enough to be accepted.",
  display: "NAME_ONLY",
  reviewerName: "Matrix Reviewer",
};

/** A pending review of the provider with an edit link that works: its id and the link's token. */
async function freshEditableReview(db: Db, providerId: string): Promise<{ id: string; token: string }> {
  const token = createVerificationToken();
  const review = await makeReview(db, {
    providerId,
    senderEmail: `matrix-${randomUUID().slice(0, 8)}@client.example`,
    status: "PENDING",
    editTokenHash: token.hash,
    editTokenExpiresAt: new Date(Date.now() + 86_400_000),
  });
  return { id: review.id, token: token.token };
}

/** A READY export of the provider with a stand-in archive (the matrix tests who may read it, not the zip). */
async function readyExport(db: Db, providerId: string): Promise<string> {
  const [row] = await db
    .insert(providerExports)
    .values({
      providerId,
      format: "json",
      status: "READY",
      readyAt: new Date(),
      expiresAt: new Date(Date.now() + 86_400_000),
      sizeBytes: 4,
      archive: new Uint8Array([0x50, 0x4b, 0x05, 0x06]),
    })
    .returning({ id: providerExports.id });
  return row!.id;
}

export function routeCases(mailboxActive: boolean): RouteCase[] {
  const h = <M extends keyof Module>(mod: Module, m: M) => mod[m]!;
  const members = routeModule("/api/provider/studio/members");
  const member = routeModule("/api/provider/studio/members/:id");
  const listing = routeModule("/api/provider/studio/listing");
  const publish = routeModule("/api/provider/studio/listing/publish");
  const unpublish = routeModule("/api/provider/studio/listing/unpublish");
  const confirm = routeModule("/api/provider/studio/listing/confirm");
  const list = routeModule("/api/public/studio/providers");
  const profile = routeModule("/api/public/studio/providers/:slug");
  const interest = routeModule("/api/public/studio/providers/interest");
  const ranking = routeModule("/api/public/studio/ranking");
  const verify = routeModule("/api/public/studio/providers/verify");
  const inquiryList = routeModule("/api/provider/studio/inquiries");
  const inquiryStatus = routeModule("/api/provider/studio/inquiries/:id");
  const inquirySubmit = routeModule("/api/public/studio/providers/:slug/inquiries");
  const inquiryVerify = routeModule("/api/public/studio/providers/inquiries/verify");
  const engagement = routeModule("/api/provider/studio/inquiries/:id/engagement");
  const reviewInvitation = routeModule("/api/public/studio/reviews/invitation");
  const reviewDecline = routeModule("/api/public/studio/reviews/decline");
  const reportList = routeModule("/api/provider/studio/reports");
  const exportList = routeModule("/api/provider/studio/exports");
  const exportOne = routeModule("/api/provider/studio/exports/:id");
  const exportDownload = routeModule("/api/provider/studio/exports/:id/download");
  const reportResolve = routeModule("/api/provider/studio/reports/:id/resolve");
  const reportSubmit = routeModule("/api/public/studio/providers/:slug/reports");
  const publicReviewList = routeModule("/api/public/studio/providers/:slug/reviews");
  const reviewReport = routeModule("/api/public/studio/reviews/:id/reports");
  const privacyRequest = routeModule("/api/public/studio/privacy-requests");
  const privacyConfirm = routeModule("/api/public/studio/privacy-requests/confirm");
  const reviewList = routeModule("/api/provider/studio/reviews");
  const reviewReply = routeModule("/api/provider/studio/reviews/:id/reply");
  const reviewDispute = routeModule("/api/provider/studio/reviews/:id/dispute");
  const reviewSubmit = routeModule("/api/public/studio/reviews");
  const reviewEdit = routeModule("/api/public/studio/reviews/:id");
  const analytics = routeModule("/api/provider/studio/analytics");
  const events = routeModule("/api/public/studio/events");
  const health = routeModule("/api/health");
  const ready = routeModule("/api/ready");
  const metrics = routeModule("/api/metrics");
  const openapi = routeModule("/api/openapi.json");
  const mailbox = routeModule("/api/dev/mailbox");
  const maintenance = routeModule("/api/dev/maintenance");
  const catchAll = routeModule("/api/[...path]");
  return [
    {
      name: "GET members",
      handler: h(members, "GET"),
      url: "/api/provider/studio/members",
      method: "GET",
      auth: "apiKey",
      prepare: async () => ({}),
      expected: keyRoute({ "other provider": 200, MEMBER: 200, ADMIN: 200, OWNER: 200 }),
    },
    {
      name: "POST members (invite a MEMBER)",
      handler: h(members, "POST"),
      url: "/api/provider/studio/members",
      method: "POST",
      auth: "apiKey",
      prepare: async (db) => ({ json: { email: (await makeUser(db)).email, role: "MEMBER" } }),
      expected: keyRoute({ "other provider": 201, MEMBER: 403, ADMIN: 201, OWNER: 201 }),
    },
    {
      name: "POST members (invite an OWNER)",
      handler: h(members, "POST"),
      url: "/api/provider/studio/members",
      method: "POST",
      auth: "apiKey",
      prepare: async (db) => ({ json: { email: (await makeUser(db)).email, role: "OWNER" } }),
      expected: keyRoute({ "other provider": 201, MEMBER: 403, ADMIN: 403, OWNER: 201 }),
    },
    {
      name: "DELETE member (A's MEMBER)",
      handler: h(member, "DELETE"),
      url: "/api/provider/studio/members/x",
      method: "DELETE",
      auth: "apiKey",
      prepare: async (db, w) => ({ params: { id: (await makeMember(db, { provider: w.a })).member.id } }),
      expected: keyRoute({ "other provider": 404, MEMBER: 403, ADMIN: 204, OWNER: 204 }),
    },
    {
      name: "DELETE member (A's second OWNER)",
      handler: h(member, "DELETE"),
      url: "/api/provider/studio/members/x",
      method: "DELETE",
      auth: "apiKey",
      prepare: async (db, w) => ({ params: { id: (await makeMember(db, { provider: w.a, role: "OWNER" })).member.id } }),
      expected: keyRoute({ "other provider": 404, MEMBER: 403, ADMIN: 403, OWNER: 204 }),
    },
    {
      name: "DELETE member (unknown id)",
      handler: h(member, "DELETE"),
      url: "/api/provider/studio/members/x",
      method: "DELETE",
      auth: "apiKey",
      prepare: async () => ({ params: { id: randomUUID() } }),
      expected: keyRoute({ "other provider": 404, MEMBER: 404, ADMIN: 404, OWNER: 404 }),
    },
    {
      name: "GET listing",
      handler: h(listing, "GET"),
      url: "/api/provider/studio/listing",
      method: "GET",
      auth: "apiKey",
      prepare: async () => ({}),
      expected: keyRoute({ "other provider": 200, MEMBER: 200, ADMIN: 200, OWNER: 200 }),
    },
    {
      name: "PATCH listing",
      handler: h(listing, "PATCH"),
      url: "/api/provider/studio/listing",
      method: "PATCH",
      auth: "apiKey",
      prepare: async () => ({ json: { headline: `Changed ${randomUUID().slice(0, 6)}` } }),
      expected: keyRoute({ "other provider": 200, MEMBER: 403, ADMIN: 200, OWNER: 200 }),
    },
    {
      name: "POST publish",
      handler: h(publish, "POST"),
      url: "/api/provider/studio/listing/publish",
      method: "POST",
      auth: "apiKey",
      prepare: async () => ({}),
      expected: keyRoute({ "other provider": 200, MEMBER: 403, ADMIN: 200, OWNER: 200 }),
    },
    {
      name: "POST unpublish",
      handler: h(unpublish, "POST"),
      url: "/api/provider/studio/listing/unpublish",
      method: "POST",
      auth: "apiKey",
      prepare: async () => ({}),
      expected: keyRoute({ "other provider": 200, MEMBER: 403, ADMIN: 200, OWNER: 200 }),
    },
    {
      name: "POST confirm listing",
      handler: h(confirm, "POST"),
      url: "/api/provider/studio/listing/confirm",
      method: "POST",
      auth: "apiKey",
      prepare: async () => ({}),
      expected: keyRoute({ "other provider": 200, MEMBER: 403, ADMIN: 200, OWNER: 200 }),
    },
    {
      name: "GET analytics",
      handler: h(analytics, "GET"),
      url: "/api/provider/studio/analytics",
      method: "GET",
      auth: "apiKey",
      prepare: async () => ({}),
      expected: keyRoute({ "other provider": 200, MEMBER: 200, ADMIN: 200, OWNER: 200 }),
    },
    {
      name: "POST analytics event",
      handler: h(events, "POST"),
      url: "/api/public/studio/events",
      method: "POST",
      auth: "public",
      prepare: async (_db, w) => ({ json: { type: "profile_view", slug: w.b.slug }, headers: { "sec-fetch-site": "same-origin" } }),
      expected: everyone(204),
    },
    {
      name: "GET providers",
      handler: h(list, "GET"),
      url: "/api/public/studio/providers",
      method: "GET",
      auth: "public",
      prepare: async () => ({}),
      expected: everyone(200),
    },
    {
      name: "GET provider profile",
      handler: h(profile, "GET"),
      url: "/api/public/studio/providers/x",
      method: "GET",
      auth: "public",
      // B stays published: the matrix publishes and unpublishes A.
      prepare: async (_db, w) => ({ params: { slug: w.b.slug } }),
      expected: everyone(200),
    },
    {
      name: "GET ranking methodology",
      handler: h(ranking, "GET"),
      url: "/api/public/studio/ranking",
      method: "GET",
      auth: "public",
      prepare: async () => ({}),
      expected: everyone(200),
    },
    {
      name: "POST interest",
      handler: h(interest, "POST"),
      url: "/api/public/studio/providers/interest",
      method: "POST",
      auth: "public",
      prepare: async () => ({
        json: { fullName: "Matrix", email: `m-${randomUUID().slice(0, 8)}@example.com`, description: "Ten characters or more." },
      }),
      expected: everyone(201),
    },
    {
      name: "POST verify",
      handler: h(verify, "POST"),
      url: "/api/public/studio/providers/verify",
      method: "POST",
      auth: "public",
      prepare: async (db) => ({ method: "POST", query: `?token=${await freshApplicationToken(db)}` }),
      expected: everyone(200),
    },
    {
      name: "GET inquiries",
      handler: h(inquiryList, "GET"),
      url: "/api/provider/studio/inquiries",
      method: "GET",
      auth: "apiKey",
      prepare: async () => ({}),
      expected: keyRoute({ "other provider": 200, MEMBER: 200, ADMIN: 200, OWNER: 200 }),
    },
    {
      name: "PATCH inquiry (A's)",
      handler: h(inquiryStatus, "PATCH"),
      url: "/api/provider/studio/inquiries/x",
      method: "PATCH",
      auth: "apiKey",
      prepare: async (db, w) => ({
        method: "PATCH",
        params: { id: (await makeInquiry(db, { providerId: w.a.id })).id },
        json: { status: "REPLIED" },
      }),
      expected: keyRoute({ "other provider": 404, MEMBER: 403, ADMIN: 200, OWNER: 200 }),
    },
    {
      name: "POST inquiry (to B)",
      handler: h(inquirySubmit, "POST"),
      url: "/api/public/studio/providers/x/inquiries",
      method: "POST",
      auth: "public",
      // B stays published and accepting clients: the matrix publishes and unpublishes A.
      prepare: async (_db, w) => ({
        params: { slug: w.b.slug },
        json: { name: "Matrix", email: `m-${randomUUID().slice(0, 8)}@example.com`, message: "An inquiry from the matrix." },
      }),
      expected: everyone(201),
    },
    {
      name: "POST inquiry verify",
      handler: h(inquiryVerify, "POST"),
      url: "/api/public/studio/providers/inquiries/verify",
      method: "POST",
      auth: "public",
      prepare: async (db, w) => ({ method: "POST", query: `?token=${await freshInquiryToken(db, w.b.id)}` }),
      expected: everyone(200),
    },
    {
      name: "POST inquiry engagement (A's)",
      handler: h(engagement, "POST"),
      url: "/api/provider/studio/inquiries/x/engagement",
      method: "POST",
      auth: "apiKey",
      prepare: async (db, w) => ({ method: "POST", params: { id: (await makeInquiry(db, { providerId: w.a.id })).id } }),
      expected: keyRoute({ "other provider": 404, MEMBER: 403, ADMIN: 200, OWNER: 200 }),
    },
    {
      name: "DELETE inquiry engagement (A's)",
      handler: h(engagement, "DELETE"),
      url: "/api/provider/studio/inquiries/x/engagement",
      method: "DELETE",
      auth: "apiKey",
      prepare: async (db, w) => ({
        method: "DELETE",
        params: { id: (await makeInquiry(db, { providerId: w.a.id, engagedAt: new Date() })).id },
      }),
      expected: keyRoute({ "other provider": 404, MEMBER: 403, ADMIN: 200, OWNER: 200 }),
    },
    {
      name: "GET review invitation",
      handler: h(reviewInvitation, "GET"),
      url: "/api/public/studio/reviews/invitation",
      method: "GET",
      auth: "public",
      prepare: async (db, w) => ({ query: `?token=${(await makeInvitation(db, { providerId: w.b.id })).token}` }),
      expected: everyone(200),
    },
    {
      name: "POST review decline",
      handler: h(reviewDecline, "POST"),
      url: "/api/public/studio/reviews/decline",
      method: "POST",
      auth: "public",
      prepare: async (db, w) => ({
        method: "POST",
        query: `?token=${(await makeInvitation(db, { providerId: w.b.id })).token}`,
        json: { reason: "NO_THANKS" },
      }),
      expected: everyone(200),
    },
    {
      name: "GET inquiries as CSV",
      handler: h(inquiryList, "GET"),
      url: "/api/provider/studio/inquiries",
      method: "GET",
      auth: "apiKey",
      prepare: async () => ({ query: "?format=csv" }),
      expected: keyRoute({ "other provider": 200, MEMBER: 403, ADMIN: 200, OWNER: 200 }),
    },
    {
      name: "GET exports",
      handler: h(exportList, "GET"),
      url: "/api/provider/studio/exports",
      method: "GET",
      auth: "apiKey",
      prepare: async () => ({}),
      expected: keyRoute({ "other provider": 200, MEMBER: 403, ADMIN: 200, OWNER: 200 }),
    },
    {
      name: "POST exports",
      handler: h(exportList, "POST"),
      url: "/api/provider/studio/exports",
      method: "POST",
      auth: "apiKey",
      // One export a day per provider: each cell starts with none, so it meets the role rule alone.
      prepare: async (db, w) => {
        await db.delete(providerExports).where(inArray(providerExports.providerId, [w.a.id, w.b.id]));
        return { method: "POST", json: { format: "json" } };
      },
      expected: keyRoute({ "other provider": 202, MEMBER: 403, ADMIN: 202, OWNER: 202 }),
    },
    {
      name: "GET export (A's)",
      handler: h(exportOne, "GET"),
      url: "/api/provider/studio/exports/x",
      method: "GET",
      auth: "apiKey",
      prepare: async (db, w) => ({ params: { id: await readyExport(db, w.a.id) } }),
      expected: keyRoute({ "other provider": 404, MEMBER: 403, ADMIN: 200, OWNER: 200 }),
    },
    {
      name: "GET export download (A's)",
      handler: h(exportDownload, "GET"),
      url: "/api/provider/studio/exports/x/download",
      method: "GET",
      auth: "apiKey",
      prepare: async (db, w) => ({ params: { id: await readyExport(db, w.a.id) } }),
      expected: keyRoute({ "other provider": 404, MEMBER: 403, ADMIN: 200, OWNER: 200 }),
    },
    {
      name: "GET reports",
      handler: h(reportList, "GET"),
      url: "/api/provider/studio/reports",
      method: "GET",
      auth: "apiKey",
      prepare: async () => ({}),
      expected: keyRoute({ "other provider": 200, MEMBER: 200, ADMIN: 200, OWNER: 200 }),
    },
    {
      name: "POST report resolve (A's)",
      handler: h(reportResolve, "POST"),
      url: "/api/provider/studio/reports/x/resolve",
      method: "POST",
      auth: "apiKey",
      prepare: async (db, w) => {
        const [report] = await db
          .insert(listingReports)
          .values({ providerId: w.a.id, category: "WEBSITE_BROKEN", reporterKey: randomUUID() })
          .returning({ id: listingReports.id });
        return { method: "POST", params: { id: report!.id }, json: { action: "NOT_AN_ISSUE" } };
      },
      expected: keyRoute({ "other provider": 404, MEMBER: 403, ADMIN: 200, OWNER: 200 }),
    },
    {
      name: "POST report (to B)",
      handler: h(reportSubmit, "POST"),
      url: "/api/public/studio/providers/x/reports",
      method: "POST",
      auth: "public",
      // B stays published: the matrix publishes and unpublishes A.
      prepare: async (_db, w) => ({ params: { slug: w.b.slug }, json: { category: "WEBSITE_BROKEN" } }),
      expected: everyone(202),
    },
    {
      name: "GET reviews (of B)",
      handler: h(publicReviewList, "GET"),
      url: "/api/public/studio/providers/x/reviews",
      method: "GET",
      auth: "public",
      prepare: async (_db, w) => ({ params: { slug: w.b.slug } }),
      expected: everyone(200),
    },
    {
      name: "POST review report (of B's review)",
      handler: h(reviewReport, "POST"),
      url: "/api/public/studio/reviews/x/reports",
      method: "POST",
      auth: "public",
      // A fresh published review each time: one report per client per review would answer a repeat 202 anyway.
      prepare: async (db, w) => ({
        params: { id: (await makeReview(db, { providerId: w.b.id })).id },
        json: { reason: "OTHER", note: "A report from the matrix." },
      }),
      expected: everyone(202),
    },
    {
      name: "POST privacy request",
      handler: h(privacyRequest, "POST"),
      url: "/api/public/studio/privacy-requests",
      method: "POST",
      auth: "public",
      prepare: async () => ({ json: { email: `privacy-${randomUUID().slice(0, 8)}@example.com`, kind: "ACCESS" } }),
      expected: everyone(202),
    },
    {
      name: "POST privacy request confirm",
      handler: h(privacyConfirm, "POST"),
      url: "/api/public/studio/privacy-requests/confirm",
      method: "POST",
      auth: "public",
      prepare: async (db) => ({
        method: "POST",
        query: `?token=${await requestPrivacyToken(db, { email: `privacy-${randomUUID().slice(0, 8)}@example.com`, kind: "ERASE" })}`,
      }),
      expected: everyone(200),
    },
    {
      name: "GET reviews",
      handler: h(reviewList, "GET"),
      url: "/api/provider/studio/reviews",
      method: "GET",
      auth: "apiKey",
      prepare: async () => ({}),
      expected: keyRoute({ "other provider": 200, MEMBER: 200, ADMIN: 200, OWNER: 200 }),
    },
    {
      name: "POST review reply (A's review)",
      handler: h(reviewReply, "POST"),
      url: "/api/provider/studio/reviews/x/reply",
      method: "POST",
      auth: "apiKey",
      prepare: async (db, w) => {
        const review = await makeReview(db, { providerId: w.a.id });
        return { method: "POST", params: { id: review.id }, json: { body: "Thank you for the review." } };
      },
      expected: keyRoute({ "other provider": 404, MEMBER: 403, ADMIN: 201, OWNER: 201 }),
    },
    {
      name: "PATCH review reply (A's review)",
      handler: h(reviewReply, "PATCH"),
      url: "/api/provider/studio/reviews/x/reply",
      method: "PATCH",
      auth: "apiKey",
      prepare: async (db, w) => {
        const review = await makeReview(db, { providerId: w.a.id });
        await db.insert(reviewReplies).values({ reviewId: review.id, body: "First words." });
        return { method: "PATCH", params: { id: review.id }, json: { body: "Better words." } };
      },
      expected: keyRoute({ "other provider": 404, MEMBER: 403, ADMIN: 200, OWNER: 200 }),
    },
    {
      name: "POST review dispute (A's review)",
      handler: h(reviewDispute, "POST"),
      url: "/api/provider/studio/reviews/x/dispute",
      method: "POST",
      auth: "apiKey",
      prepare: async (db, w) => {
        // Each cell independent of the dispute limits: A's earlier disputes closed and out of the window.
        await db
          .update(reviewDisputes)
          .set({ status: "EXPIRED", createdAt: new Date(Date.now() - 365 * 86_400_000) })
          .where(eq(reviewDisputes.providerId, w.a.id));
        const review = await makeReview(db, { providerId: w.a.id });
        return { method: "POST", params: { id: review.id }, json: { reason: "ABUSIVE", note: "The review insults a named member of our team." } };
      },
      expected: keyRoute({ "other provider": 404, MEMBER: 403, ADMIN: 201, OWNER: 201 }),
    },
    {
      name: "POST review (of B, from an invitation)",
      handler: h(reviewSubmit, "POST"),
      url: "/api/public/studio/reviews",
      method: "POST",
      auth: "public",
      prepare: async (db, w) => {
        const { token } = await makeInvitation(db, { providerId: w.b.id, senderEmail: `matrix-${randomUUID().slice(0, 8)}@client.example` });
        return { query: `?token=${token}`, json: MATRIX_REVIEW };
      },
      expected: everyone(201),
    },
    {
      name: "PATCH review (with its edit link)",
      handler: h(reviewEdit, "PATCH"),
      url: "/api/public/studio/reviews/x",
      method: "PATCH",
      auth: "public",
      prepare: async (db, w) => {
        const { id, token } = await freshEditableReview(db, w.b.id);
        return { method: "PATCH", params: { id }, query: `?token=${token}`, json: { overall: 5 } };
      },
      expected: everyone(200),
    },
    {
      name: "DELETE review (with its edit link)",
      handler: h(reviewEdit, "DELETE"),
      url: "/api/public/studio/reviews/x",
      method: "DELETE",
      auth: "public",
      prepare: async (db, w) => {
        const { id, token } = await freshEditableReview(db, w.b.id);
        return { method: "DELETE", params: { id }, query: `?token=${token}` };
      },
      expected: everyone(204),
    },
    // No principal reads the metrics: only METRICS_TOKEN, unset here (its own tests: app/api/metrics/route.test.ts).
    { name: "GET metrics", handler: h(metrics, "GET"), url: "/api/metrics", method: "GET", auth: "public", prepare: async () => ({}), expected: everyone(404) },
    { name: "GET health", handler: h(health, "GET"), url: "/api/health", method: "GET", auth: "public", prepare: async () => ({}), expected: everyone(200) },
    { name: "GET ready", handler: h(ready, "GET"), url: "/api/ready", method: "GET", auth: "public", prepare: async () => ({}), expected: everyone(200) },
    {
      name: "GET openapi.json",
      handler: h(openapi, "GET"),
      url: "/api/openapi.json",
      method: "GET",
      auth: "public",
      prepare: async () => ({}),
      expected: everyone(200),
    },
    {
      name: "GET dev mailbox",
      handler: h(mailbox, "GET"),
      url: "/api/dev/mailbox?to=nobody%40example.com",
      method: "GET",
      auth: "public",
      prepare: async () => ({}),
      expected: everyone(mailboxActive ? 200 : 404),
    },
    {
      name: "POST dev maintenance",
      handler: h(maintenance, "POST"),
      url: "/api/dev/maintenance",
      method: "POST",
      auth: "public",
      prepare: async () => ({ json: { jobs: ["inquiry-reminders"] } }),
      expected: everyone(mailboxActive ? 200 : 404),
    },
    {
      name: "GET unknown API path",
      handler: h(catchAll, "GET"),
      url: "/api/provider/studio/secrets",
      method: "GET",
      auth: "public",
      prepare: async () => ({ params: { path: "provider/studio/secrets" } }),
      expected: everyone(404),
    },
    ...webhookRouteCases(routeModule, keyRoute),
  ];
}
