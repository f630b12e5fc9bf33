import { inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import type { ApplicationStage } from "@/db/enums";
import { providers } from "@/db/schema";
import { duplicateWarnings, type DuplicateWarning } from "./duplicate-warnings";
import { findExistingForEmails, type ExistingForEmail } from "./find-existing-for-emails";
import { findSameCompany } from "./find-same-company";
import { listApplications, type ApplicationListItem } from "./list-applications";

export type QueueItem = ApplicationListItem & {
  providerSlug: string | null;
  /** What the same email already has: providers it belongs to, and its other applications. */
  existing: ExistingForEmail;
  /** What this undecided application may duplicate, for the card's warning (none once decided). */
  warnings: DuplicateWarning[];
};

export const APPLICATION_QUEUE_PAGE = 20;

/** A page of the admin review queue: listApplications plus each approved one's provider slug. */
export async function listApplicationQueue(
  db: Db,
  params: { stage?: ApplicationStage; email?: string; page?: number; pageSize?: number } = {},
): Promise<{ data: QueueItem[]; page: number; hasNext: boolean }> {
  const pageSize = params.pageSize ?? APPLICATION_QUEUE_PAGE;
  const page = Math.max(1, Math.trunc(params.page ?? 1));
  // One extra row says whether there is a next page without counting the whole table.
  const rows = await listApplications(db, { stage: params.stage, email: params.email, limit: pageSize + 1, offset: (page - 1) * pageSize });
  const data = rows.slice(0, pageSize);
  const ids = [...new Set(data.map((a) => a.providerId).filter((id): id is string => id !== null))];
  const slugs = new Map(
    ids.length
      ? (await db.select({ id: providers.id, slug: providers.slug }).from(providers).where(inArray(providers.id, ids))).map(
          (p) => [p.id, p.slug] as const,
        )
      : [],
  );
  const [existing, sameCompany] = await Promise.all([
    findExistingForEmails(db, { emails: data.map((a) => a.email) }),
    findSameCompany(db, { applications: data }),
  ]);
  return {
    data: data.map((a) => {
      const same = existing.get(a.email)!;
      const others = { providers: same.providers, applications: same.applications.filter((o) => o.id !== a.id) };
      return {
        ...a,
        providerSlug: a.providerId ? (slugs.get(a.providerId) ?? null) : null,
        existing: others,
        warnings: duplicateWarnings({ stage: a.stage, existing: others, sameCompany: sameCompany.get(a.id)! }),
      };
    }),
    page,
    hasNext: rows.length > pageSize,
  };
}
