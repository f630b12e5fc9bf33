import { metrics } from "@/lib/metrics/registry";
import type { CacheSubject } from "./change-effects";
import type { ListingFeed } from "./listing-changes";

interface Entry<T> {
  /** The last change applied when the answer was asked for (listing-changes.ts): it is true as of then. */
  stamp: number;
  /** What it depends on; narrowed once the answer is known (a page: the providers it holds). */
  subject: CacheSubject;
  /**
   * The computation while it runs (concurrent callers share it), dropped once it settles: a promise
   * carries the async context of the request that made it (AsyncLocalStorage stores, and through them
   * Next.js's whole request and response), so a kept promise would keep every such request alive as
   * long as the answer stays cached. A known answer is kept as a plain value.
   */
  pending?: Promise<T>;
  /** The answer, once known (and `subject` final). */
  settled: boolean;
  value?: T;
}

/** The kinds of answer the listing cache keeps, as the metrics label them. */
export type ListingCacheName = "pages" | "profiles" | "totals" | "fences";

/**
 * A bounded map of public answers, each kept while no listing change affects it (least recently used
 * first out). Concurrent misses for one key share one computation (single flight): the pending
 * answer is the entry. An entry is stamped before its computation starts, so whatever that
 * computation reads is at least as new as its stamp; a change after the stamp that may affect it
 * sends the next caller to compute again.
 */
export class StampedCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(
    private readonly name: ListingCacheName,
    private readonly maxEntries: number,
  ) {}

  /**
   * The kept answer for `key` if it is still true, else `compute`'s. `subjectOf` says what an answer
   * depends on (called with undefined while it is pending); answers `keep` refuses are not kept.
   */
  get(
    feed: ListingFeed,
    key: string,
    subjectOf: (answer: T | undefined) => CacheSubject,
    compute: () => Promise<T>,
    keep: (answer: T) => boolean = () => true,
  ): Promise<T> {
    const found = this.entries.get(key);
    if (found) {
      const stamp = feed.freshSince(found.stamp, found.subject);
      if (stamp !== null) {
        // Only a known answer's stamp moves on: a pending one's changes are weighed again against
        // its final subject (a redirect's target, a page's providers), which the pending one lacks.
        if (found.settled) found.stamp = stamp;
        // Map order is insertion order: re-inserting keeps the least recently used first.
        this.entries.delete(key);
        this.entries.set(key, found);
        countLookup(this.name, "hit");
        return found.settled ? Promise.resolve(found.value as T) : found.pending!;
      }
      this.entries.delete(key);
    }
    countLookup(this.name, "miss");
    const entry: Entry<T> = { stamp: feed.applied, subject: subjectOf(undefined), settled: false };
    const forget = () => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    };
    const pending = compute().then(
      (answer) => {
        if (keep(answer)) entry.subject = subjectOf(answer);
        else forget();
        entry.value = answer;
        entry.settled = true;
        entry.pending = undefined;
        return answer;
      },
      (error: unknown) => {
        // A failure is not kept: the next caller tries again.
        forget();
        throw error;
      },
    );
    entry.pending = pending;
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    return pending;
  }
}

function countLookup(cache: ListingCacheName, result: "hit" | "miss"): void {
  metrics().listingCacheLookups.inc({ cache, result });
}
