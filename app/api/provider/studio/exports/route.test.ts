import { eq } from "drizzle-orm";
import { unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { emailOutbox, type Provider } from "@/db/schema";
import { providerExports } from "@/db/schema-analytics";
import { webhookEndpoints } from "@/db/schema-webhooks";
import { runExportJobs } from "@/lib/provider-exports/run-export-jobs";
import { makeApiKey, makeInquiry, makeMember, makeProvider } from "@/test/support/factories";
import { call, problemOf } from "@/test/support/http";
import { raceTest } from "@/test/support/races";
import { GET as DOWNLOAD } from "./[id]/download/route";
import { GET as GET_ONE } from "./[id]/route";
import { GET as LIST, POST } from "./route";

const DAY = 24 * 3600 * 1000;
const SECRET_MARKER = "export-sealed-secret-must-not-leak";
const FORMULA = '=HYPERLINK("http://x")';
let provider: Provider;
let other: Provider;
let ownerKey: string;
let memberKey: string;
let otherKey: string;
let ownerEmail: string;

beforeAll(async () => {
  const db = getDb();
  provider = await makeProvider(db, { slug: "export-route-a", name: "Export Route A" });
  other = await makeProvider(db, { slug: "export-route-b" });
  const owner = await makeMember(db, { provider, role: "OWNER" });
  ownerEmail = owner.user.email;
  ownerKey = (await makeApiKey(db, { provider, role: "OWNER", createdByMemberId: owner.member.id })).key;
  memberKey = (await makeApiKey(db, { provider, role: "MEMBER" })).key;
  otherKey = (await makeApiKey(db, { provider: other, role: "OWNER" })).key;
  await makeInquiry(db, { providerId: provider.id, message: FORMULA, senderName: "Formula Sender" });
  await makeInquiry(db, { providerId: provider.id, senderName: "Gone Sender", erasedAt: new Date() });
  await makeInquiry(db, { providerId: provider.id, status: "AWAITING_VERIFICATION", senderName: "Unconfirmed Sender" });
  await db.insert(webhookEndpoints).values({
    providerId: provider.id,
    url: "https://hooks.example.com/export",
    eventTypes: ["inquiry.created"],
    secretSealed: SECRET_MARKER,
    previousSecretSealed: `${SECRET_MARKER}-previous`,
  });
});

const request = (key: string, format: unknown) => call(POST, "/api/provider/studio/exports", { key, method: "POST", json: { format } });
const getOne = (key: string, id: string) => call(GET_ONE, `/api/provider/studio/exports/${id}`, { key, params: { id } });
const download = (key: string, id: string) => call(DOWNLOAD, `/api/provider/studio/exports/${id}/download`, { key, params: { id } });

async function clearExports(providerId: string) {
  await getDb().delete(providerExports).where(eq(providerExports.providerId, providerId));
}

/** Requests, builds (job clock `now`) and downloads one export; the zip's files as text. */
async function buildExport(format: "json" | "csv", now = new Date()) {
  await clearExports(provider.id);
  const accepted = await request(ownerKey, format);
  expect(accepted.status).toBe(202);
  const { id, status } = await accepted.json();
  expect(status).toBe("PENDING");
  await getDb().transaction((tx) => runExportJobs(tx, { now }));
  return { id, files: await unzipped(id) };
}

async function unzipped(id: string): Promise<Record<string, string>> {
  const response = await download(ownerKey, id);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/zip");
  expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.zip"$/);
  const entries = unzipSync(new Uint8Array(await response.arrayBuffer()));
  // ignoreBOM keeps the CSV's byte-order mark in the text, so the test can see it is there.
  const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
  return Object.fromEntries(Object.entries(entries).map(([name, bytes]) => [name, decoder.decode(bytes)]));
}

/** RFC 4180 parsing, enough for the test: quoted fields, doubled quotes, CRLF records. */
function parseCsv(text: string): string[][] {
  expect(text.startsWith("\uFEFF")).toBe(true);
  const records: string[][] = [];
  let field = "";
  let record: string[] = [];
  let quoted = false;
  const endField = () => {
    record.push(field);
    field = "";
  };
  for (let i = 1; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (quoted && c === '"') quoted = false;
    else if (quoted) field += c;
    else if (c === '"') quoted = true;
    else if (c === ",") endField();
    else if (c === "\r" && text[i + 1] === "\n") {
      endField();
      records.push(record);
      record = [];
      i++;
    } else field += c;
  }
  return records;
}

const TABLES = ["members", "inquiries", "reviews", "analytics_daily", "audit_events", "webhooks", "reports"];

describe("provider exports over the API", () => {
  it("builds a zip holding README.txt, listing.json and every table, as JSON and as CSV", async () => {
    for (const format of ["json", "csv"] as const) {
      const { files } = await buildExport(format);
      const expected = ["README.txt", "listing.json", ...TABLES.map((t) => `${t}.${format}`)];
      expect(Object.keys(files).sort()).toEqual([...expected].sort());
      for (const name of expected) expect(files["README.txt"]).toContain(name);
      expect(files["README.txt"]).toMatch(/Schema version: 1/);
      expect(JSON.parse(files["listing.json"]!).slug).toBe("export-route-a");
    }
  });

  it("neutralises formulas in CSV, keeps the text as typed in JSON, and both hold the same rows", async () => {
    const json = JSON.parse((await buildExport("json")).files["inquiries.json"]!) as Record<string, unknown>[];
    const csv = parseCsv((await buildExport("csv")).files["inquiries.csv"]!);
    expect(json.map((r) => r.message)).toContain(FORMULA);
    const [header, ...rows] = csv;
    const messageAt = header!.indexOf("message");
    expect(rows.map((r) => r[messageAt])).toContain(`'${FORMULA}`);
    // The same rows, cell for cell: the CSV's text of each JSON value (null empty, formulas prefixed).
    const asCsv = (v: unknown) => (v === null ? "" : typeof v === "string" && /^[=+\-@\t\r]/u.test(v) ? `'${v}` : String(v));
    expect(header).toEqual(Object.keys(json[0]!));
    const byId = (a: string[], b: string[]) => a[0]!.localeCompare(b[0]!);
    expect(rows.sort(byId)).toEqual(json.map((r) => header!.map((c) => asCsv(r[c]))).sort(byId));
    // Delivered inquiries only; the erased one is marked and holds no sender's details.
    expect(json.map((r) => r.senderName)).not.toContain("Unconfirmed Sender");
    const erased = json.find((r) => r.erased === true)!;
    expect(erased).toMatchObject({ senderName: null, senderEmail: null, message: "erased at the sender's request" });
    expect(erased.erasedAt).not.toBeNull();
  });

  it("exports webhook configuration, never a secret", async () => {
    for (const format of ["json", "csv"] as const) {
      const { files } = await buildExport(format);
      expect(files[`webhooks.${format}`]).toContain("https://hooks.example.com/export");
      for (const text of Object.values(files)) expect(text).not.toContain(SECRET_MARKER);
    }
  });

  it("emails the requester a link to the studio page, not to the file", async () => {
    const { id } = await buildExport("json");
    const [mail] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.to, ownerEmail));
    expect(mail).toMatchObject({ kind: "EXPORT_READY" });
    expect(mail!.text).toContain("/studio/export");
    expect(mail!.text).not.toContain(id);
    expect(mail!.html).not.toContain("/download");
  });

  it("answers the status, then 410 EXPORT_EXPIRED 7 days after it was made; the job clears the file", async () => {
    const madeAt = new Date(Date.now() - 8 * DAY);
    await clearExports(provider.id);
    const id = (await (await request(ownerKey, "json")).json()).id;
    await getDb().transaction((tx) => runExportJobs(tx, { now: madeAt }));
    const view = await (await getOne(ownerKey, id)).json();
    expect(view).toMatchObject({ id, status: "READY", readyAt: madeAt.toISOString(), expiresAt: new Date(madeAt.getTime() + 7 * DAY).toISOString() });
    expect(view.sizeBytes).toBeGreaterThan(0);
    expect((await problemOf(await download(ownerKey, id))).status).toBe(410);
    expect(await getDb().transaction((tx) => runExportJobs(tx, {}))).toMatchObject({ expired: 1 });
    const [row] = await getDb().select().from(providerExports).where(eq(providerExports.id, id));
    expect(row).toMatchObject({ status: "EXPIRED", archive: null });
    expect((await problemOf(await download(ownerKey, id))).code).toBe("EXPORT_EXPIRED");
  });

  it("refuses a second export within 24 hours with Retry-After, but allows one after a FAILED export", async () => {
    await clearExports(provider.id);
    expect((await request(ownerKey, "csv")).status).toBe(202);
    const second = await request(ownerKey, "json");
    expect((await problemOf(second)).status).toBe(429);
    expect(Number(second.headers.get("retry-after"))).toBeGreaterThan(23 * 3600);
    // Built too large: FAILED with a detail, and it no longer blocks a new request.
    await getDb().transaction((tx) => runExportJobs(tx, { maxBytes: 10 }));
    const [failed] = await getDb().select().from(providerExports).where(eq(providerExports.providerId, provider.id));
    expect(failed).toMatchObject({ status: "FAILED", archive: null });
    expect(failed!.failureDetail).toMatch(/^EXPORT_TOO_LARGE/);
    expect((await request(ownerKey, "json")).status).toBe(202);
  });

  it("accepts exactly one of two simultaneous requests", raceTest, async () => {
    await clearExports(provider.id);
    const statuses = (await Promise.all([request(ownerKey, "json"), request(ownerKey, "csv")])).map((r) => r.status).sort();
    expect(statuses).toEqual([202, 429]);
  });

  it("refuses a MEMBER key (403) and answers 404 for another provider's export", async () => {
    await clearExports(provider.id);
    const id = (await (await request(ownerKey, "json")).json()).id;
    expect((await problemOf(await request(memberKey, "json"))).status).toBe(403);
    expect((await problemOf(await getOne(memberKey, id))).status).toBe(403);
    expect((await problemOf(await download(memberKey, id))).status).toBe(403);
    expect((await problemOf(await call(LIST, "/api/provider/studio/exports", { key: memberKey }))).status).toBe(403);
    expect((await problemOf(await getOne(otherKey, id))).status).toBe(404);
    expect((await problemOf(await download(otherKey, id))).status).toBe(404);
    expect((await problemOf(await getOne(ownerKey, "not-a-uuid"))).status).toBe(404);
    expect((await problemOf(await request(ownerKey, "xml"))).status).toBe(400);
  });

  it("lists the provider's exports newest first and answers 409 for one not built yet", async () => {
    await clearExports(provider.id);
    const id = (await (await request(ownerKey, "json")).json()).id;
    const list = await (await call(LIST, "/api/provider/studio/exports", { key: ownerKey })).json();
    expect(list.data).toEqual([expect.objectContaining({ id, status: "PENDING", readyAt: null, sizeBytes: null })]);
    expect((await problemOf(await download(ownerKey, id))).status).toBe(409);
    expect((await (await call(LIST, "/api/provider/studio/exports", { key: otherKey })).json()).data).toEqual([]);
  });
});
