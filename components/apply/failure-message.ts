import type { ActionFailure } from "@/lib/actions/define-action";

/** "about 5 hours", "about 1 hour", "about 20 minutes": rounded up, never "0". */
export function roughDuration(seconds: number): string {
  if (seconds >= 3600) {
    const hours = Math.ceil(seconds / 3600);
    return `about ${hours} ${hours === 1 ? "hour" : "hours"}`;
  }
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `about ${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

export interface FailureSummary {
  title: string;
  message: string;
}

/** The summary shown above the form when the server refuses an application as a whole. */
export function summariseFailure(failure: ActionFailure): FailureSummary {
  switch (failure.code) {
    case "RATE_LIMITED": {
      // The server's sentence names the limit; the wait is said precisely when it is known.
      const base = failure.message.replace(/\s*Try again later\.?$/, "");
      const wait = failure.retryAfterSeconds ? ` Try again in ${roughDuration(failure.retryAfterSeconds)}.` : " Try again later.";
      return { title: "Too many applications", message: `${base}${wait}` };
    }
    case "CAPTCHA_FAILED":
      return { title: "The security check did not pass", message: `${failure.message} Everything you typed is still here.` };
    case "SERVICE_UNAVAILABLE":
      return {
        title: "We could not take your application just now",
        message: `${failure.message} Everything you typed is still here.`,
      };
    case "VALIDATION_FAILED":
      return { title: "Some answers need attention", message: failure.message };
    default:
      return {
        title: "Something went wrong on our side",
        message: `Your application was not sent. Please try again in a moment. If it keeps happening, quote reference ${failure.requestId}.`,
      };
  }
}
