import type { RejectedParam } from "./directory-query";
import styles from "./directory.module.css";

const NAMES: Record<RejectedParam["key"], string> = {
  specialty: "specialty",
  featured: "featured",
  q: "search",
  country: "country",
  language: "language",
  remote: "remote",
  teamSize: "team size",
  budget: "budget",
  acceptingClients: "accepting clients",
  sort: "sort order",
  page: "page",
};

/** Says which of the link's values were not recognised, and that the list ignores them. */
export function RejectedNotice({ rejected }: { rejected: RejectedParam[] }) {
  if (rejected.length === 0) return null;
  const shown = (value: string) => (value.length > 40 ? `${value.slice(0, 39)}…` : value);
  return (
    <div className={styles.notice} role="status">
      <p>Some of this link&rsquo;s filters were not recognised, so the list leaves them out:</p>
      <ul>
        {rejected.map((r) => (
          <li key={r.key}>
            {NAMES[r.key]} &ldquo;{shown(r.value.replace(/\u0000/g, ""))}&rdquo;
          </li>
        ))}
      </ul>
    </div>
  );
}
