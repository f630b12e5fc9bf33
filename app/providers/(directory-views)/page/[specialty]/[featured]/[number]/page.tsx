import type { Metadata } from "next";
import { DirectoryPage, directoryMetadata } from "@/components/directory/directory-page";
import type { RawSearchParams } from "@/components/directory/directory-query";
import { directoryViewParams, type DirectoryViewSegments } from "@/lib/listing-cache/directory-views";

// The directory without a text search, as a cacheable page. Visitors never see this address: next.config.ts
// rewrites /providers?specialty=…&featured=…&page=… here (and refuses the address itself), one path
// segment per parameter, "-" for an absent one. Rendered on first request and kept by the page cache
// (lib/listing-cache/page-cache-handler.cjs) until the listing changes; `revalidate` only sets how long shared
// caches may keep it (s-maxage, as for the list API).
export const revalidate = 10;

export function generateStaticParams(): DirectoryViewSegments[] {
  return [];
}

interface Props {
  params: Promise<DirectoryViewSegments>;
}

async function rawParams(params: Props["params"]): Promise<RawSearchParams> {
  return directoryViewParams(await params);
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return directoryMetadata(await rawParams(params));
}

export default async function DirectoryViewPage({ params }: Props) {
  return <DirectoryPage raw={await rawParams(params)} />;
}
