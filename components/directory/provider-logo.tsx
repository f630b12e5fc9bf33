import { isSafeHttpUrl } from "@/lib/validation/primitives";
import { FallbackImage } from "./fallback-image";
import styles from "./provider-media.module.css";

function initials(name: string): string {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? [];
  return words
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
}

/**
 * The provider's logo over an initials placeholder. Decorative: the provider's name is always next
 * to it. A missing, unsafe or broken URL leaves the placeholder showing.
 */
export function ProviderLogo({ name, logoUrl, size = "small" }: { name: string; logoUrl: string | null; size?: "small" | "large" }) {
  const src = logoUrl && isSafeHttpUrl(logoUrl) ? logoUrl : null;
  const px = size === "large" ? 96 : 56;
  const letters = initials(name);
  return (
    <span className={`${styles.logo} ${size === "large" ? styles.logoLarge : ""}`} data-testid="provider-logo">
      <span className={styles.initials} aria-hidden="true">
        {letters}
      </span>
      {src ? <FallbackImage src={src} className={styles.logoImage} width={px} height={px} fallbackText={letters} /> : null}
    </span>
  );
}
