/** A numbered page, or a gap standing for the pages between its neighbours. */
export type PageItem = { kind: "page"; number: number } | { kind: "gap"; key: string };

/**
 * The pages a numbered pagination shows: the first, the last, and `radius` pages either side of the
 * current one; a gap for what lies between (never a gap that hides a single page: that page is
 * shown instead). 1 … 4 5 [6] 7 8 … 20.
 */
export function pageItems(current: number, total: number, radius = 2): PageItem[] {
  if (total < 1) return [];
  const shown = new Set<number>([1, total]);
  for (let n = current - radius; n <= current + radius; n++) if (n >= 1 && n <= total) shown.add(n);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const n of sorted) {
    if (n - previous === 2) items.push({ kind: "page", number: previous + 1 });
    else if (n - previous > 2) items.push({ kind: "gap", key: `gap-${previous}` });
    items.push({ kind: "page", number: n });
    previous = n;
  }
  return items;
}

