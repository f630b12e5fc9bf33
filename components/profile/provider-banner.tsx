import { isSafeHttpUrl } from "@/lib/validation/primitives";
import { FallbackImage } from "@/components/directory/fallback-image";
import styles from "@/components/directory/provider-media.module.css";

/**
 * The profile banner over a plain coloured band; a broken image leaves the band. No banner, no
 * block: a profile without one starts with its name (see hasBanner for the header's spacing).
 */
export function ProviderBanner({ bannerUrl }: { bannerUrl: string | null }) {
  const src = hasBanner(bannerUrl) ? bannerUrl : null;
  if (!src) return null;
  return (
    <div className={styles.banner} data-testid="provider-banner">
      <FallbackImage src={src} className={styles.bannerImage} width={1200} height={300} loading="eager" />
    </div>
  );
}

/** Whether a banner block is shown: only for a public web address. */
export function hasBanner(bannerUrl: string | null): bannerUrl is string {
  return Boolean(bannerUrl && isSafeHttpUrl(bannerUrl));
}
