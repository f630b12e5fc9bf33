import { VERIFICATION_TTL_HOURS } from "@/lib/tokens/verification-token";
import { env } from "@/lib/config/env";
import type { ProviderCard as Card } from "@/lib/public-listing/card-columns";
import { ProviderCard } from "@/components/directory/provider-card";
import { ContactForm } from "./contact-form";
import styles from "./contact.module.css";

/**
 * The profile's contact section, which the action row under the name links to: a form that opens in
 * place (a native disclosure, so it works without JavaScript), or, for a provider not taking clients,
 * similar providers that are (issue 31: not a dead end). Its facts come with the profile the page
 * already read (the cached profile), not from a read of its own.
 */
export function ProviderContact({
  slug,
  name,
  acceptingClients,
  similar,
  similarHref,
}: {
  slug: string;
  name: string;
  acceptingClients: boolean;
  /** For a provider not taking clients: listed providers sharing a specialty that are. */
  similar: readonly Card[];
  /** The directory of providers taking clients in the provider's first specialty. */
  similarHref: string;
}) {
  return (
    <section id="contact" aria-labelledby="contact-heading" className={styles.contact}>
      <h2 id="contact-heading" className={styles.heading}>
        Work with {name}
      </h2>
      {acceptingClients ? (
        <ContactForm
          slug={slug}
          providerName={name}
          siteKey={env().NEXT_PUBLIC_TURNSTILE_SITE_KEY ?? null}
          linkLifetimeHours={VERIFICATION_TTL_HOURS}
        />
      ) : (
        <>
          <p className={styles.closed}>{name} is not taking new clients just now.</p>
          <section id="similar" aria-labelledby="similar-heading" className={styles.similar}>
            <h3 id="similar-heading" className={styles.similarHeading}>
              Similar providers taking new clients
            </h3>
            {similar.length > 0 ? (
              <ul className={styles.similarList}>
                {similar.map((card) => (
                  <li key={card.slug}>
                    <ProviderCard provider={card} fromSearch="" headingLevel={4} testId="similar-provider" />
                  </li>
                ))}
              </ul>
            ) : null}
            <p className={styles.similarMore}>
              <a href={similarHref}>{similar.length > 0 ? "See more providers taking new clients" : "Browse providers taking new clients"}</a>
            </p>
          </section>
        </>
      )}
    </section>
  );
}
