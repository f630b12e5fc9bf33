import { cookies } from "next/headers";
import Link from "next/link";
import { Notice } from "@/components/ui/notice";
import { TokenOutcome } from "@/components/ui/token-outcome";
import { TokenPostForm } from "@/components/ui/token-post-form";
import { singleParam, tokenPageMetadata } from "@/components/ui/token-page";
import styles from "@/components/ui/ui.module.css";
import { ACKNOWLEDGE_FIELD } from "@/lib/auth/email-callback-guard";
import { authSecret } from "@/lib/auth/options";
import { verifiedRegistryLink } from "@/lib/auth/registry-link";
import { isTokenBoundTo, signInBindingCookieName } from "@/lib/auth/sign-in-binding";
import { safeReturnPath } from "@/lib/auth/return-path";
import { env } from "@/lib/config/env";

export const metadata = tokenPageMetadata({ title: "Finish signing in" });

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * The emailed link lands here and changes nothing: mail scanners open links. The button posts the
 * link to Auth.js's email callback, which uses the token and starts the session (a plain form, so it
 * works without JavaScript). In the browser that asked for the link that is one click; anywhere else
 * the page first says plainly which account the link signs into (login CSRF, lib/auth/sign-in-binding.ts).
 */
export default async function ConfirmSignInPage({ searchParams }: { searchParams: SearchParams }) {
  const params = await searchParams;
  const token = singleParam(params, "token") ?? "";
  const email = singleParam(params, "email") ?? "";
  // The emailed link carries an absolute address on this site; a crafted link may carry anything.
  const callbackUrl = safeReturnPath(params.callbackUrl, env().APP_URL);
  if (!token || !email) {
    return (
      <TokenOutcome
        id="signin-incomplete-heading"
        tone="problem"
        title="This sign-in link is incomplete"
        message={
          <>
            Open the link from the email again, or <a href="/signin">ask for a new one</a>.
          </>
        }
      />
    );
  }
  const secret = authSecret();
  const bound = secret ? isTokenBoundTo(secret, token, (await cookies()).get(signInBindingCookieName())?.value) : false;
  const action = `/api/auth/callback/email?${new URLSearchParams({ callbackUrl, token, email }).toString()}`;

  if (bound) {
    return (
      <>
        <h1>Finish signing in</h1>
        <p className="lede">
          Sign in to the studio as <strong>{email}</strong>.
        </p>
        <TokenPostForm action={action} fields={{}} label="Sign in" />
      </>
    );
  }
  // A link the registry itself sent to this address (an approval or an invitation): say what it opens.
  const sent = secret
    ? verifiedRegistryLink(secret, { token, sent: singleParam(params, "sent"), provider: singleParam(params, "provider"), sig: singleParam(params, "sig") })
    : null;
  if (sent) {
    const account = <strong style={{ overflowWrap: "anywhere" }}>{email}</strong>;
    return (
      <>
        <h1>{sent.kind === "approval" ? `Open ${sent.providerName}’s studio` : `Your invitation to ${sent.providerName}`}</h1>
        <div className={styles.stack} style={{ maxWidth: "40rem" }}>
          <p className="lede">
            {sent.kind === "approval" ? (
              <>
                Sign in as {account} to open {sent.providerName}’s studio.
              </>
            ) : (
              <>
                Sign in as {account} to see your invitation to {sent.providerName}’s team.
              </>
            )}
          </p>
          <TokenPostForm action={action} fields={{ [ACKNOWLEDGE_FIELD]: email }} label={`Sign in as ${email}`} />
          <p className={styles.muted}>Not your address? Close this page: nothing has changed.</p>
        </div>
      </>
    );
  }
  return (
    <>
      <h1>Check the account before you sign in</h1>
      <div className={styles.stack} style={{ maxWidth: "40rem" }}>
        <Notice>
          This sign-in link was not asked for in this browser. It signs this browser in as{" "}
          <strong style={{ overflowWrap: "anywhere" }}>{email}</strong>.
        </Notice>
        <p>
          Continue only if that is your address and the link came to you: you asked for it, for example on another
          device, or it was in an email telling you your application is approved or inviting you to a team. If not,
          close this page: someone may be trying to sign you into their account, so that what you do next ends up in
          it.
        </p>
        <TokenPostForm action={action} fields={{ [ACKNOWLEDGE_FIELD]: email }} label={`Sign in as ${email}`} />
        <p>
          <Link href="/signin">Ask for a new link in this browser instead</Link>
        </p>
      </div>
    </>
  );
}
