import Link from "next/link";
import { VisibilityControls } from "@/components/studio/listing/visibility-controls";
import ui from "@/components/ui/ui.module.css";
import type { OnboardingStep } from "@/lib/providers/onboarding-steps";
import styles from "./studio.module.css";

/**
 * A new provider's first steps on the studio overview, each linking where it is done; the last one is
 * the Publish button itself (disabled, with the reason, until the listing can be published).
 */
export function OnboardingChecklist(props: { steps: OnboardingStep[]; canWrite: boolean; approved: boolean }) {
  const { steps } = props;
  const done = steps.filter((s) => s.done).length;
  return (
    <section className={ui.card} aria-labelledby="onboarding-heading">
      <h2 id="onboarding-heading">Get your listing ready</h2>
      <p className={ui.muted}>
        {done} of {steps.length} steps done. Nobody outside your team sees the listing until it is published.
      </p>
      <ol className={styles.steps}>
        {steps.map((step) => (
          <li key={step.key} className={step.done ? styles.stepDone : undefined}>
            <span aria-hidden="true" className={styles.stepMark}>
              {step.done ? "✓" : "○"}
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
                  <span className={styles.stepStatus}>— {step.done ? "done" : "to do"}</span>
                </>
              )}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
