import type { Metadata } from "next";
import { DirectoryPage, directoryMetadata } from "@/components/directory/directory-page";
import type { RawSearchParams } from "@/components/directory/directory-query";

// Searches (q) and malformed links render here on every request. Every other directory URL is
// rewritten (next.config.ts) to the cached view under app/providers/page/, which renders the same
// component once per change of the listing.
export const dynamic = "force-dynamic";

interface Props {
  searchParams: Promise<RawSearchParams>;
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return directoryMetadata(await searchParams);
}

export default async function ProvidersPage({ searchParams }: Props) {
  return <DirectoryPage raw={await searchParams} />;
}
