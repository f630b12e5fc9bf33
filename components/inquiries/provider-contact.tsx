import { VERIFICATION_TTL_HOURS } from "@/lib/tokens/verification-token";
import { env } from "@/lib/config/env";
import type { Responsiveness } from "@/lib/provider-core/responsiveness-schema";
import { ContactForm } from "./contact-form";
import { ResponsivenessNote } from "./responsiveness-note";
import styles from "./contact.module.css";

/**
 * The profile's contact call to action: a form that opens in place (a native disclosure, so it works
 * without JavaScript), or "not taking new clients". How quickly the provider answers, when measured.
 * Its facts come with the profile the page already read (the cached profile), not from a read of its own.
 */
export function ProviderContact({
  slug,
  name,
  acceptingClients,
  responsiveness,
}: {
  slug: string;
  name: string;
  acceptingClients: boolean;
  responsiveness: Responsiveness;
}) {
  return (
    <section aria-labelledby="contact-heading" className={styles.contact}>
      <h2 id="contact-heading" className={styles.heading}>
        Work with {name}
      </h2>
      <ResponsivenessNote responsiveness={responsiveness} className={styles.note} />
      {acceptingClients ? (
        <ContactForm
          slug={slug}
          providerName={name}
          siteKey={env().NEXT_PUBLIC_TURNSTILE_SITE_KEY ?? null}
          linkLifetimeHours={VERIFICATION_TTL_HOURS}
        />
      ) : (
        <p className={styles.closed}>{name} is not taking new clients just now.</p>
      )}
    </section>
  );
}
