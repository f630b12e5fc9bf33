import type { Metadata } from "next";
import { SignOutButton } from "@/components/auth/sign-out-button";

// Prerendered at build time; without this Next.js would tell shared caches to keep it a year (s-maxage
// 31536000), past the next release's assets. Five minutes, and the deploy purges it (docs/operations.md).
export const revalidate = 300;

export const metadata: Metadata = { title: "Sign out", robots: { index: false, follow: false } };

export default function SignOutPage() {
  return (
    <>
      <h1>Sign out</h1>
      <p className="lede">Sign out of the studio on this browser.</p>
      <SignOutButton />
    </>
  );
}
