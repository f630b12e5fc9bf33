import Link from "next/link";
import { ApplicationCard } from "@/components/admin/application-card";
import styles from "@/components/admin/admin.module.css";
import { FlashProvider } from "@/components/admin/flash";
import { STAGE_LABELS } from "@/components/admin/labels";
import { Pager } from "@/components/admin/pager";
import { SelectFilter } from "@/components/admin/select-filter";
import { PageHeader } from "@/components/ui/page-header";
import { databaseReady } from "@/db";
import { APPLICATION_STAGES } from "@/db/enums";
import { listApplicationQueue } from "@/lib/applications/list-application-queue";
import { applicationQueueQuerySchema } from "@/lib/applications/schemas";
import { requireAdminPage } from "@/lib/auth/admin-context";
import { firstParam } from "@/lib/validation/search-params";
import ui from "@/components/ui/ui.module.css";

export const metadata = { title: "Applications" };
export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function AdminApplicationsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminPage();
  const raw = await searchParams;
  const query = applicationQueueQuerySchema.parse({
    stage: firstParam(raw.stage),
    page: firstParam(raw.page),
    email: firstParam(raw.email),
  });
  const stage = query.stage === "ALL" ? undefined : query.stage;
  const queue = await listApplicationQueue(await databaseReady(), { stage, email: query.email, page: query.page });
  const emailParam = query.email ? `&email=${encodeURIComponent(query.email)}` : "";
  const hrefFor = (page: number) => `/admin/applications?stage=${query.stage}${emailParam}&page=${page}`;

  return (
    <>
      <PageHeader
        title="Applications"
        description="Applications with a confirmed email wait here for a decision, oldest first."
      />
      <SelectFilter
        formLabel="Filter applications"
        id="stage-filter"
        name="stage"
        label="Stage"
        value={query.stage}
        options={[
          ...APPLICATION_STAGES.map((s) => ({ value: s, label: STAGE_LABELS[s] })),
          { value: "ALL", label: "Every stage" },
        ]}
      />
      {query.email ? (
        <p>
          Applications from <strong>{query.email}</strong> only. <Link href={`/admin/applications?stage=${query.stage}`}>Show everyone&apos;s</Link>
        </p>
      ) : null}
      <FlashProvider>
        <h2 className={ui.visuallyHidden}>
          {query.stage === "ALL" ? "Every application" : STAGE_LABELS[query.stage]}
        </h2>
        {queue.data.length === 0 ? (
          <p>{query.stage === "IN_REVIEW" ? "Nothing is waiting for review." : "No applications in this stage."}</p>
        ) : (
          <ol className={styles.list}>
            {queue.data.map((application) => (
              <ApplicationCard key={application.id} application={application} />
            ))}
          </ol>
        )}
        <Pager page={queue.page} hasNext={queue.hasNext} hrefFor={hrefFor} />
      </FlashProvider>
    </>
  );
}
