import { asc, gt } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providerListingChanges } from "@/db/schema";
import { affects, type CacheSubject, type ListingValues, type ProviderChange } from "./change-effects";
import { currentListingVersion } from "./listing-version";

// Each instance's view of what changed in the listing (docs/decisions/listing-cache.md "A change log
// beside the version"). Every request reads the listing version (one row, listing-version.ts); when it
// is newer than the last change this instance applied, the instance reads the change rows since then
// (migration 0007: one small indexed query, shared by concurrent requests) and keeps them here. Cached
// answers carry a stamp, the last change applied when they were read; an answer is served while no
// change after its stamp affects what it depends on (change-effects.ts), and its stamp then moves on,
// so each change is weighed once per answer.

/** More rows than this since the last sync: read none of them, and let every older answer go. */
const MAX_ROWS_PER_SYNC = 1_000;
/** Changes kept for weighing; an answer stamped before the oldest kept one is read again. */
const MAX_KEPT_CHANGES = 5_000;

export class ListingFeed {
  /** The newest change applied: cached answers stamped with it are up to date. 0 before the first sync. */
  applied = 0;
  /** Answers stamped before this are out of date: everything changed then, or its changes were forgotten. */
  private floor = 0;
  /** Applied changes after `floor`, oldest first. */
  private changes: ProviderChange[] = [];
  private syncing: Promise<void> | null = null;

  /**
   * The stamp an answer stamped `stamp` may carry now if no change since affects `subject`, or null
   * when one may (or when it is older than what this instance remembers).
   */
  freshSince(stamp: number, subject: CacheSubject): number | null {
    if (stamp < this.floor) return null;
    for (let i = this.firstAfter(stamp); i < this.changes.length; i++) {
      if (affects(subject, this.changes[i]!)) return null;
    }
    return this.applied;
  }

  /** Resolves once every change committed at or before `version` is applied. */
  async catchUp(db: Db, version: number): Promise<void> {
    while (this.applied < version) {
      // A sync that started before this caller read the version may have missed the newest rows:
      // wait for it, then look again (and start one of its own if still behind).
      if (this.syncing) {
        await this.syncing.catch(() => undefined);
        continue;
      }
      const sync = this.sync(db, version).finally(() => {
        if (this.syncing === sync) this.syncing = null;
      });
      this.syncing = sync;
      await sync;
    }
  }

  private async sync(db: Db, version: number): Promise<void> {
    if (this.applied === 0) {
      // A new instance holds no answers: nothing to weigh, start from here.
      this.applied = this.floor = version;
      return;
    }
    const rows = await db
      .select()
      .from(providerListingChanges)
      .where(gt(providerListingChanges.seq, this.applied))
      .orderBy(asc(providerListingChanges.seq))
      .limit(MAX_ROWS_PER_SYNC + 1);
    const newest = rows.at(-1)?.seq ?? this.applied;
    if (rows.length > MAX_ROWS_PER_SYNC || newest < version) {
      // Too many to weigh, or a version without its row (written with the triggers off): start over.
      this.forgetBefore(Math.max(newest, version));
      return;
    }
    for (const row of rows) {
      // A row without a provider: everything changed (a bulk statement, a truncate, a version set by
      // hand, or the newest row a trim removed: this instance had not applied the rows before it).
      if (row.providerId === null) this.forgetBefore(row.seq);
      else {
        this.changes.push({
          seq: row.seq,
          providerId: row.providerId,
          before: row.before as ListingValues | null,
          after: row.after as ListingValues | null,
          searchChanged: row.searchChanged,
          searchBefore: row.searchBefore,
          searchAfter: row.searchAfter,
        });
      }
      this.applied = row.seq;
    }
    if (this.changes.length > MAX_KEPT_CHANGES) {
      const forgotten = this.changes.splice(0, this.changes.length - MAX_KEPT_CHANGES);
      this.floor = Math.max(this.floor, forgotten.at(-1)!.seq);
    }
  }

  /** Every answer stamped before `seq` is out of date. */
  private forgetBefore(seq: number): void {
    this.floor = Math.max(this.floor, seq);
    this.applied = Math.max(this.applied, seq);
    this.changes = this.changes.filter((c) => c.seq > this.floor);
  }

  /** Index of the first kept change after `stamp` (binary search: changes are in seq order). */
  private firstAfter(stamp: number): number {
    let lo = 0;
    let hi = this.changes.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.changes[mid]!.seq <= stamp) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

const feeds = new WeakMap<Db, ListingFeed>();

/**
 * This instance's feed, caught up with every change committed before the call: the listing version
 * is read once per request (shared, never joining a read that started earlier), and the change rows
 * only when it moved.
 */
export async function syncedFeed(db: Db): Promise<ListingFeed> {
  let feed = feeds.get(db);
  if (!feed) feeds.set(db, (feed = new ListingFeed()));
  const version = Number(await currentListingVersion(db));
  if (version > feed.applied) await feed.catchUp(db, version);
  return feed;
}
