import type { Db } from "@/db/client";
import { processSingleton } from "@/lib/config/process-singletons";

// What the beacon holds per process besides its counts: the day salts it has read, and how many
// events each visitor key sent this minute and this day. The limits are per instance (held in memory,
// not written): with N instances one visitor can reach N times the limit at most, which bounds a flood
// as well without a database write per event (docs/decisions/analytics.md).

export const VISITOR_EVENTS_PER_MINUTE = 30;
export const VISITOR_EVENTS_PER_DAY = 300;
/** Past this many visitors the per-minute counts of earlier minutes are dropped, to bound memory. */
const MAX_TRACKED_VISITORS = 100_000;

interface VisitorCount {
  minute: number;
  inMinute: number;
  inDay: number;
}

class VisitorState {
  private salts = new WeakMap<Db, Map<string, string>>();
  private day = "";
  private visitors = new Map<string, VisitorCount>();

  saltsFor(db: Db): Map<string, string> {
    let map = this.salts.get(db);
    if (!map) {
      map = new Map();
      this.salts.set(db, map);
    }
    return map;
  }

  /** Counts one event of this visitor; false when it is over a limit (and then it is not counted). */
  allow(key: string, day: string, now: Date): boolean {
    if (day !== this.day) {
      this.day = day;
      this.visitors = new Map();
    }
    const minute = Math.floor(now.getTime() / 60_000);
    let count = this.visitors.get(key);
    if (!count) {
      if (this.visitors.size >= MAX_TRACKED_VISITORS) this.forgetQuietVisitors(minute);
      count = { minute, inMinute: 0, inDay: 0 };
      this.visitors.set(key, count);
    }
    if (count.minute !== minute) {
      count.minute = minute;
      count.inMinute = 0;
    }
    if (count.inMinute >= VISITOR_EVENTS_PER_MINUTE || count.inDay >= VISITOR_EVENTS_PER_DAY) return false;
    count.inMinute += 1;
    count.inDay += 1;
    return true;
  }

  private forgetQuietVisitors(minute: number): void {
    for (const [key, count] of this.visitors) if (count.minute !== minute) this.visitors.delete(key);
  }
}

const slot = processSingleton<VisitorState>("analytics-visitors");

export function visitorState(): VisitorState {
  return slot.getOrCreate(() => new VisitorState());
}
