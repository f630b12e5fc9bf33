"use client";

import { useRouter } from "next/navigation";
import { useCallback } from "react";
import type { ActionFailure } from "@/lib/actions/define-action";

export const LISTING_PAGE = "/studio/listing";

/** The message to show for a failed action; an ended session goes to sign-in and back here. */
export function useActionFailure(): (failure: ActionFailure) => string {
  const router = useRouter();
  return useCallback(
    (failure: ActionFailure) => {
      if (failure.code === "UNAUTHENTICATED") router.push(`/signin?callbackUrl=${encodeURIComponent(LISTING_PAGE)}`);
      return failure.message;
    },
    [router],
  );
}
