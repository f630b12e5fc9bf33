import { SLUG_PATTERN } from "@/lib/providers/slug";
import type { CacheSubject } from "./change-effects";

// What a rendered listing page (a profile, a directory view) depends on, read from the page itself:
// the providers it links to. Such a page is composed by the components floor, which may show anything
// of the listing, so the page cache does not guess its query: a page is kept while no change touches
// a provider it links to (its own profile, the cards it shows, a redirect's target), and a directory
// view, or any page linking other providers, also goes on any change of which providers a list holds
// or of their order (a publish, a new specialty, featured or not), which can move every page and figure.

const PROFILE_PATH = /^\/providers\/([^/]+)$/;
const DIRECTORY_VIEWS = "/providers/page/";
const SLUG_SOURCE = SLUG_PATTERN.source.replace(/^\^|\$$/g, "");
const PROVIDER_LINK = new RegExp(`/providers/(${SLUG_SOURCE})(?![a-z0-9-])`, "g");

interface RenderedPage {
  html?: unknown;
  headers?: Record<string, unknown> | null;
}

/** The subject of a rendered page at `pathname` (the part of Next.js's cache key after "/$"). */
export function renderedPageSubject(pathname: string, value: unknown): CacheSubject {
  const page = (value ?? {}) as RenderedPage;
  const slugs = new Set<string>();
  const own = PROFILE_PATH.exec(pathname);
  const ownSlug = own ? safeDecode(own[1]!) : null;
  if (ownSlug) slugs.add(ownSlug);
  const linked = (text: unknown) => {
    if (typeof text !== "string") return;
    for (const match of text.matchAll(PROVIDER_LINK)) slugs.add(match[1]!);
  };
  linked(page.html);
  // An old slug's permanent redirect names its provider's current slug.
  linked(page.headers?.location);
  const linksOthers = [...slugs].some((slug) => slug !== ownSlug);
  return { kind: "slugs", slugs, anyPlacement: pathname.startsWith(DIRECTORY_VIEWS) || linksOthers };
}

function safeDecode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}
