import ui from "@/components/ui/ui.module.css";
import type { ReviewDeclineReason } from "@/db/enums";
import styles from "./invitation.module.css";

const CHOICES: { value: ReviewDeclineReason; label: string; hint: string }[] = [
  { value: "NOT_HIRED", label: "We didn't work together", hint: "For example, you chose another provider or the project did not go ahead." },
  { value: "NO_THANKS", label: "We did, but I'd rather not write a review", hint: "That is fine: nobody is told." },
];

/**
 * The decline page's choice: a plain form posting to /reviews/decline/send (no JavaScript needed).
 * Opening the page changes nothing; only this post does.
 */
export function DeclineForm({ token, providerName }: { token: string; providerName: string }) {
  return (
    <section aria-labelledby="decline-heading" className={ui.stack}>
      <h1 id="decline-heading">Did you work with {providerName}?</h1>
      <p className="lede">
        Tell us, and we will not ask you about this provider again. Your answer is private: the provider does not see it
        and it is not counted anywhere public.
      </p>
      <form method="post" action="/reviews/decline/send" className={ui.stack}>
        <input type="hidden" name="token" value={token} />
        <fieldset className={styles.choices}>
          <legend>Your answer</legend>
          {CHOICES.map((choice, i) => (
            <div key={choice.value} className={styles.choice}>
              <input
                type="radio"
                id={`reason-${choice.value}`}
                name="reason"
                value={choice.value}
                defaultChecked={i === 0}
                aria-describedby={`reason-${choice.value}-hint`}
              />
              <label htmlFor={`reason-${choice.value}`}>
                {choice.label}
                <span id={`reason-${choice.value}-hint`} className={styles.hint}>
                  {choice.hint}
                </span>
              </label>
            </div>
          ))}
        </fieldset>
        <p>
          <button type="submit" className={ui.button}>
            Send my answer
          </button>
        </p>
      </form>
    </section>
  );
}
