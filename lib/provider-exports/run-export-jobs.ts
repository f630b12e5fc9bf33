import { and, asc, eq, lte } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providers, users } from "@/db/schema";
import { providerExports } from "@/db/schema-analytics";
import { env } from "@/lib/config/env";
import { log } from "@/lib/config/log";
import { enqueueEmail, enqueueEmails } from "@/lib/email/outbox";
import { listManagerEmails } from "@/lib/provider-core/list-manager-emails";
import { buildExportArchive } from "./build-export-archive";
import { exportReadyEmail } from "./emails";
import { DAY_MS, EXPORT_LIFETIME_DAYS, EXPORT_MAX_BYTES, EXPORTS_PER_RUN } from "./export-rules";

export interface ExportJobResult {
  built: number;
  failed: number;
  expired: number;
}

/**
 * The export job (extensions §9), a maintenance sweep: expires READY exports past their 7 days (the
 * file is cleared), then builds up to EXPORTS_PER_RUN PENDING ones, claimed with SKIP LOCKED so two
 * instances never build the same one. Each is built in a savepoint: one that fails (too large, or an
 * error) ends FAILED with a detail and the others still finish.
 */
export async function runExportJobs(
  tx: Db,
  params: { now?: Date; maxBytes?: number; limit?: number } = {},
): Promise<ExportJobResult> {
  const now = params.now ?? new Date();
  const expired = await tx
    .update(providerExports)
    .set({ status: "EXPIRED", archive: null })
    .where(and(eq(providerExports.status, "READY"), lte(providerExports.expiresAt, now)))
    .returning({ id: providerExports.id });
  const claimed = await tx
    .select({ id: providerExports.id, providerId: providerExports.providerId, format: providerExports.format, userId: providerExports.requestedByUserId })
    .from(providerExports)
    .where(eq(providerExports.status, "PENDING"))
    .orderBy(asc(providerExports.createdAt))
    .limit(params.limit ?? EXPORTS_PER_RUN)
    .for("update", { skipLocked: true });
  let built = 0;
  let failed = 0;
  for (const job of claimed) {
    const outcome = await buildOne(tx, job, now, params.maxBytes ?? EXPORT_MAX_BYTES);
    if (outcome === "READY") built += 1;
    else failed += 1;
  }
  return { built, failed, expired: expired.length };
}

type Claimed = { id: string; providerId: string; format: "json" | "csv"; userId: string | null };

async function buildOne(tx: Db, job: Claimed, now: Date, maxBytes: number): Promise<"READY" | "FAILED"> {
  let detail: string;
  try {
    return await tx.transaction(async (sp) => {
      const archive = await buildExportArchive(sp, { providerId: job.providerId, format: job.format, now });
      if (archive.byteLength > maxBytes) throw new ExportTooLarge(archive.byteLength, maxBytes);
      const expiresAt = new Date(now.getTime() + EXPORT_LIFETIME_DAYS * DAY_MS);
      await sp
        .update(providerExports)
        .set({ status: "READY", archive, sizeBytes: archive.byteLength, readyAt: now, expiresAt, failureDetail: null })
        .where(eq(providerExports.id, job.id));
      await emailReady(sp, job, expiresAt);
      return "READY" as const;
    });
  } catch (error) {
    detail =
      error instanceof ExportTooLarge
        ? `EXPORT_TOO_LARGE: the archive would be ${error.size} bytes; at most ${error.max} may be stored.`
        : "The export could not be built; start a new one.";
    if (!(error instanceof ExportTooLarge)) log.warn("export.failed", { exportId: job.id, error: String(error) });
  }
  await tx.update(providerExports).set({ status: "FAILED", failureDetail: detail }).where(eq(providerExports.id, job.id));
  return "FAILED";
}

class ExportTooLarge extends Error {
  constructor(
    readonly size: number,
    readonly max: number,
  ) {
    super("EXPORT_TOO_LARGE");
  }
}

/** EXPORT_READY to the person who asked; an API key's export goes to the provider's owners and admins. */
async function emailReady(tx: Db, job: Claimed, expiresAt: Date): Promise<void> {
  const [provider] = await tx.select({ name: providers.name }).from(providers).where(eq(providers.id, job.providerId)).limit(1);
  const email = exportReadyEmail({ providerName: provider?.name ?? "", exportsUrl: `${env().APP_URL}/studio/export`, expiresAt });
  const [requester] = job.userId ? await tx.select({ email: users.email }).from(users).where(eq(users.id, job.userId)).limit(1) : [];
  if (requester) {
    await enqueueEmail(tx, { kind: "EXPORT_READY", to: requester.email, message: email });
    return;
  }
  const managers = (await listManagerEmails(tx, { providerIds: [job.providerId] })).get(job.providerId) ?? [];
  await enqueueEmails(tx, managers.map((to) => ({ kind: "EXPORT_READY" as const, to, message: email })));
}
