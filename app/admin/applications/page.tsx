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

export const metadata = { title: "Applications" };
export const dynamic = "force-dynamic";

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function AdminApplicationsPage({ searchParams }: { searchParams: SearchParams }) {
  await requireAdminPage();
  const raw = await searchParams;
  const query = applicationQueueQuerySchema.parse({ stage: firstParam(raw.stage), page: firstParam(raw.page) });
  const stage = query.stage === "ALL" ? undefined : query.stage;
  const queue = await listApplicationQueue(await databaseReady(), { stage, page: query.page });
  const hrefFor = (page: number) => `/admin/applications?stage=${query.stage}&page=${page}`;

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
      <FlashProvider>
        <h2 className={styles.visuallyHidden}>
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
