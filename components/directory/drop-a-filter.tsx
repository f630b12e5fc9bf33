import Link from "next/link";
import type { Db } from "@/db/client";
import { countPublicProviders } from "@/lib/listing-cache/cached-listing";
import { filterChips } from "./directory-labels";
import { parseDirectoryQuery, type DirectoryFilters } from "./directory-query";
import styles from "./directory.module.css";

/**
 * For a list with no match (issue 31): which one filter to drop, with how many providers the list
 * then holds, most first. Each count is the kept total of that list, so this costs one cached count
 * per active filter, and only on an empty page.
 */
export async function DropAFilter({ db, filters }: { db: Db; filters: DirectoryFilters }) {
  const options = await Promise.all(
    filterChips(filters).map(async (chip) => {
      const search = chip.href.split("?")[1] ?? "";
      const { query } = parseDirectoryQuery(Object.fromEntries(groupParams(new URLSearchParams(search))));
      return { ...chip, total: await countPublicProviders(db, query) };
    }),
  );
  const useful = options.filter((o) => o.total > 0).sort((a, b) => b.total - a.total);
  if (useful.length === 0) return null;
  return (
    <div className={styles.dropFilter} data-testid="drop-a-filter">
      <p>Without one of them:</p>
      <ul>
        {useful.map((option) => (
          <li key={option.label}>
            <Link href={option.href}>
              Without “{option.label}”: {option.total} {option.total === 1 ? "provider" : "providers"}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** URLSearchParams as the page's searchParams object: a repeated key becomes a list. */
function groupParams(params: URLSearchParams): Map<string, string | string[]> {
  const out = new Map<string, string | string[]>();
  for (const key of new Set(params.keys())) {
    const all = params.getAll(key);
    out.set(key, all.length > 1 ? all : all[0]!);
  }
  return out;
}
