import { processSingleton } from "@/lib/config/process-singletons";

// The beacon's counts wait here, in this process's memory, until the flush (every 10 s) adds them to
// provider_daily_stats, one row per provider-day: a beacon costs no write of its own, and a crash
// loses at most the counts of the last 10 s (docs/decisions/analytics.md). The visitor keys of
// profile views wait here too; the flush writes them, and each key new that day is one unique.

export const BEACON_COUNTER_FIELDS = ["searchAppearances", "profileViews", "websiteClicks", "contactOpens"] as const;
export type BeaconCounterField = (typeof BEACON_COUNTER_FIELDS)[number];
export type BeaconCounts = Record<BeaconCounterField, number>;

export interface PendingCounts {
  providerId: string;
  day: string;
  counts: BeaconCounts;
  /** Keys of the visitors who viewed the profile (each counts as a unique if the day has not seen it). */
  visitors: Set<string>;
}

const zero = (): BeaconCounts => ({ searchAppearances: 0, profileViews: 0, websiteClicks: 0, contactOpens: 0 });

/** Counts per provider-day not yet written. An instance has one (the process singleton); a test makes several. */
export class AnalyticsCounters {
  private pending = new Map<string, PendingCounts>();

  add(providerId: string, day: string, field: BeaconCounterField, by = 1): void {
    this.entry(providerId, day).counts[field] += by;
  }

  /** A profile view's visitor key, for the unique count. */
  addVisitor(providerId: string, day: string, visitorKey: string): void {
    this.entry(providerId, day).visitors.add(visitorKey);
  }

  private entry(providerId: string, day: string): PendingCounts {
    const key = `${providerId}|${day}`;
    let entry = this.pending.get(key);
    if (!entry) {
      entry = { providerId, day, counts: zero(), visitors: new Set() };
      this.pending.set(key, entry);
    }
    return entry;
  }

  /** Everything pending, and an empty slate: what one flush writes. */
  take(): PendingCounts[] {
    const taken = [...this.pending.values()];
    this.pending = new Map();
    return taken;
  }

  /** Counts a failed flush could not write go back, to be tried again with the next. */
  restore(entries: PendingCounts[]): void {
    for (const entry of entries) {
      for (const field of BEACON_COUNTER_FIELDS) {
        if (entry.counts[field]) this.add(entry.providerId, entry.day, field, entry.counts[field]);
      }
      for (const visitor of entry.visitors) this.addVisitor(entry.providerId, entry.day, visitor);
    }
  }

  get size(): number {
    return this.pending.size;
  }
}

const slot = processSingleton<AnalyticsCounters>("analytics-counters");

/** This process's counters. */
export function processAnalyticsCounters(): AnalyticsCounters {
  return slot.getOrCreate(() => new AnalyticsCounters());
}
