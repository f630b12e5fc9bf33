import Link from "next/link";
import type { ReactNode, Ref } from "react";
import styles from "./token-confirmation.module.css";

/**
 * One finished state of a page opened from an emailed one-time link (an application's email, an
 * inquiry, a sign-in): what happened in a heading, the answer in one sentence, then what to do next.
 * Rendered on the server (a bad link, the script-less post's outcome page) and in the confirm panel,
 * whose answer moves focus to the heading.
 */
export function TokenOutcome({
  id,
  tone,
  title,
  message,
  alert = false,
  headingRef,
  children,
}: {
  /** The heading's id; the section is labelled by it. */
  id: string;
  tone: "success" | "problem";
  title: string;
  message: ReactNode;
  /** Announce the sentence at once (role=alert): an outcome page that says the button did not work. */
  alert?: boolean;
  headingRef?: Ref<HTMLHeadingElement>;
  children?: ReactNode;
}) {
  return (
    <section className={tone === "success" ? styles.success : styles.problem} aria-labelledby={id}>
      <h1 id={id} ref={headingRef} tabIndex={-1} className={styles.heading}>
        {title}
      </h1>
      <p className="lede" role={alert ? "alert" : undefined}>
        {message}
      </p>
      {children}
    </section>
  );
}

/**
 * The outcome page of a script-less token form (lib/route-wrappers/token-form-route.ts) when the action could
 * not say more than "not yet" (the database was away, say): nothing changed, press the button again.
 */
export function TokenRetry({ id, title, message }: { id: string; title: string; message: string }) {
  return (
    <TokenOutcome id={id} tone="problem" title={title} message={message} alert>
      <p>
        <Link href="/">Go to the home page</Link>
      </p>
    </TokenOutcome>
  );
}

/** The outcome a token form route named in `?result=`, if it is one of this page's. */
export function outcomeKindOf<Kind extends string>(result: unknown, kinds: readonly Kind[]): Kind | undefined {
  return kinds.find((kind) => kind === result);
}
