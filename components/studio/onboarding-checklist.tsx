"use client";

import Link from "next/link";
import { useState } from "react";
import { useImageCheck, type ImageCheck } from "@/components/studio/listing/use-image-check";
import { VisibilityControls } from "@/components/studio/listing/visibility-controls";
import ui from "@/components/ui/ui.module.css";
import { onboardingHiddenCookie, type OnboardingStep } from "@/lib/providers/onboarding-steps";
import styles from "./studio.module.css";

/**
 * A new provider's first steps on the studio overview, each linking where it is done; the last one is
 * the Publish button itself (disabled, with the reason, until the listing can be published). The logo
 * counts as done only once this browser has loaded it, as on the listing's checklist: a saved address
 * that does not load is a step still to do. When every step was done by the saved data the list
 * shows only if the logo then fails to load. "Hide this" puts it away for good in this browser, for a
 * team that chooses to skip a step (a one-person provider has no team to invite).
 */
export function OnboardingChecklist(props: {
  providerId: string;
  steps: OnboardingStep[];
  logoUrl: string | null;
  canWrite: boolean;
  approved: boolean;
}) {
  const [hidden, setHidden] = useState(false);
  const logo = useImageCheck(props.logoUrl ?? "");
  const logoCheck = props.logoUrl ? logo : undefined;
  const steps = props.steps.map((step) => ({
    step,
    done: step.done && !(step.key === "logo" && logoCheck && logoCheck.state !== "loaded"),
    check: step.key === "logo" ? logoCheck : undefined,
  }));
  const savedAllDone = props.steps.every((s) => s.done);
  if (hidden || (savedAllDone && logoCheck?.state !== "failed")) return null;
  const done = steps.filter((s) => s.done).length;
  return (
    <section className={ui.card} aria-labelledby="onboarding-heading">
      <h2 id="onboarding-heading">Get your listing ready</h2>
      <p className={ui.muted}>
        {done} of {steps.length} steps done. Nobody outside your team sees the listing until it is published.
      </p>
      <ol className={styles.steps}>
        {steps.map(({ step, done, check }) => (
          <li key={step.key} className={done ? styles.stepDone : undefined}>
            <span aria-hidden="true" className={styles.stepMark}>
              {done ? "✓" : "○"}
            </span>
            <span>
              {step.key === "publish" && !step.done && props.canWrite ? (
                <>
                  {step.label} <span className={styles.stepStatus}>— to do</span>
                  <VisibilityControls published={false} publiclyVisible={props.approved} blockers={step.blockedBy ?? ""} />
                </>
              ) : (
                <>
                  <Link href={step.href}>{step.label}</Link>{" "}
                  <span className={styles.stepStatus}>— {stepStatus(done, check)}</span>
                </>
              )}
            </span>
          </li>
        ))}
      </ol>
      <button type="button" className={ui.buttonSecondary} onClick={() => setHidden(hideForGood(props.providerId))}>
        Hide these steps
      </button>
    </section>
  );
}

function stepStatus(done: boolean, check: ImageCheck | undefined): string {
  if (check?.state === "checking") return "checking that it loads…";
  if (check?.state === "failed") return `saved, but it ${check.reason}`;
  return done ? "done" : "to do";
}

/** A year is "for good" for a reminder; the server reads the cookie and leaves the card out. */
function hideForGood(providerId: string): true {
  const secure = window.location.protocol === "https:" ? "; secure" : "";
  document.cookie = `${onboardingHiddenCookie(providerId)}=1; path=/studio; max-age=31536000; samesite=lax${secure}`;
  return true;
}
