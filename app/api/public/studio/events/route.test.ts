import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { analyticsDailySeen, providerDailyStats } from "@/db/schema-analytics";
import { flushAnalyticsCounters } from "@/lib/analytics/flush-counters";
import { utcDay } from "@/lib/analytics/utc-day";
import { makeMember, makeProvider } from "@/test/support/factories";
import { call, problemOf } from "@/test/support/http";
import { signInAs } from "@/test/support/next-request";
import { peerAddressHeaders } from "@/test/support/peer-address";
import { raceTest } from "@/test/support/races";
import { POST } from "./route";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

let network = 0;
/** A visitor of its own for each call site: another /24, so no two tests share a visitor key or its limits. */
function visitor(extra: Record<string, string> = {}): Record<string, string> {
  network += 1;
  return {
    ...peerAddressHeaders(`10.${Math.floor(network / 250)}.${network % 250}.7`),
    "sec-fetch-site": "same-origin",
    "user-agent": CHROME,
    "accept-language": "en-GB,en;q=0.9",
    ...extra,
  };
}

const beacon = (body: unknown, headers: Record<string, string>) => call(POST, "/api/public/studio/events", { json: body, headers });

async function statsOf(providerId: string) {
  await flushAnalyticsCounters(getDb());
  const [row] = await getDb()
    .select()
    .from(providerDailyStats)
    .where(and(eq(providerDailyStats.providerId, providerId), eq(providerDailyStats.day, utcDay(new Date()))));
  return row ?? null;
}

describe("POST /api/public/studio/events", () => {
  it("counts a profile view, a website click and a contact open with 204 and an empty body", async () => {
    const provider = await makeProvider(getDb(), { slug: "analytics-beacon-counted" });
    const headers = visitor();
    for (const type of ["profile_view", "website_click", "contact_open"]) {
      const response = await beacon({ type, slug: provider.slug }, headers);
      expect(response.status).toBe(204);
      expect(await response.text()).toBe("");
      expect(response.headers.get("set-cookie")).toBeNull();
    }
    expect(await statsOf(provider.id)).toMatchObject({ profileViews: 1, uniqueVisitors: 1, websiteClicks: 1, contactOpens: 1, searchAppearances: 0 });
  });

  it("answers 204 to a bot, a cross-site or unlabelled request and a prefetch, and counts none of them", async () => {
    const provider = await makeProvider(getDb(), { slug: "analytics-beacon-dropped" });
    const dropped = [
      visitor({ "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }),
      visitor({ "user-agent": "curl/8.5.0" }),
      visitor({ "sec-fetch-site": "cross-site" }),
      visitor({ "sec-fetch-site": "same-site" }),
      visitor({ "sec-fetch-site": "" }),
      visitor({ "sec-purpose": "prefetch" }),
      visitor({ purpose: "prefetch" }),
    ];
    for (const headers of dropped) {
      expect((await beacon({ type: "profile_view", slug: provider.slug }, headers)).status).toBe(204);
    }
    expect(await statsOf(provider.id)).toBeNull();
    const seen = await getDb().select().from(analyticsDailySeen).where(eq(analyticsDailySeen.providerId, provider.id));
    expect(seen).toEqual([]);
  });

  it("does not count a signed-in member's view of their own provider, but counts their view of another", async () => {
    const own = await makeProvider(getDb(), { slug: "analytics-beacon-own" });
    const other = await makeProvider(getDb(), { slug: "analytics-beacon-other" });
    const { user } = await makeMember(getDb(), { provider: own, role: "MEMBER" });
    const token = await signInAs(getDb(), user.id);
    const headers = visitor({ cookie: `theme=dark; next-auth.session-token=${token}` });
    expect((await beacon({ type: "profile_view", slug: own.slug }, headers)).status).toBe(204);
    expect((await beacon({ type: "search_impressions", slugs: [own.slug, other.slug], page: 1, sort: "rank" }, headers)).status).toBe(204);
    expect(await statsOf(own.id)).toBeNull();
    expect(await statsOf(other.id)).toMatchObject({ searchAppearances: 1 });
  });

  it("counts nothing for a slug the public cannot see, and one appearance per listed slug of a search page", async () => {
    const listed = await makeProvider(getDb(), { slug: "analytics-beacon-listed" });
    const hidden = await makeProvider(getDb(), { slug: "analytics-beacon-hidden", publicProfile: false });
    const pending = await makeProvider(getDb(), { slug: "analytics-beacon-pending", approvalStatus: "PENDING" });
    const headers = visitor();
    expect((await beacon({ type: "profile_view", slug: hidden.slug }, headers)).status).toBe(204);
    expect((await beacon({ type: "profile_view", slug: "analytics-no-such-provider" }, headers)).status).toBe(204);
    const slugs = [listed.slug, hidden.slug, pending.slug, listed.slug];
    expect((await beacon({ type: "search_impressions", slugs, page: 2, sort: "name" }, headers)).status).toBe(204);
    expect(await statsOf(hidden.id)).toBeNull();
    expect(await statsOf(pending.id)).toBeNull();
    expect(await statsOf(listed.id)).toMatchObject({ searchAppearances: 1, profileViews: 0 });
  });

  it("refuses a malformed event with 400 VALIDATION_FAILED and a body over 4 KB with 413", async () => {
    const headers = visitor();
    for (const body of [
      { type: "profile_view" },
      { type: "page_view", slug: "x" },
      { type: "search_impressions", slugs: [], page: 1, sort: "rank" },
      { type: "profile_view", slug: "Not A Slug" },
      { type: "profile_view", slug: "ok", extra: 1 },
    ]) {
      const response = await beacon(body, headers);
      expect(response.status).toBe(400);
      expect((await problemOf(response)).code).toBe("VALIDATION_FAILED");
    }
    const big = { type: "search_impressions", slugs: Array.from({ length: 100 }, (_, i) => `analytics-a-slug-long-enough-to-fill-the-four-kilobytes-${i}`), page: 1, sort: "rank" };
    const response = await beacon(big, headers);
    expect(response.status).toBe(413);
    expect((await problemOf(response)).code).toBe("PAYLOAD_TOO_LARGE");
  });

  it("drops a visitor's events past 30 in a minute, answering 204 all the same", async () => {
    const provider = await makeProvider(getDb(), { slug: "analytics-beacon-flood" });
    const headers = visitor();
    for (let i = 0; i < 35; i++) {
      expect((await beacon({ type: "website_click", slug: provider.slug }, headers)).status).toBe(204);
    }
    expect(await statsOf(provider.id)).toMatchObject({ websiteClicks: 30 });
  });

  it("counts exactly 200 of 200 concurrent beacons for one provider after the flush", raceTest, async () => {
    const provider = await makeProvider(getDb(), { slug: "analytics-beacon-burst" });
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => beacon({ type: "profile_view", slug: provider.slug }, visitor())),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(200).fill(204));
    expect(await statsOf(provider.id)).toMatchObject({ profileViews: 200, uniqueVisitors: 200 });
  });
});
