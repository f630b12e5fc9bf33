import type { ActionFailure } from "@/lib/actions/define-action";

/**
 * What a reviewer is told when a decision fails. CONFLICT means someone (another admin, or an
 * earlier click) decided first: not an error of theirs, and the list must be refreshed to show it.
 * NOT_FOUND: the item is gone, or the session no longer belongs to an admin.
 */
export function describeDecisionFailure(failure: ActionFailure): { refresh: boolean; tone: "info" | "error"; text: string } {
  if (failure.code === "CONFLICT") return { refresh: true, tone: "info", text: failure.message };
  // Shown where it happened and left there: a refresh would only replace the page with a 404.
  if (failure.code === "NOT_FOUND") {
    return {
      refresh: false,
      tone: "error",
      text: "That is no longer there, or your session has ended. Reload the page, and sign in again if asked.",
    };
  }
  return { refresh: false, tone: "error", text: `${failure.message} (reference ${failure.requestId})` };
}
