// The directory URL's parameters and the light rules the browser needs: no zod and no ISO lists
// here, so the filter form's script and the profile's way back stay small. The full reading of a
// directory URL (the API's own schema) is directory-query.ts, on the server.

/** Every parameter of a directory URL, in the order every directory link spells them. */
export const DIRECTORY_PARAMS = [
  "specialty",
  "featured",
  "q",
  "country",
  "language",
  "remote",
  "teamSize",
  "budget",
  "acceptingClients",
  "sort",
  "page",
] as const;
export type DirectoryParam = (typeof DIRECTORY_PARAMS)[number];

/**
 * The order a list has when the URL names none: the transparent ranking (extensions §5; the API's
 * default stays the seed's order, `featured`). A link never spells it.
 */
export const DEFAULT_SORT = "recommended";

/**
 * The order a list has when its URL names none: the best match first while there is a search term
 * (issue 31), else the recommended order. A link never spells it.
 */
export function defaultSortFor(q: string | null | undefined): "recommended" | "relevance" {
  return q && q.trim() !== "" ? "relevance" : DEFAULT_SORT;
}

const REPEATABLE: ReadonlySet<DirectoryParam> = new Set(["teamSize"]);

/**
 * Directory parameters as a query string: only directory parameters, in their order, without empty
 * values or the default order, repeatable ones sorted (as the schema sorts them). Everything a
 * browser builds a directory URL from goes through here.
 */
export function directorySearchOf(values: { getAll(name: string): unknown[] }): string {
  const out = new URLSearchParams();
  const q = values.getAll("q").find((v): v is string => typeof v === "string" && v.trim() !== "");
  const defaultSort = defaultSortFor(q);
  for (const key of DIRECTORY_PARAMS) {
    const all = values
      .getAll(key)
      .filter((v): v is string => typeof v === "string")
      .map((v) => v.trim())
      .filter((v) => v !== "" && !(key === "sort" && v === defaultSort));
    const kept = REPEATABLE.has(key) ? [...new Set(all)].sort() : all.slice(0, 1);
    for (const value of kept) out.append(key, value);
  }
  return out.toString();
}

/** "/providers" with that query string, or plain "/providers" without one. */
export function directoryPath(search: string): string {
  return search ? `/providers?${search}` : "/providers";
}

/**
 * The list a profile's `from` parameter names, as a directory address; null when it names none.
 * Whatever `from` holds, the answer is /providers with directory parameters only, so the link can
 * lead nowhere else; the directory itself reads the values with the API's schema.
 */
export function directoryHrefFromParam(from: string | null): string | null {
  if (!from) return null;
  const search = directorySearchOf(new URLSearchParams(from));
  return search ? directoryPath(search) : null;
}
