import { databaseReady } from "@/db";
import type { CacheSubject } from "./change-effects";
import { syncedFeed } from "./listing-changes";
import { renderedPageSubject } from "./page-subjects";

// Shared with lib/listing-cache/page-cache-handler.cjs, which Next.js loads outside the app bundle and so cannot
// import the database itself: a registered symbol on globalThis is the one thing both can see.
const PAGE_CACHE_HOOKS = Symbol.for("provider-registry.listing-page-cache");

/** What the page cache asks the app (page-cache-handler.cjs). Null answers mean "the database cannot say". */
export interface ListingPageCacheHooks {
  /** The newest listing change this instance applied, after catching up: a render starting now is at least this new. */
  stamp(): Promise<number | null>;
  /** What a page rendered at `pathname` depends on (page-subjects.ts). */
  subject(pathname: string, value: unknown): CacheSubject;
  /** The stamp a page stamped `stamp` may carry now if no change since touches `subject`; null if one may. */
  fresh(subject: CacheSubject, stamp: number): Promise<number | null>;
}

/**
 * Lets the page cache follow listing changes through the app's database. Until this runs, and
 * whenever the database cannot answer, listing pages are rendered for every request, never served
 * from a cache that might be stale.
 */
export function registerListingVersionHook(): void {
  const feed = async () => syncedFeed(await databaseReady());
  const hooks: ListingPageCacheHooks = {
    async stamp() {
      try {
        return (await feed()).applied;
      } catch {
        return null;
      }
    },
    subject: renderedPageSubject,
    async fresh(subject, stamp) {
      try {
        return (await feed()).freshSince(stamp, subject);
      } catch {
        return null;
      }
    },
  };
  (globalThis as Record<symbol, unknown>)[PAGE_CACHE_HOOKS] = hooks;
}
