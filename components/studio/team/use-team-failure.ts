"use client";

import { useRouter } from "next/navigation";
import { useCallback } from "react";
import type { ActionFailure } from "@/lib/actions/define-action";
import { TEAM_PAGE, teamFailureMessage } from "./team-view";

/** The message for a refused team change; an ended session goes to sign-in and back to the team page. */
export function useTeamFailure(): (failure: ActionFailure, subject?: string) => string {
  const router = useRouter();
  return useCallback(
    (failure: ActionFailure, subject?: string) => {
      if (failure.code === "UNAUTHENTICATED") router.push(`/signin?callbackUrl=${encodeURIComponent(TEAM_PAGE)}`);
      return teamFailureMessage(failure, subject);
    },
    [router],
  );
}
