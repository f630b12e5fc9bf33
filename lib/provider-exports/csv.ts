// CSV as the archive and the synchronous inquiries export write it (extensions §9): RFC 4180 (CRLF,
// every field quoted when it holds a quote, comma, CR or LF), UTF-8 with a BOM so spreadsheet
// programs read the encoding right, and formula injection neutralised: a cell starting with = + - @,
// TAB or CR gets a leading apostrophe, so a spreadsheet shows the text instead of running it.

export type Cell = string | number | boolean | null;
export type TableRow = Record<string, Cell>;

export interface ExportTable {
  /** The file's name without extension: "inquiries" → inquiries.csv / inquiries.json. */
  name: string;
  columns: readonly string[];
  rows: TableRow[];
}

export const CSV_BOM = "\uFEFF";
const FORMULA_START = /^[=+\-@\t\r]/u;
const NEEDS_QUOTES = /[",\r\n]/u;

/** One cell's text: null is empty; a formula-looking text is prefixed with '. */
export function csvCell(value: Cell): string {
  if (value === null) return "";
  let text = String(value);
  // Numbers are ours (counts, sizes) and never negative here, but a text such as "-1" typed by a
  // visitor is not a number: only strings are neutralised, so a count stays a count.
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(columns: readonly string[], row: TableRow): string {
  return `${columns.map((c) => csvCell(row[c] ?? null)).join(",")}\r\n`;
}

export function csvHeader(columns: readonly string[]): string {
  return `${CSV_BOM}${columns.map((c) => csvCell(c)).join(",")}\r\n`;
}

/** A whole table as CSV text (the archive's files). */
export function tableToCsv(table: ExportTable): string {
  return csvHeader(table.columns) + table.rows.map((row) => csvLine(table.columns, row)).join("");
}

/** A table as JSON: an array of objects with the same keys, in the same order, as the CSV's columns. */
export function tableToJson(table: ExportTable): string {
  const ordered = table.rows.map((row) => Object.fromEntries(table.columns.map((c) => [c, row[c] ?? null])));
  return `${JSON.stringify(ordered, null, 2)}\n`;
}
