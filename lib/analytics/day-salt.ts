import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { analyticsSalts } from "@/db/schema-analytics";
import { visitorState } from "./visitor-limits";

/**
 * The salt of a UTC day: 32 random bytes, made by whichever instance asks first. Two instances asking
 * at once both insert with ON CONFLICT DO NOTHING and then both read the one row that won, so every
 * instance keys the day's visitors alike. Read once per day and database, then held in memory.
 */
export async function daySalt(db: Db, day: string): Promise<string> {
  const cache = visitorState().saltsFor(db);
  const known = cache.get(day);
  if (known) return known;
  await db.insert(analyticsSalts).values({ day, salt: randomBytes(32).toString("base64") }).onConflictDoNothing();
  const [row] = await db.select({ salt: analyticsSalts.salt }).from(analyticsSalts).where(eq(analyticsSalts.day, day)).limit(1);
  const salt = row!.salt;
  // Only this day and the ones around it are ever asked for: older entries go.
  if (cache.size > 3) cache.clear();
  cache.set(day, salt);
  return salt;
}
