import type { Metadata } from "next";
import { SignOutButton } from "@/components/auth/sign-out-button";

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
