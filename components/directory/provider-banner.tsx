import { isSafeHttpUrl } from "@/lib/validation/primitives";
import { FallbackImage } from "./fallback-image";
import styles from "./provider-media.module.css";

/** The profile banner over a plain coloured band; a missing or broken image leaves the band. */
export function ProviderBanner({ bannerUrl }: { bannerUrl: string | null }) {
  const src = bannerUrl && isSafeHttpUrl(bannerUrl) ? bannerUrl : null;
  return (
    <div className={styles.banner} data-testid="provider-banner">
      {src ? <FallbackImage src={src} className={styles.bannerImage} width={1200} height={300} loading="eager" /> : null}
    </div>
  );
}
