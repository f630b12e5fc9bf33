import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { providerDailyStats } from "@/db/schema-analytics";
import { addDays, utcDay } from "@/lib/analytics/utc-day";
import { makeApiKey, makeProviderWithOwner } from "@/test/support/factories";
import { call, problemOf } from "@/test/support/http";
import { GET } from "./route";

const read = (key: string, query = "", accept?: string) =>
  call(GET, `/api/provider/studio/analytics${query}`, { key, headers: accept ? { accept } : {} });

describe("GET /api/provider/studio/analytics", () => {
  it("answers every day of the last 30 with zeros where nothing was counted, today partial, totals, rates and the period before", async () => {
    const { provider, key } = await makeProviderWithOwner(getDb(), { slug: "analytics-read-default" });
    const today = utcDay(new Date());
    await getDb().insert(providerDailyStats).values([
      { providerId: provider.id, day: today, profileViews: 10, uniqueVisitors: 4, contactOpens: 2, inquiriesSubmitted: 1 },
      { providerId: provider.id, day: addDays(today, -1), profileViews: 5, uniqueVisitors: 4, searchAppearances: 40 },
      { providerId: provider.id, day: addDays(today, -30), profileViews: 9, inquiriesDelivered: 2 },
    ]);
    const response = await read(key);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const body = await response.json();
    expect(body).toMatchObject({ from: addDays(today, -29), to: today, timezone: "UTC" });
    expect(body.days).toHaveLength(30);
    expect(body.days[0]).toEqual({
      date: addDays(today, -29),
      searchAppearances: 0,
      profileViews: 0,
      uniqueVisitors: 0,
      websiteClicks: 0,
      contactOpens: 0,
      inquiriesSubmitted: 0,
      inquiriesDelivered: 0,
      inquiriesAnswered: 0,
      partial: false,
    });
    expect(body.days[29]).toMatchObject({ date: today, profileViews: 10, partial: true });
    expect(body.days[28]).toMatchObject({ partial: false, searchAppearances: 40 });
    expect(body.totals).toEqual({
      searchAppearances: 40,
      profileViews: 15,
      visitorDays: 8,
      websiteClicks: 0,
      contactOpens: 2,
      inquiriesSubmitted: 1,
      inquiriesDelivered: 0,
      inquiriesAnswered: 0,
    });
    expect(body.funnel).toEqual({ viewToContactOpen: 0.133, contactOpenToSubmitted: 0.5, submittedToDelivered: 0, deliveredToAnswered: null });
    expect(body.previousPeriod).toEqual({ profileViews: 9, inquiriesDelivered: 2 });
  });

  it("lets every role read, and answers the same days as CSV (RFC 4180) when asked", async () => {
    const { provider, key } = await makeProviderWithOwner(getDb(), { slug: "analytics-read-csv" });
    const { key: memberKey } = await makeApiKey(getDb(), { provider, role: "MEMBER" });
    await getDb().insert(providerDailyStats).values({ providerId: provider.id, day: "2026-11-02", profileViews: 3, websiteClicks: 1 });
    const query = "?from=2026-11-01&to=2026-11-03";
    const json = await (await read(memberKey, query)).json();
    const response = await read(memberKey, query, "text/csv");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    const lines = (await response.text()).split("\r\n");
    expect(lines.at(-1)).toBe("");
    const [header, ...rows] = lines.slice(0, -1).map((line) => line.split(","));
    expect(rows).toHaveLength(3);
    const fromCsv = rows.map((row) =>
      Object.fromEntries(header!.map((name, i) => [name, name === "date" ? row[i] : name === "partial" ? row[i] === "true" : Number(row[i])])),
    );
    expect(fromCsv).toEqual(json.days);
    expect((await read(key, query)).status).toBe(200);
  });

  it("refuses an inverted, too long, too old or malformed period with 400 VALIDATION_FAILED", async () => {
    const { key } = await makeProviderWithOwner(getDb(), { slug: "analytics-read-validation" });
    const today = utcDay(new Date());
    for (const query of [
      `?from=2026-11-10&to=2026-11-09`,
      `?from=${addDays(today, -366)}&to=${today}`,
      `?from=${addDays(today, -800)}&to=${addDays(today, -790)}`,
      `?from=2026-02-30`,
      `?from=yesterday`,
      `?to=2026-13-01`,
      `?days=7`,
    ]) {
      const response = await read(key, query);
      expect(response.status, query).toBe(400);
      expect((await problemOf(response)).code).toBe("VALIDATION_FAILED");
    }
    expect((await read(key, `?from=${addDays(today, -365)}&to=${today}`)).status).toBe(200);
  });

  it("shows a key only its own provider's counts", async () => {
    const mine = await makeProviderWithOwner(getDb(), { slug: "analytics-read-mine" });
    const theirs = await makeProviderWithOwner(getDb(), { slug: "analytics-read-theirs" });
    await getDb().insert(providerDailyStats).values({ providerId: theirs.provider.id, day: "2026-11-02", profileViews: 99 });
    const body = await (await read(mine.key, "?from=2026-11-01&to=2026-11-03")).json();
    expect(body.totals.profileViews).toBe(0);
    const theirBody = await (await read(theirs.key, "?from=2026-11-01&to=2026-11-03")).json();
    expect(theirBody.totals.profileViews).toBe(99);
    expect((await read("pr_live_not-a-key", "")).status).toBe(401);
  });
});
