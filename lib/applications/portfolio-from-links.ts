import type { PortfolioItem } from "@/db/schema";
import { PORTFOLIO_MAX, PORTFOLIO_TITLE_MAX } from "@/lib/providers/profile-facts-schema";

/**
 * An application's portfolio links as portfolio items, titled with the link's host name ("www."
 * dropped); the owner can retitle and describe them in the studio. The links were checked as public
 * http(s) addresses when the application was submitted; one that no longer parses is left out.
 */
export function portfolioFromLinks(links: readonly string[]): PortfolioItem[] {
  const items: PortfolioItem[] = [];
  for (const link of links) {
    let host: string;
    try {
      host = new URL(link).hostname.replace(/^www\./, "");
    } catch {
      continue;
    }
    if (!host) continue;
    items.push({ title: host.slice(0, PORTFOLIO_TITLE_MAX), url: link });
  }
  return items.slice(0, PORTFOLIO_MAX);
}
