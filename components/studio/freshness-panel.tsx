import { Badge } from "@/components/ui/badge";
import { Notice } from "@/components/ui/notice";
import ui from "@/components/ui/ui.module.css";
import { HIDE_AFTER_DAYS, isStale } from "@/lib/freshness/freshness-fields";
import { longDate } from "@/lib/freshness/emails";
import type { Listing } from "@/lib/providers/serialize";
import { FreshnessConfirmButton } from "./freshness-confirm-button";
import styles from "./listing/listing.module.css";

/**
 * The freshness clock for the team (extensions §6): when the details were last confirmed, when the
 * public label appears and when the listing is hidden, and (for OWNERs and ADMINs) the confirm button.
 * A listing the clock hid says so first, with the way back.
 */
export function FreshnessPanel({ listing, canWrite, now = new Date() }: { listing: Listing; canWrite: boolean; now?: Date }) {
  const confirmedAt = new Date(listing.confirmedAt);
  const hidden = listing.hiddenReason === "STALE";
  const stale = isStale(confirmedAt, now);
  return (
    <section className={`${ui.card} ${styles.statePanel}`} aria-labelledby="freshness-heading" data-testid="freshness-panel">
      <h2 id="freshness-heading">Details confirmed</h2>
      {hidden ? (
        <Notice tone="error">
          Hidden since {longDate(new Date(listing.staleHiddenAt ?? listing.hideAt))} because the
          details were not confirmed for {HIDE_AFTER_DAYS} days — confirm to show it again.
        </Notice>
      ) : null}
      <p className={ui.row}>
        {hidden ? (
          <Badge tone="bad">Hidden: not confirmed</Badge>
        ) : !listing.publicProfile ? (
          <Badge>Not published</Badge>
        ) : stale ? (
          <Badge tone="warn">Shows “not confirmed”</Badge>
        ) : (
          <Badge tone="good">Current</Badge>
        )}
      </p>
      <dl className={styles.freshnessDates}>
        <dt>Last confirmed</dt>
        <dd>{longDate(confirmedAt)}</dd>
        {hidden || !listing.publicProfile ? null : (
          <>
            <dt>{stale ? "Labelled “Details not confirmed” since" : "Labelled “Details not confirmed” from"}</dt>
            <dd>{longDate(new Date(listing.staleAt))}</dd>
            <dt>Hidden from the directory on</dt>
            <dd>{longDate(new Date(listing.hideAt))}</dd>
          </>
        )}
      </dl>
      {!hidden && !listing.publicProfile ? (
        <p>The listing is not published, so nothing is labelled or hidden; publishing it counts as confirming.</p>
      ) : null}
      <p className={ui.muted}>
        Saving the listing or publishing it counts as confirming too. We email owners and admins a link when it is due.
      </p>
      {canWrite ? <FreshnessConfirmButton hidden={hidden} /> : null}
    </section>
  );
}
