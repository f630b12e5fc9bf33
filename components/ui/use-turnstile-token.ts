"use client";

import type { TurnstileInstance } from "@marsidev/react-turnstile";
import { useCallback, useMemo, useRef } from "react";

/** How long a send waits for a security check still running before it tells the person. */
const TOKEN_WAIT_MS = 15_000;

/**
 * The Turnstile token of one form. A person who presses send while the check is still running
 * (the widget answers a moment after the page shows) waits for it, with the button saying "Sending…",
 * instead of being told to press again. A token is good for one check only: `take` hands it out
 * once, and `renew` asks the widget for a fresh one after the server refused a send.
 */
export function useTurnstileToken(siteKey: string | null) {
  const ref = useRef<TurnstileInstance>(null);
  const token = useRef<string | null>(null);
  const waiters = useRef(new Set<(value: string) => void>());

  const settle = useCallback((value: string | null) => {
    token.current = value;
    if (!value) return;
    for (const wake of waiters.current) wake(value);
    waiters.current.clear();
  }, []);

  /** The token for one send: "" without a site key, null if the check did not finish in time. */
  const take = useCallback(async (): Promise<string | null> => {
    if (!siteKey) return "";
    const ready =
      token.current ??
      (await new Promise<string | null>((resolve) => {
        const wake = (value: string) => {
          clearTimeout(timer);
          resolve(value);
        };
        const timer = setTimeout(() => {
          waiters.current.delete(wake);
          resolve(null);
        }, TOKEN_WAIT_MS);
        waiters.current.add(wake);
      }));
    token.current = null;
    return ready;
  }, [siteKey]);

  const renew = useCallback(() => {
    token.current = null;
    ref.current?.reset();
  }, []);

  /** Spread onto `<Turnstile>`. */
  const widget = useMemo(
    () => ({ ref, onSuccess: (value: string) => settle(value), onExpire: () => settle(null), onError: () => settle(null) }),
    [settle],
  );

  return { take, renew, widget };
}
