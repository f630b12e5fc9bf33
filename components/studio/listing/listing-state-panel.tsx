import Link from "next/link";
import { Badge } from "@/components/ui/badge";
import ui from "@/components/ui/ui.module.css";
import type { ApprovalStatus } from "@/db/enums";
import { listingCompleteness, publishBlocker } from "@/lib/providers/listing-completeness";
import type { Listing } from "@/lib/providers/serialize";
import { CompletenessChecklist } from "./completeness-checklist";
import styles from "./listing.module.css";
import { VisibilityControls } from "./visibility-controls";
import { isListed } from "@/lib/provider-core/public-visibility";

/** Whether the public can see the listing and why not, its checklist, and (for writers) publish controls. */
export function ListingStatePanel(props: { listing: Listing; approvalStatus: ApprovalStatus; canWrite: boolean }) {
  const { listing, approvalStatus } = props;
  const publiclyVisible = isListed({ approvalStatus, publicProfile: listing.publicProfile });
  const items = listingCompleteness(listing);
  const missingRequired = items.filter((i) => i.required && !i.done).map((i) => i.label.toLowerCase());
  return (
    <section className={`${ui.card} ${styles.statePanel}`} aria-labelledby="listing-state-heading">
      <h2 id="listing-state-heading">Visibility</h2>
      <p className={ui.row} data-testid="listing-state">
        {listing.publicProfile ? <Badge tone="good">Published</Badge> : <Badge tone="warn">Not published</Badge>}
        {approvalStatus === "PENDING" ? <Badge tone="bad">Awaiting approval</Badge> : null}
        {approvalStatus === "SUSPENDED" ? <Badge tone="bad">Suspended</Badge> : null}
        {publiclyVisible ? <Badge tone="good">Visible to the public</Badge> : <Badge>Not visible to the public</Badge>}
      </p>
      <p>{explanation(listing, approvalStatus)}</p>
      {publiclyVisible ? (
        <p>
          <Link href={`/providers/${listing.slug}`}>View the public profile</Link>
        </p>
      ) : null}
      {listing.publicProfile && missingRequired.length > 0 ? (
        // Possible when the listing was published through the API, which does not require them.
        <p className={styles.warning}>
          This published listing has no {missingRequired.join(" and ")}. Add {missingRequired.length > 1 ? "them" : "it"} so
          visitors know what you do.
        </p>
      ) : null}
      {props.canWrite ? (
        <VisibilityControls
          blockers={publishBlocker(listing) ?? ""}
          published={listing.publicProfile}
          publiclyVisible={approvalStatus === "APPROVED"}
        />
      ) : null}
      <h3 className={styles.subheading}>Checklist</h3>
      <p className={ui.muted}>
        A headline and a description are required to publish; the rest help people choose you. The checklist
        reflects the saved listing.
      </p>
      <CompletenessChecklist items={items} />
    </section>
  );
}

function explanation(listing: Listing, approval: ApprovalStatus): string {
  if (approval === "SUSPENDED") {
    return listing.publicProfile
      ? "The registry has suspended this provider, so the listing is hidden from the public even though it is published."
      : "The registry has suspended this provider; the listing stays hidden from the public whether or not it is published.";
  }
  if (approval === "PENDING") {
    return listing.publicProfile
      ? "Published, but the registry has not approved this provider yet, so the public cannot see it until then."
      : "The registry has not approved this provider yet. Even once published, the listing stays hidden until approval.";
  }
  if (listing.hiddenReason === "STALE") {
    return "The registry hid the listing because its details were not confirmed for 210 days. Confirm them below (or save the listing) to show it again.";
  }
  return listing.publicProfile
    ? "The listing is in the public directory; saved changes show there at once."
    : "Only your team can see this listing. Publish it to add it to the public directory.";
}
