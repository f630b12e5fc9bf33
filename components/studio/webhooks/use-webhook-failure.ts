"use client";

import { useRouter } from "next/navigation";
import { useCallback } from "react";
import type { ActionFailure } from "@/lib/actions/define-action";
import { WEBHOOKS_PAGE } from "./webhook-labels";

/** The sentence a failed webhook action shows; an ended session goes to sign-in and back. */
export function useWebhookFailure(): (failure: ActionFailure) => string {
  const router = useRouter();
  return useCallback(
    (failure: ActionFailure) => {
      if (failure.code === "UNAUTHENTICATED") router.push(`/signin?callbackUrl=${encodeURIComponent(WEBHOOKS_PAGE)}`);
      if (failure.code === "RATE_LIMITED" && failure.retryAfterSeconds) {
        return `${failure.message} (about ${Math.ceil(failure.retryAfterSeconds / 60)} min)`;
      }
      return failure.message;
    },
    [router],
  );
}
