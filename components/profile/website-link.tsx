import { isSafeHttpUrl } from "@/lib/validation/primitives";
import styles from "@/components/directory/directory.module.css";
import ui from "@/components/ui/ui.module.css";

function displayHost(url: string): string {
  return new URL(url).hostname.replace(/^www\./, "");
}

/** The provider's own site, in a new tab that cannot reach back to this page. */
export function WebsiteLink({ url, className }: { url: string | null; className?: string }) {
  if (!url || !isSafeHttpUrl(url)) return null;
  return (
    <a href={url} target="_blank" rel="noopener nofollow noreferrer" className={className ?? styles.websiteLink} data-beacon="website">
      Visit {displayHost(url)}
      <span className={ui.visuallyHidden}> (opens in a new tab)</span>
      <span aria-hidden="true"> ↗</span>
    </a>
  );
}
