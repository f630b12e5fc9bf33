import type { Metadata } from "next";
import Link from "next/link";

export const metadata: Metadata = {
  title: "Page not found",
  description: "The page you asked for does not exist.",
};

export default function NotFound() {
  return (
    <>
      <h1>Page not found</h1>
      <p className="lede">There is nothing at this address. The link may be mistyped, or the page may have moved.</p>
      <p>
        <Link href="/providers">Browse providers</Link> or go to the <Link href="/">home page</Link>.
      </p>
    </>
  );
}
