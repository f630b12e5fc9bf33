import { isSafeHttpUrl } from "@/lib/validation/primitives";
import styles from "./admin.module.css";
import ui from "@/components/ui/ui.module.css";

/**
 * Links an applicant submitted, shown in full so the reviewer sees where each goes. Only http(s)
 * addresses become links (they were validated on the way in; this holds for old rows too), opened
 * in a new tab that cannot reach back, without passing our address or ranking on.
 */
export function PortfolioLinks({ links }: { links: string[] }) {
  if (links.length === 0) return <span>None given</span>;
  return (
    <ul className={styles.links}>
      {links.map((link, i) =>
        isSafeHttpUrl(link) ? (
          <li key={i}>
            <a href={link} target="_blank" rel="noopener noreferrer nofollow ugc">
              {link}
              <span className={ui.visuallyHidden}> (opens in a new tab)</span>
            </a>
          </li>
        ) : (
          <li key={i}>
            {link} <span>(not a web address; not linked)</span>
          </li>
        ),
      )}
    </ul>
  );
}
