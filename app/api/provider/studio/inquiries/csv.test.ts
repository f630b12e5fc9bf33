import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import type { Provider } from "@/db/schema";
import { inquiriesCsv } from "@/lib/provider-exports/inquiries-csv";
import { makeApiKey, makeInquiry, makeProvider } from "@/test/support/factories";
import { call, problemOf } from "@/test/support/http";
import { GET } from "./route";

let provider: Provider;
let ownerKey: string;
let memberKey: string;

beforeAll(async () => {
  const db = getDb();
  provider = await makeProvider(db, { slug: "export-csv-a" });
  const other = await makeProvider(db, { slug: "export-csv-b" });
  ownerKey = (await makeApiKey(db, { provider, role: "OWNER" })).key;
  memberKey = (await makeApiKey(db, { provider, role: "MEMBER" })).key;
  await makeInquiry(db, { providerId: provider.id, message: '=HYPERLINK("http://x")', senderName: "+Plus Name" });
  await makeInquiry(db, { providerId: provider.id, status: "ARCHIVED", message: "Line one\nline two, with a comma" });
  await makeInquiry(db, { providerId: provider.id, status: "AWAITING_VERIFICATION" });
  await makeInquiry(db, { providerId: other.id, senderName: "Other Provider's Sender" });
});

const csv = (key: string, query: string) => call(GET, `/api/provider/studio/inquiries?format=csv${query}`, { key });

describe("GET /api/provider/studio/inquiries?format=csv", () => {
  it("streams the provider's delivered inquiries as RFC 4180 CSV with a BOM, formulas neutralised", async () => {
    const response = await csv(ownerKey, "");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="inquiries.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(
      "id,status,senderName,senderEmail,senderCompany,budget,timeline,message,createdAt,deliveredAt,firstResponseAt,engagedAt,erased,erasedAt",
    );
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(text).toContain(",'+Plus Name,");
    expect(text).toContain('"Line one\nline two, with a comma"');
    expect(text).not.toContain("Other Provider's Sender");
    // Header, two delivered inquiries (one spans two physical lines), and the final CRLF.
    expect(text.match(/\r\n/g)).toHaveLength(3);
  });

  it("filters by status", async () => {
    const text = await (await csv(ownerKey, "&status=ARCHIVED")).text();
    expect(text.match(/\r\n/g)).toHaveLength(2);
    expect(text).toContain(",ARCHIVED,");
  });

  it("is OWNER and ADMIN only, and a bad format is 400", async () => {
    expect((await problemOf(await csv(memberKey, ""))).status).toBe(403);
    const bad = await call(GET, "/api/provider/studio/inquiries?format=xlsx", { key: ownerKey });
    expect((await problemOf(bad)).status).toBe(400);
    // Without format the JSON list still answers a MEMBER.
    expect((await call(GET, "/api/provider/studio/inquiries", { key: memberKey })).status).toBe(200);
  });

  it("refuses more rows than the limit with 413 EXPORT_TOO_LARGE, before writing anything", async () => {
    await expect(inquiriesCsv(getDb(), { providerId: provider.id, maxRows: 1 })).rejects.toMatchObject({ code: "EXPORT_TOO_LARGE", status: 413 });
    const exact = await inquiriesCsv(getDb(), { providerId: provider.id, maxRows: 2 });
    expect(exact.rows).toBe(2);
  });
});
