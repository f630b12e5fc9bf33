import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { preparedPerDb } from "@/db/prepared";
import { providerListingState } from "@/db/schema";

// The listing version: a value that triggers change in the same transaction as any change to what
// the public sees (migrations 0002 and 0007): the number of the newest row of the listing's change
// log. Each request reads it (one primary-key row); when it moved, the instance reads what changed
// (listing-changes.ts) before answering, so a committed change is served at once by every app
// instance, and an unchanged listing costs no list query, count or serialisation.

type VersionRead = () => Promise<string>;

const readers = new WeakMap<Db, VersionRead>();

/** The current listing version, one read shared by concurrent callers. */
export function currentListingVersion(db: Db): Promise<string> {
  let read = readers.get(db);
  if (!read) {
    read = versionReader(db);
    readers.set(db, read);
  }
  return read();
}

/**
 * Reads the listing version, sharing one read among concurrent requests. A request never joins a
 * read that started before it arrived (that read might predate a change the caller already saw
 * committed); it waits for the next one, which every request arriving meanwhile shares.
 */
function versionReader(db: Db): VersionRead {
  let running: Promise<string> | null = null;
  let next: Promise<string> | null = null;
  const start = (): Promise<string> => {
    const read = readListingVersion(db).finally(() => {
      if (running === read) running = null;
    });
    running = read;
    return read;
  };
  return () => {
    if (!running) return start();
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return start();
      });
    return next;
  };
}

/** Reads the listing version row itself (no sharing). */
export async function readListingVersion(db: Db): Promise<string> {
  const [row] = await versionRow(db).execute();
  return row?.version ?? "0";
}

const versionRow = preparedPerDb((db) =>
  db.select({ version: providerListingState.version }).from(providerListingState).where(eq(providerListingState.id, 1)).prepare("listing_version"),
);
