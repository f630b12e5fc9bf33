import fc from "fast-check";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { interestApplications } from "@/db/schema";
import { providerExports } from "@/db/schema-analytics";
import { listingReports } from "@/db/schema-freshness";
import { makeInquiry, makeMember, makeProviderWithOwner } from "@/test/support/factories";
import { makeReview } from "@/test/support/review-factories";
import type { CallOptions } from "@/test/support/http";
import { emailSchema } from "@/lib/validation/primitives";
import { writeWebhookMessage } from "@/lib/webhooks/write-webhook-message";
import { webhookEndpoints } from "@/db/schema-webhooks";
import { enableWebhooksForFile } from "@/test/support/webhook-api-kit";
import { routeModule } from "./api-route-registry";
import { countKnob, refusalSnapshot, reportFigures } from "./database-dump";
import {
  callRaw,
  DANGEROUS_URLS,
  deepJson,
  documentedEndpoints,
  fullWidth,
  nastyString,
  nastyValue,
  oversizedBody,
  type DocumentedEndpoint,
  type Endpoint,
} from "./generated-input-kit";

// Property-based requests against every endpoint's query, path, headers and body. The invariant
// throughout: never a 5xx, and every refusal is problem+json carrying its own status.

// Webhooks on, and a fake DNS: a generated URL never reaches a real resolver.
vi.mock("node:dns/promises", async (importOriginal) => (await import("@/test/support/webhook-api-kit")).fakeDnsModule(importOriginal));
enableWebhooksForFile();

const RUNS = countKnob("RELIABILITY_RUNS", 60);
const figures = { inputs: 0, fiveXx: 0, notProblemJson: 0 };
const failures: string[] = [];

afterAll(() => {
  reportFigures("generated-input", `${figures.inputs} generated inputs tried, ${figures.fiveXx} answered 5xx, ${figures.notProblemJson} refusals not problem+json`);
});

let owner: Awaited<ReturnType<typeof makeProviderWithOwner>>;
let memberEmail: string;
let inquiryId: string;
let reportId: string;
let reviewId: string;
let exportId: string;
let webhookId: string;
let webhookMessageId: string;
beforeAll(async () => {
  owner = await makeProviderWithOwner(getDb());
  memberEmail = (await makeMember(getDb(), { provider: owner.provider })).user.email;
  inquiryId = (await makeInquiry(getDb(), { providerId: owner.provider.id })).id;
  const [report] = await getDb()
    .insert(listingReports)
    .values({ providerId: owner.provider.id, category: "WRONG_FACTS", note: "A generated report's note." })
    .returning({ id: listingReports.id });
  reportId = report!.id;
  reviewId = (await makeReview(getDb(), { providerId: owner.provider.id })).id;
  const [exported] = await getDb().insert(providerExports).values({ providerId: owner.provider.id, format: "csv" }).returning({ id: providerExports.id });
  exportId = exported!.id;
  const [endpoint] = await getDb()
    .insert(webhookEndpoints)
    .values({ providerId: owner.provider.id, url: "https://93.184.215.14/generated", eventTypes: ["inquiry.created"], secretSealed: "generated" })
    .returning({ id: webhookEndpoints.id });
  webhookId = endpoint!.id;
  webhookMessageId = (await writeWebhookMessage(getDb(), {
    providerId: owner.provider.id,
    event: { type: "webhook.test", data: { webhookId } },
    endpointIds: [webhookId],
  }))!;
});

/** Sends one generated request and checks the invariant; answers the status. */
async function send(endpoint: Endpoint, options: CallOptions & { query?: string }): Promise<number> {
  const { status, contentType, body } = await callRaw(endpoint, options);
  figures.inputs += 1;
  if (status >= 500) {
    figures.fiveXx += 1;
    failures.push(`${endpoint.name} ${status}: ${JSON.stringify(options).slice(0, 300)} → ${body.slice(0, 200)}`);
  }
  if (status >= 400) {
    let ok = contentType === "application/problem+json";
    if (ok) ok = (JSON.parse(body) as { status?: number }).status === status;
    if (!ok) {
      figures.notProblemJson += 1;
      failures.push(`${endpoint.name} ${status} not problem+json: ${contentType}`);
    }
  }
  return status;
}

function expectNoFailures() {
  const seen = failures.splice(0);
  if (seen.length > 0) console.error(`${seen.length} failures:\n${seen.slice(0, 40).join("\n")}`);
  expect(seen.slice(0, 10)).toEqual([]);
}

