import { databaseReady } from "@/db";
import { VERIFICATION_TTL_HOURS } from "@/lib/applications/verification-token";
import { env } from "@/lib/config/env";
import { getContactFacts } from "@/lib/inquiries/get-contact-facts";
import { ContactForm } from "./contact-form";
import { ResponsivenessNote } from "./responsiveness-note";
import styles from "./contact.module.css";

/**
 * The profile's contact call to action: a form that opens in place (a native disclosure, so it works
 * without JavaScript), or "not taking new clients". How quickly the provider answers, when measured.
 */
export async function ProviderContact({ slug, name }: { slug: string; name: string }) {
  const facts = await getContactFacts(await databaseReady(), { slug });
  if (!facts) return null;
  return (
    <section aria-labelledby="contact-heading" className={styles.contact}>
      <h2 id="contact-heading" className={styles.heading}>
        Work with {name}
      </h2>
      <ResponsivenessNote responsiveness={facts.responsiveness} className={styles.note} />
      {facts.acceptingClients ? (
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
