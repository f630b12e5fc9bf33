import { and, eq, gt, inArray } from "drizzle-orm";
import { isbot } from "isbot";
import type { Db } from "@/db/client";
import { providerMembers, providers, sessions } from "@/db/schema";
import { hashSessionToken } from "@/lib/auth/session-token-hashing";
import { activeMember } from "@/lib/provider-core/active-member";
import { isPubliclyListed } from "@/lib/provider-core/public-visibility";
import { processAnalyticsCounters, type AnalyticsCounters, type BeaconCounterField } from "./counters";
import { daySalt } from "./day-salt";
import type { BeaconEvent } from "./schemas";
import { utcDay } from "./utc-day";
import { visitorKey, type VisitorSignals } from "./visitor-key";
import { visitorState } from "./visitor-limits";

/** Why a beacon counted nothing, in the spec's order of checks; "counted" when it did. */
export type BeaconOutcome = "counted" | "cross-site" | "bot" | "prefetch" | "unlisted" | "member" | "limited";

export interface BeaconParams extends VisitorSignals {
  event: BeaconEvent;
  secFetchSite: string | null;
  /** Sec-Purpose, or the older Purpose header. */
  purpose: string | null;
  /** The studio session cookie's token, if the request carries one. */
  sessionToken: string | null;
  now?: Date;
  counters?: AnalyticsCounters;
  /**
   * Which of these slugs are listed, as provider ids. The route passes the listing cache's answer
   * (one shared version read instead of a query per event); without it, the table is asked.
   */
  listedProviderIds?: (slugs: string[]) => Promise<string[]>;
}

const FIELD: Record<BeaconEvent["type"], BeaconCounterField> = {
  search_impressions: "searchAppearances",
  profile_view: "profileViews",
  website_click: "websiteClicks",
  contact_open: "contactOpens",
};

/**
 * Counts one beacon event in this instance's counters (the flush writes them), or drops it. Dropped,
 * in this order: not sent by our own pages (Sec-Fetch-Site other than same-origin), a bot's user agent,
 * a prefetch, slugs the public cannot see, a signed-in member of the provider, a visitor over its
 * limits. It writes nothing: the counts and a profile view's visitor key wait in memory for the flush.
 */
export async function recordBeacon(db: Db, params: BeaconParams): Promise<BeaconOutcome> {
  if (params.secFetchSite !== "same-origin") return "cross-site";
  if (!params.userAgent || isbot(params.userAgent)) return "bot";
  if (params.purpose && /prefetch/i.test(params.purpose)) return "prefetch";
  const slugs = params.event.type === "search_impressions" ? [...new Set(params.event.slugs)] : [params.event.slug];
  let providerIds = await (params.listedProviderIds ?? ((s) => listedIdsFromTable(db, s)))(slugs);
  if (providerIds.length === 0) return "unlisted";
  if (params.sessionToken) {
    const own = new Set(await ownProviderIds(db, { sessionToken: params.sessionToken, providerIds }));
    providerIds = providerIds.filter((id) => !own.has(id));
    if (providerIds.length === 0) return "member";
  }
  const now = params.now ?? new Date();
  const day = utcDay(now);
  const key = visitorKey(await daySalt(db, day), params);
  if (!visitorState().allow(key, day, now)) return "limited";

  const counters = params.counters ?? processAnalyticsCounters();
  const field = FIELD[params.event.type];
  for (const providerId of providerIds) counters.add(providerId, day, field);
  if (params.event.type === "profile_view") counters.addVisitor(providerIds[0]!, day, key);
  return "counted";
}

async function listedIdsFromTable(db: Db, slugs: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: providers.id })
    .from(providers)
    .where(and(inArray(providers.slug, slugs), isPubliclyListed));
  return rows.map((row) => row.id);
}

/** Which of these providers the session's person is an active member of (their own views are not counted). */
async function ownProviderIds(db: Db, params: { sessionToken: string; providerIds: string[] }): Promise<string[]> {
  const rows = await db
    .select({ providerId: providerMembers.providerId })
    .from(sessions)
    .innerJoin(providerMembers, eq(providerMembers.userId, sessions.userId))
    .where(
      and(
        eq(sessions.sessionToken, hashSessionToken(params.sessionToken)),
        gt(sessions.expires, new Date()),
        inArray(providerMembers.providerId, params.providerIds),
        activeMember(),
      ),
    );
  return rows.map((r) => r.providerId);
}