// The endpoints come from the OpenAPI document, so a new operation is probed without being listed here.
// Path parameters that reach a real target (the probes of path parameters replace them).
const realParams = (): Record<string, Record<string, string>> => ({
  submitInquiry: { slug: owner.provider.slug },
  changeInquiryStatus: { id: inquiryId },
  reportOutdatedListing: { slug: owner.provider.slug },
  resolveListingReport: { id: reportId },
  listPublicReviews: { slug: owner.provider.slug },
  reportReview: { id: reviewId },
  replyToReview: { id: reviewId },
  editReviewReply: { id: reviewId },
  disputeReview: { id: reviewId },
  editReview: { id: reviewId },
  withdrawReview: { id: reviewId },
  markInquiryEngagement: { id: inquiryId },
  unmarkInquiryEngagement: { id: inquiryId },
  getProviderExport: { id: exportId },
  downloadProviderExport: { id: exportId },
  getWebhook: { id: webhookId },
  updateWebhook: { id: webhookId },
  rotateWebhookSecret: { id: webhookId },
  testWebhook: { id: webhookId },
  recoverWebhookDeliveries: { id: webhookId },
  listWebhookDeliveries: { id: webhookId },
  getWebhookDelivery: { id: webhookId, messageId: webhookMessageId },
  replayWebhookDelivery: { id: webhookId, messageId: webhookMessageId },
});
const endpoints = (): DocumentedEndpoint[] =>
  documentedEndpoints(owner.key).map((e) => {
    const params = realParams()[e.operationId];
    return params ? { ...e, params } : e;
  });
const operation = (operationId: string): DocumentedEndpoint => {
  const found = endpoints().find((e) => e.operationId === operationId);
  if (!found) throw new Error(`no documented operation ${operationId}`);
  return found;
};
const interest = (): Endpoint => operation("submitInterest");
const listing = (): Endpoint => operation("updateListing");
const invite = (): Endpoint => operation("inviteMember");
const BODY_ENDPOINTS = () => endpoints().filter((e) => e.body);

let emails = 0;
/** The per-email limit (3 a day) would answer 429 before validation is reached; each probe gets its own address. */
const uniqueEmail = () => `probe-${++emails}-${process.pid}@example.com`;

const VALID_INTEREST = { fullName: "Generated Person", email: "gen@example.com", description: "A generated application body." };
const VALID_REVIEW = {
  workedTogether: true,
  projectStatus: "COMPLETED",
  overall: 5,
  wouldRecommend: true,
  title: "A generated review",
  body: "A generated review body, long enough to pass the fifty-character rule.",
  display: "NAME_ONLY",
  reviewerName: "Generated Person",
};
/** A valid body per body-taking operation; a new one must add its own here (the test says which). */
const VALID_BODIES: Record<string, Record<string, unknown>> = {
  updateListing: { headline: "Fine", description: "Fine too", websiteUrl: "https://ok.example" },
  inviteMember: { email: "someone@example.com", role: "MEMBER" },
  submitInterest: VALID_INTEREST,
  submitInquiry: { name: "Generated Person", email: "gen@example.com", message: "A generated inquiry, long enough to pass." },
  changeInquiryStatus: { status: "REPLIED" },
  reportOutdatedListing: { category: "WRONG_FACTS", fields: ["city"], note: "A generated report, long enough.", email: "gen@example.com" },
  requestPrivacyAction: { email: "gen-privacy@example.com", kind: "ACCESS" },
  resolveListingReport: { action: "NOT_AN_ISSUE", note: "Generated." },
  reportReview: { reason: "FAKE", note: "A generated review report.", email: "gen@example.com" },
  replyToReview: { body: "A generated reply." },
  editReviewReply: { body: "A generated edit." },
  disputeReview: { reason: "ABUSIVE", note: "A generated dispute note, long enough." },
  submitReview: VALID_REVIEW,
  editReview: { overall: 4, title: "A generated edit" },
  declineReviewInvitation: { reason: "NOT_HIRED" },
  requestProviderExport: { format: "json" },
  createWebhook: { url: "https://hooks.wh-api.example/generated", eventTypes: ["inquiry.created"] },
  updateWebhook: { description: "Generated" },
  rotateWebhookSecret: { overlapHours: 1 },
  recoverWebhookDeliveries: { since: new Date(Date.now() - 3600_000).toISOString() },
  recordAnalyticsEvent: { type: "search_impressions", slugs: ["analytics-generated"], page: 1, sort: "rank" },
};

