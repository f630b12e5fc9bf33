import { randomUUID } from "node:crypto";
import type { Db } from "@/db/client";
import { interestApplications } from "@/db/schema";
import * as catchAll from "@/app/api/[...path]/route";
import * as mailbox from "@/app/api/dev/mailbox/route";
import * as health from "@/app/api/health/route";
import * as openapi from "@/app/api/openapi.json/route";
import * as publish from "@/app/api/provider/studio/listing/publish/route";
import * as listing from "@/app/api/provider/studio/listing/route";
import * as unpublish from "@/app/api/provider/studio/listing/unpublish/route";
import * as member from "@/app/api/provider/studio/members/[id]/route";
import * as members from "@/app/api/provider/studio/members/route";
import * as profile from "@/app/api/public/studio/providers/[slug]/route";
import * as interest from "@/app/api/public/studio/providers/interest/route";
import * as list from "@/app/api/public/studio/providers/route";
import * as verify from "@/app/api/public/studio/providers/verify/route";
import * as ready from "@/app/api/ready/route";
import { createVerificationToken } from "@/lib/applications/verification-token";
import { makeMember, makeUser } from "@/lib/testing/factories";
import type { CallOptions } from "@/lib/testing/http";
import { PRINCIPALS, type Principal, type World } from "./authorization-world";

// Every API route module, and for each of its methods a request per principal with the status the
// contract gives it. Add a module here when a route is added (the matrix test checks none is missing).

export type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response> | Response;
type Module = Partial<Record<"GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS", Handler>>;

export interface RouteModule {
  path: string;
  module: Module;
  /** Methods the path supports; every other exported method must answer 405. */
  allowed: string[];
  /** Whether the supported methods need an API key. */
  auth: "apiKey" | "public";
}

export const ROUTE_MODULES: RouteModule[] = [
  { path: "/api/provider/studio/members", module: members, allowed: ["GET", "POST"], auth: "apiKey" },
  { path: "/api/provider/studio/members/:id", module: member, allowed: ["DELETE"], auth: "apiKey" },
  { path: "/api/provider/studio/listing", module: listing, allowed: ["GET", "PATCH"], auth: "apiKey" },
  { path: "/api/provider/studio/listing/publish", module: publish, allowed: ["POST"], auth: "apiKey" },
  { path: "/api/provider/studio/listing/unpublish", module: unpublish, allowed: ["POST"], auth: "apiKey" },
  { path: "/api/public/studio/providers", module: list, allowed: ["GET", "OPTIONS"], auth: "public" },
  { path: "/api/public/studio/providers/:slug", module: profile, allowed: ["GET", "OPTIONS"], auth: "public" },
  { path: "/api/public/studio/providers/interest", module: interest, allowed: ["POST"], auth: "public" },
  { path: "/api/public/studio/providers/verify", module: verify, allowed: ["POST"], auth: "public" },
  { path: "/api/health", module: health, allowed: ["GET"], auth: "public" },
  { path: "/api/ready", module: ready, allowed: ["GET"], auth: "public" },
  { path: "/api/openapi.json", module: openapi, allowed: ["GET", "OPTIONS"], auth: "public" },
  { path: "/api/dev/mailbox", module: mailbox, allowed: ["GET"], auth: "public" },
  // The catch-all answers 404 problem+json for every method: no method is "supported".
  { path: "/api/[...path]", module: catchAll, allowed: ["GET", "POST", "PUT", "PATCH", "DELETE"], auth: "public" },
];

/** Route modules present on disk (app/api/**\/route.ts) but owned by someone else and left out on purpose. */
export const ROUTES_OUT_OF_SCOPE = ["/api/auth/[...nextauth]"];

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

export function routeCases(mailboxActive: boolean): RouteCase[] {
  const h = <M extends keyof Module>(mod: Module, m: M) => mod[m]!;
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
      name: "GET unknown API path",
      handler: h(catchAll, "GET"),
      url: "/api/provider/studio/secrets",
      method: "GET",
      auth: "public",
      prepare: async () => ({ params: { path: "provider/studio/secrets" } }),
      expected: everyone(404),
    },
  ];
}
