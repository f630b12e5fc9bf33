import Link from "next/link";

export default function ProviderNotFound() {
  return (
    <>
      <h1>Provider not found</h1>
      <p className="lede">No published provider has that address. The listing may have been unpublished, or hidden until the provider confirms its details, or the link may be mistyped.</p>
      <p>
        <Link href="/providers">Browse all providers</Link> or go to the <Link href="/">home page</Link>.
      </p>
    </>
  );
}
