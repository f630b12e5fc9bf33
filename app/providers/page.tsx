import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { DirectoryPage, directoryMetadata } from "@/components/directory/directory-page";
import { parseDirectoryQuery, type RawSearchParams } from "@/components/directory/directory-query";

// Searches, the facts' filters, other orders and malformed links render here on every request. The
// plain lists (specialty, featured, page) are rewritten (next.config.ts) to the cached view under
// app/providers/(directory-views)/page/, which renders the same component once per change of the listing.
export const dynamic = "force-dynamic";

interface Props {
  searchParams: Promise<RawSearchParams>;
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  return directoryMetadata(await searchParams);
}

export default async function ProvidersPage({ searchParams }: Props) {
  const raw = await searchParams;
  // One address per list: a GET form's empty fields, default values and other spellings go to it.
  const { redirectTo } = parseDirectoryQuery(raw);
  if (redirectTo) redirect(redirectTo);
  return <DirectoryPage raw={raw} />;
}
