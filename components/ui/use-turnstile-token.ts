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

  /**
   * A form's fields with this send's token (when the check finished), read from the element at once
   * and the token waited for: for a send after react-hook-form's checks; the widget is renewed after.
   */
  const fieldsWithToken = useCallback(
    async (form: HTMLFormElement): Promise<FormData> => {
      const fields = new FormData(form);
      const fresh = await take();
      if (fresh) fields.set("turnstileToken", fresh);
      renew();
      return fields;
    },
    [take, renew],
  );

  /** Spread onto `<Turnstile>`. */
  const widget = useMemo(
    () => ({ ref, onSuccess: (value: string) => settle(value), onExpire: () => settle(null), onError: () => settle(null) }),
    [settle],
  );

  return { take, renew, fieldsWithToken, widget };
}