describe("bodies", { timeout: 120_000 }, () => {
  it("any JSON value as the body: never a 5xx", async () => {
    for (const endpoint of BODY_ENDPOINTS()) {
      await fc.assert(
        fc.asyncProperty(nastyValue(), async (value) => {
          await send(endpoint, { method: endpoint.method, json: value ?? null });
        }),
        { numRuns: RUNS },
      );
    }
    expectNoFailures();
  });

  it("a valid body with one field replaced by anything: never a 5xx", async () => {
    expect(BODY_ENDPOINTS().map((e) => e.operationId).filter((id) => !VALID_BODIES[id]), "body operations without a valid body").toEqual([]);
    const bases = BODY_ENDPOINTS().map((e): [Endpoint, Record<string, unknown>] => [e, VALID_BODIES[e.operationId]!]);
    for (const [endpoint, base] of bases) {
      const keys = [...Object.keys(base), "specialties", "portfolioLinks", "companyName", "referralSource", "logoUrl", "budget", "timeline", "website2", "category", "fields", "note", "action", "body", "reason"];
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...keys), nastyValue(), async (key, value) => {
          await send(endpoint, { method: endpoint.method, json: { ...base, [key]: value ?? null } });
        }),
        { numRuns: RUNS * 2 },
      );
    }
    expectNoFailures();
  });

  it("any text as a JSON body: 400 INVALID_JSON or a validated answer, never a 5xx", async () => {
    for (const endpoint of BODY_ENDPOINTS()) {
      await fc.assert(
        fc.asyncProperty(nastyString(), async (text) => {
          await send(endpoint, { method: endpoint.method, rawBody: text, headers: { "content-type": "application/json" } });
        }),
        { numRuns: RUNS },
      );
    }
    expectNoFailures();
  });

  it("deeply nested JSON up to the size limit: a 4xx, never a 5xx", async () => {
    for (const endpoint of BODY_ENDPOINTS()) {
      for (const depth of [1_000, 10_000, 50_000]) {
        for (const shape of ["array", "object"] as const) {
          const status = await send(endpoint, {
            method: endpoint.method,
            rawBody: deepJson(depth, shape),
            headers: { "content-type": "application/json" },
          });
          expect(status, `${endpoint.name} depth ${depth} ${shape}`).toBeGreaterThanOrEqual(400);
        }
      }
    }
    expectNoFailures();
  });

  it("bodies over 100 KB: 413, whether or not Content-Length says so", async () => {
    for (const endpoint of BODY_ENDPOINTS()) {
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 100 * 1024 + 1, max: 1024 * 1024 }), fc.boolean(), async (size, declare) => {
          const rawBody = oversizedBody(size);
          const headers: Record<string, string> = { "content-type": "application/json" };
          if (declare) headers["content-length"] = String(Buffer.byteLength(rawBody));
          const status = await send(endpoint, { method: endpoint.method, rawBody, headers });
          if (status !== 413) failures.push(`${endpoint.name} ${size} bytes (declared ${declare}) → ${status}`);
        }),
        { numRuns: Math.ceil(RUNS / 4) },
      );
    }
    expectNoFailures();
  });

  it("web addresses that are not public http(s) pages are refused with 400, changing nothing", async () => {
    const db = getDb();
    const fields = ["websiteUrl", "logoUrl", "bannerUrl"];
    for (const url of DANGEROUS_URLS) {
      for (const field of fields) {
        const before = await refusalSnapshot(db);
        const status = await send(listing(), { method: "PATCH", json: { [field]: url } });
        if (status !== 400) failures.push(`PATCH listing ${field}=${url} → ${status}`);
        if ((await refusalSnapshot(db)) !== before) failures.push(`PATCH listing ${field}=${url} changed the database`);
      }
      const status = await send(interest(), { method: "POST", json: { ...VALID_INTEREST, email: uniqueEmail(), portfolioLinks: [url] } });
      if (status !== 400) failures.push(`POST interest portfolioLinks=[${url}] → ${status}`);
    }
    expectNoFailures();
  });

  it("control and format characters in text fields: refused or stored, never a 5xx", async () => {
    const controls = fc.constantFrom("\u0000", "\u0001", "\u0007", "\u001b[31m", "\u007f", "\u0085", "\u200b", "\u202e", "\ufeff", "\ud800", "\udfff", "\uffff");
    await fc.assert(
      fc.asyncProperty(controls, fc.string({ maxLength: 20 }), fc.constantFrom("headline", "description"), async (ctrl, text, field) => {
        await send(listing(), { method: "PATCH", json: { [field]: `${text}${ctrl}${text}` } });
      }),
      { numRuns: RUNS },
    );
    await fc.assert(
      fc.asyncProperty(controls, fc.constantFrom("fullName", "description", "companyName", "referralSource"), async (ctrl, field) => {
        await send(interest(), { method: "POST", json: { ...VALID_INTEREST, email: uniqueEmail(), [field]: `Text with ${ctrl} inside it` } });
      }),
      { numRuns: RUNS },
    );
    expectNoFailures();
  });
});

