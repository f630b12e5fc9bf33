import { like } from "drizzle-orm";
import type { Db } from "@/db/client";
import { providerSlugRedirects, providers } from "@/db/schema";

export const SLUG_MAX_LENGTH = 60;
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const FALLBACK_SLUG = "provider";
// Static paths beside /providers/[slug] (API and pages): a provider with one of these slugs could never be reached.
export const RESERVED_SLUGS = new Set(["interest", "verify", "inquiries", "new", "search", "page", "api"]);

export function isValidSlug(value: string): boolean {
  return value.length <= SLUG_MAX_LENGTH && SLUG_PATTERN.test(value) && !RESERVED_SLUGS.has(value);
}

function trimDashes(value: string): string {
  return value.replace(/^-+|-+$/g, "");
}

/** "Café Zürich & Co." -> "cafe-zurich-co": lower-case ASCII letters, digits and single dashes. */
export function slugify(name: string): string {
  const ascii = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-");
  const slug = trimDashes(trimDashes(ascii).slice(0, SLUG_MAX_LENGTH));
  return slug || FALLBACK_SLUG;
}

function withSuffix(base: string, n: number): string {
  if (n === 1) return base;
  const suffix = `-${n}`;
  return `${trimDashes(base.slice(0, SLUG_MAX_LENGTH - suffix.length))}${suffix}`;
}

// Every candidate (base, base-2, ... up to a 10-character suffix) starts with this much of the base.
const STEM_LENGTH = SLUG_MAX_LENGTH - 11;

/**
 * The first of base, base-2, base-3 ... that no provider uses, kept within the slug length limit.
 * Another transaction may take the same slug before this one commits, so insert with
 * ON CONFLICT DO NOTHING on the slug and ask again when the insert returns no row.
 */
export async function uniqueSlug(tx: Db, base: string): Promise<string> {
  const stem = base.slice(0, STEM_LENGTH);
  const rows = await tx.select({ slug: providers.slug }).from(providers).where(like(providers.slug, `${stem}%`));
  // Old slugs stay taken: they redirect to the provider that had them.
  const old = await tx
    .select({ slug: providerSlugRedirects.oldSlug })
    .from(providerSlugRedirects)
    .where(like(providerSlugRedirects.oldSlug, `${stem}%`));
  const taken = new Set([...rows, ...old].map((r) => r.slug));
  for (let n = 1; ; n++) {
    const candidate = withSuffix(base, n);
    if (!taken.has(candidate) && !RESERVED_SLUGS.has(candidate)) return candidate;
  }
}
