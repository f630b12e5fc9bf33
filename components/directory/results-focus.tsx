"use client";

import { useEffect } from "react";
import { RESULTS_SUMMARY_ID, SHOW_RESULTS_ATTRIBUTE, slugOfCardId } from "./results-focus-targets";

/**
 * A pagination link was followed: the next directory page to show takes the focus. Module state,
 * because a page turn between the cached views mounts a new page (and a new ResultsFocus).
 */
let pageTurnFollowed = false;

const onPhone = () => matchMedia("(max-width: 47.99rem)").matches;

function foldFilterPanel(): void {
  const panel = document.querySelector<HTMLDetailsElement>("form[role=search] details");
  if (panel && onPhone()) panel.open = false;
}

function focusResultsSummary(): void {
  const summary = document.getElementById(RESULTS_SUMMARY_ID);
  summary?.scrollIntoView({ block: "start" });
  summary?.focus({ preventScroll: true });
}

/**
 * Where the keyboard and the eye land on the directory (issue 31): after a page turn, on the results
 * line ("showing 21–40 of 57"), with a phone's filter panel folded; after "Show N results", the same;
 * back from a profile (`#card-{slug}`), on the card the visitor left. Renders nothing.
 */
export function ResultsFocus({ page }: { page: number }) {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (target?.closest("nav[aria-label=Pagination] a")) pageTurnFollowed = true;
      if (target?.closest(`[${SHOW_RESULTS_ATTRIBUTE}]`)) {
        foldFilterPanel();
        focusResultsSummary();
      }
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);

  useEffect(() => {
    if (!pageTurnFollowed) return;
    pageTurnFollowed = false;
    foldFilterPanel();
    focusResultsSummary();
  }, [page]);

  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!slugOfCardId(id)) return;
    const card = document.getElementById(id);
    card?.scrollIntoView({ block: "center" });
    card?.querySelector<HTMLAnchorElement>("h2 a, h3 a")?.focus({ preventScroll: true });
  }, []);

  return null;
}
