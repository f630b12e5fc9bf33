import type { Metadata } from "next";
import styles from "@/components/ui/ui.module.css";
import { safeReturnPath } from "@/lib/auth/return-path";
import { env } from "@/lib/env";

export const metadata: Metadata = {
  title: "Finish signing in",
  robots: { index: false, follow: false },
  // The address carries the one-time token: it must not travel to other sites in a Referer header.
  referrer: "no-referrer",
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The emailed link lands here and changes nothing: mail scanners open links. The button sends the
 * same parameters to Auth.js's email callback, which uses the token and starts the session. A plain
 * GET form, so it works without JavaScript.
 */
export default async function ConfirmSignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const token = typeof params.token === "string" ? params.token : "";
  const email = typeof params.email === "string" ? params.email : "";
  // The emailed link carries an absolute address on this site; a crafted link may carry anything.
  const callbackUrl = safeReturnPath(params.callbackUrl, env().APP_URL);
  if (!token || !email) {
    return (
      <>
        <h1>This sign-in link is incomplete</h1>
        <p>
          Open the link from the email again, or <a href="/signin">ask for a new one</a>.
        </p>
      </>
    );
  }
  return (
    <>
      <h1>Finish signing in</h1>
      <p className="lede">
        Sign in to the studio as <strong>{email}</strong>.
      </p>
      <form method="get" action="/api/auth/callback/email">
        <input type="hidden" name="callbackUrl" value={callbackUrl} />
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="email" value={email} />
        <button type="submit" className={styles.button}>
          Sign in
        </button>
      </form>
    </>
  );
}
