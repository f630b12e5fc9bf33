import { databaseReady } from "@/db";
import { currentListingVersion } from "./listing-version";

// Shared with lib/listing-cache/page-cache-handler.cjs, which Next.js loads outside the app bundle and so cannot
// import the database itself: a registered symbol on globalThis is the one thing both can see.
const VERSION_HOOK = Symbol.for("provider-registry.listing-version");

/**
 * Lets the page cache read the listing version through the app's database. Until this runs, and
 * whenever the database cannot answer, listing pages are rendered for every request, never served
 * from a cache that might be stale.
 */
export function registerListingVersionHook(): void {
  (globalThis as Record<symbol, unknown>)[VERSION_HOOK] = async (): Promise<string | null> => {
    try {
      return await currentListingVersion(await databaseReady());
    } catch {
      return null;
    }
  };
}
