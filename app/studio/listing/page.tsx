import { FreshnessPanel } from "@/components/studio/freshness-panel";
import { ChangeRequestSection } from "@/components/studio/listing/change-request-section";
import { ListingEditor } from "@/components/studio/listing/listing-editor";
import { ListingPreview } from "@/components/studio/listing/listing-preview";
import { ListingStatePanel } from "@/components/studio/listing/listing-state-panel";
import styles from "@/components/studio/listing/listing.module.css";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { databaseReady } from "@/db";
import { requireStudioPage } from "@/lib/members/studio-context";
import { getListing } from "@/lib/providers/get-listing";
import { listChangeRequests } from "@/lib/change-requests/list-change-requests";

export const metadata = { title: "Listing" };

export default async function StudioListingPage() {
  const studio = await requireStudioPage("/studio/listing");
  const db = await databaseReady();
  const [listing, changes] = await Promise.all([
    getListing(db, { providerId: studio.provider.id }),
    listChangeRequests(db, { providerId: studio.provider.id }),
  ]);

  return (
    <>
      <PageHeader
        title="Listing"
        description="What the public directory shows about you: edit it, check the preview, and publish when it is ready."
      />
      <ListingStatePanel listing={listing} approvalStatus={studio.provider.approvalStatus} canWrite={studio.canWrite} />
      <FreshnessPanel listing={listing} canWrite={studio.canWrite} />
      {studio.canWrite ? (
        <ListingEditor listing={listing} name={listing.name} featured={listing.featured} />
      ) : (
        <div className={styles.sections}>
          <Notice>
            {studio.suspended
              ? "The listing cannot be changed while the registry has the provider suspended."
              : "Your role (member) can see the listing but not change it. Ask an owner or admin for changes."}
          </Notice>
          <section aria-labelledby="listing-preview-heading">
            <h2 id="listing-preview-heading">Preview</h2>
            <ListingPreview content={listing} />
          </section>
        </div>
      )}
      <div className={styles.sections}>
        <ChangeRequestSection name={listing.name} slug={listing.slug} changes={changes} canWrite={studio.canWrite} />
      </div>
    </>
  );
}

