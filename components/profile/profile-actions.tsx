import { ContactLink } from "@/components/inquiries/contact-link";
import { ResponsivenessNote } from "@/components/inquiries/responsiveness-note";
import type { Responsiveness } from "@/lib/provider-core/responsiveness-schema";
import styles from "./profile.module.css";
import { WebsiteLink } from "./website-link";

/**
 * The profile's first answer to "how do I work with them?" (issue 31): under the name, contact as the
 * primary action, the provider's site as the secondary one and how quickly it answers beside them. A
 * provider not taking clients says so here and points to similar providers that are.
 */
export function ProfileActions(props: { name: string; websiteUrl: string | null; acceptingClients: boolean; responsiveness: Responsiveness }) {
  return (
    <div className={styles.actions} data-testid="profile-actions">
      <div className={styles.actionRow}>
        {props.acceptingClients ? (
          <ContactLink name={props.name} className={styles.primaryAction} />
        ) : (
          <p className={styles.closedNote}>
            Not taking new clients just now. <a href="#similar">See similar providers who are</a>
          </p>
        )}
        <WebsiteLink url={props.websiteUrl} className={styles.secondaryAction} />
      </div>
      <ResponsivenessNote responsiveness={props.responsiveness} className={styles.actionNote} />
    </div>
  );
}

/**
 * On a phone, "Contact {name}" stays at the bottom of the screen while the visitor reads, until the
 * form is open (profile.module.css). Not shown on wider screens, where the action row sits in view.
 */
export function PinnedContact({ name }: { name: string }) {
  return (
    <div className={styles.pinnedContact} data-testid="pinned-contact">
      <ContactLink name={name} className={styles.primaryAction} />
    </div>
  );
}
