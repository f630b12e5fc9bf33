"use client";

import { useEffect } from "react";

// Tells the registry what a visitor saw (extensions §7), from the browser: the page itself stays
// a cached copy that sets no cookie, and only the beacon counts. Bots that do not run scripts, and
// prefetches, never send it.

const URL = "/api/public/studio/events";

function send(event: object): void {
  const body = JSON.stringify(event);
  try {
    // Survives the navigation a click on the provider's website starts.
    if (navigator.sendBeacon(URL, new Blob([body], { type: "application/json" }))) return;
  } catch {
    // A browser that refuses a JSON beacon: the keepalive fetch below does the same.
  }
  void fetch(URL, { method: "POST", body, keepalive: true, headers: { "Content-Type": "application/json" } }).catch(() => {});
}

/**
 * Sends `view` once when the page shows; with `slug` (a profile) also a website click on the link
 * marked data-beacon="website" and a contact open when the details marked data-beacon="contact" open.
 */
export function AnalyticsBeacon({ view, slug }: { view: string; slug?: string }) {
  useEffect(() => {
    send(JSON.parse(view) as object);
    if (!slug) return;
    const onClick = (e: MouseEvent) => {
      if (e.target instanceof Element && e.target.closest("[data-beacon=website]")) send({ type: "website_click", slug });
    };
    const onToggle = (e: Event) => {
      const t = e.target;
      if (t instanceof HTMLDetailsElement && t.open && t.dataset.beacon === "contact") send({ type: "contact_open", slug });
    };
    document.addEventListener("click", onClick);
    // "toggle" does not bubble: listen while it is captured.
    document.addEventListener("toggle", onToggle, true);
    return () => {
      document.removeEventListener("click", onClick);
      document.removeEventListener("toggle", onToggle, true);
    };
  }, [view, slug]);
  return null;
}
