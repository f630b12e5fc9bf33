import type { PublicProfile } from "@/lib/providers/serialize";
import { isSafeHttpUrl } from "@/lib/validation/primitives";
import { SPECIALTY_LABELS } from "./specialty-labels";

/**
 * schema.org Organization for a profile, as text for a <script type="application/ld+json">.
 * "<" is escaped so provider-written text can never close the script element.
 */
export function organizationJsonLd(p: PublicProfile): string {
  const safe = (url: string | null) => (url && isSafeHttpUrl(url) ? url : undefined);
  const data = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: p.name,
    description: p.headline || p.description || undefined,
    url: safe(p.websiteUrl),
    logo: safe(p.logoUrl),
    knowsAbout: p.specialties.length > 0 ? p.specialties.map((s) => SPECIALTY_LABELS[s]) : undefined,
  };
  return JSON.stringify(data).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}
