// Human output helpers: aligned "label  value" lines and simple tables.

export function formatDate(value: Date | null | undefined): string {
  return value ? value.toISOString().replace(/\.\d{3}Z$/, "Z") : "-";
}

/** "label:  value" lines with the values aligned. */
export function fields(pairs: Array<[string, string | number | boolean | null | undefined]>): string[] {
  const width = Math.max(...pairs.map(([label]) => label.length)) + 1;
  return pairs.map(([label, value]) => `${`${label}:`.padEnd(width)}  ${value ?? "-"}`);
}

/** A header row and data rows, columns padded to the widest cell. */
export function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i] ?? 0)))
      .join("  ")
      .trimEnd();
  return [line(header), ...rows.map(line)];
}

export function truncate(value: string, max: number): string {
  return value.length <= max ? value : `${value.slice(0, max - 1)}…`;
}
