import { isSafeHttpUrl } from "@/lib/validation/primitives";
import { FallbackImage } from "@/components/directory/fallback-image";
import styles from "./portfolio-cards.module.css";
import ui from "@/components/ui/ui.module.css";

export interface PortfolioCardItem {
  title: string;
  url: string;
  summary: string | null;
  imageUrl: string | null;
}

function hostOf(url: string): string {
  return new URL(url).hostname.replace(/^www\./, "");
}

/**
 * Past work as cards in the provider's order: an image when one is given and loads (otherwise a
 * plain panel with the site's host name), the title linking to the project, and the summary.
 * Items whose address is not a public web address are not shown (older rows; the API refuses them).
 */
export function PortfolioCards({ items, heading: Heading = "h2" }: { items: readonly PortfolioCardItem[]; heading?: "h2" | "h4" }) {
  const shown = items.filter((item) => item.title.trim() && isSafeHttpUrl(item.url));
  if (shown.length === 0) return null;
  const ItemHeading = Heading === "h2" ? "h3" : "h5";
  return (
    <section aria-labelledby="portfolio-heading" className={styles.portfolio} data-testid="portfolio">
      <Heading id="portfolio-heading">Work</Heading>
      <ul className={styles.grid}>
        {shown.map((item, index) => {
          const host = hostOf(item.url);
          const image = item.imageUrl && isSafeHttpUrl(item.imageUrl) ? item.imageUrl : null;
          return (
            <li key={`${index}-${item.url}`} className={styles.card}>
              <div className={styles.media} aria-hidden="true">
                <span className={styles.placeholder}>{host}</span>
                {image ? (
                  <FallbackImage key={image} src={image} className={styles.image} width={480} height={270} fallbackText={host} />
                ) : null}
              </div>
              <div className={styles.body}>
                <ItemHeading className={styles.title}>
                  <a href={item.url} target="_blank" rel="noopener nofollow noreferrer ugc">
                    {item.title}
                    <span className={ui.visuallyHidden}> (opens in a new tab)</span>
                  </a>
                </ItemHeading>
                {item.summary ? <p className={styles.summary}>{item.summary}</p> : null}
                <p className={styles.host}>{host}</p>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
