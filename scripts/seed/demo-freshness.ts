import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providers } from "@/db/schema";
import { HIDE_AFTER_DAYS } from "@/lib/freshness/freshness-fields";

const DAY_MS = 86_400_000;

// The freshness clock (extensions §6) at each stage, for the demo: how many days before the seed ran
// each of these listings was last confirmed. The others count as confirmed when the seed ran. Amberlight
// Media (unpublished in the demo) is the hidden one instead, so the directory's counts are unchanged.
const CONFIRMED_DAYS_AGO: Record<string, { days: number; hidden?: true }> = {
  "Willow Street Consulting": { days: 152 }, // first reminder sent
  "Polaris Localization": { days: 175 }, // second reminder: "hidden in 37 days"
  "Junction Works": { days: 190 }, // "Details not confirmed since …" on its card and profile
  "Amberlight Media": { days: 220, hidden: true }, // hidden until its team confirms
};

/** Dates one demo provider's confirmation relative to `seededAt`, and hides the stale one. */
export async function seedDemoFreshness(tx: Db, params: { providerId: string; name: string; publishedAt: Date; seededAt: Date }) {
  const stage = CONFIRMED_DAYS_AGO[params.name];
  if (!stage) return;
  const confirmedAt = new Date(params.seededAt.getTime() - stage.days * DAY_MS);
  await tx
    .update(providers)
    .set({
      confirmedAt,
      ...(stage.hidden
        ? {
            publicProfile: false,
            publishedAt: params.publishedAt,
            hiddenReason: "STALE" as const,
            staleHiddenAt: new Date(confirmedAt.getTime() + HIDE_AFTER_DAYS * DAY_MS),
          }
        : {}),
    })
    .where(eq(providers.id, params.providerId));
}