describe("emails", { timeout: 120_000 }, () => {
  it("a full-width look-alike of a member's email is that member (409), not a new person", async () => {
    const status = await send(invite(), { method: "POST", json: { email: fullWidth(memberEmail) } });
    expect(status).toBe(409);
  });

  it("a full-width look-alike of any address the email rule accepts is accepted (201) and stored as the ASCII address", async () => {
    const db = getDb();
    // fast-check's addresses follow RFC 5321 (`!#$%&*` in the local part, digits in the top-level
    // domain); most are not addresses this product accepts. Only those the product's rule accepts
    // are tried, and every one of them must be accepted and stored: no answer is left uncounted.
    const accepted = fc.emailAddress({ size: "small" }).filter((email) => emailSchema.safeParse(email).success);
    const seen = new Set<string>();
    let stored = 0;
    await fc.assert(
      fc.asyncProperty(accepted, async (email) => {
        const ascii = email.toLowerCase();
        // The per-email limit (3 a day) would refuse a fourth try of one address.
        if (seen.has(ascii)) return;
        seen.add(ascii);
        const status = await send(interest(), { method: "POST", json: { ...VALID_INTEREST, email: fullWidth(email) } });
        if (status !== 201) {
          failures.push(`${fullWidth(email)} (${ascii}) → ${status}`);
          return;
        }
        const rows = await db.select().from(interestApplications).where(eq(interestApplications.email, ascii));
        if (rows.length === 0) failures.push(`${fullWidth(email)} not stored as ${ascii}`);
        else stored += 1;
      }),
      { numRuns: Math.ceil(RUNS / 2) },
    );
    expectNoFailures();
    expect(seen.size).toBeGreaterThanOrEqual(Math.ceil(RUNS / 4));
    expect(stored).toBe(seen.size);
  });
});

describe("query, path and headers", { timeout: 120_000 }, () => {
  // The development mailbox is not in the document; it reads `to` from the query.
  const queryEndpoints = (): Endpoint[] => [
    ...endpoints().filter((e) => e.query.length > 0),
    { name: "GET mailbox", handler: routeModule("/api/dev/mailbox").GET!, url: "/api/dev/mailbox", method: "GET" },
  ];
  const queryKey = fc.oneof(fc.constantFrom(...new Set([...documentedEndpoints("").flatMap((e) => e.query), "to"])), nastyString(12));

  it("any query string: never a 5xx", async () => {
    for (const endpoint of queryEndpoints()) {
      await fc.assert(
        fc.asyncProperty(fc.array(fc.tuple(queryKey, nastyString()), { maxLength: 4 }), async (pairs) => {
          const encode = (t: string) => encodeURIComponent(t.toWellFormed());
          const query = "?" + pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join("&");
          await send(endpoint, { method: endpoint.method, query });
        }),
        { numRuns: RUNS },
      );
    }
    // Percent-escapes that are not UTF-8, or not escapes at all, straight into the URL.
    for (const endpoint of queryEndpoints()) {
      for (const raw of ["%FF", "%", "%E0%A4%A", "%C0%AE", "%00", "%uFFFF", "%2", "a%00b", "%F0%9F%98"]) {
        for (const key of ["q", "token", "to", "page", "specialty"]) await send(endpoint, { method: endpoint.method, query: `?${key}=${raw}` });
      }
    }
    expectNoFailures();
  });

  it("any path parameter: never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(nastyString(), async (value) => {
        for (const endpoint of endpoints().filter((e) => e.pathParams.length > 0)) {
          await send(endpoint, { method: endpoint.method, params: Object.fromEntries(endpoint.pathParams.map((p) => [p, value])) });
        }
      }),
      { numRuns: RUNS },
    );
    expectNoFailures();
  });

  it("any Content-Type, Authorization, X-Request-Id and Content-Length: never a 5xx", async () => {
    const headerValue = fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 200 });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...BODY_ENDPOINTS()),
        fc.record({ "content-type": headerValue, authorization: headerValue, "x-request-id": headerValue }, { requiredKeys: [] }),
        async (endpoint, headers) => {
          const useKey = endpoint.key && !("authorization" in headers);
          await send({ ...endpoint, key: useKey ? endpoint.key : undefined }, {
            method: endpoint.method,
            rawBody: JSON.stringify({ headline: "h", email: "x@example.com", fullName: "F", description: "Described well." }),
            headers,
          });
        },
      ),
      { numRuns: RUNS * 2 },
    );
    expectNoFailures();
  });
});
