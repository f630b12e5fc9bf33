"use client";

import { useEffect, useState } from "react";

export type ImageCheck = { state: "checking" } | { state: "loaded" } | { state: "failed"; reason: string };

const HTTP_ONLY =
  "does not load: this site shows images from https:// addresses only. Use the image's https:// address.";
const NOT_LOADING =
  "does not load: the address does not answer with an image a browser can show. Check it in a new tab, then save a working one.";

/**
 * Whether this browser can load `url` as an image, as visitors' browsers would. Only https images
 * can load here (the site's content security policy), so an http:// address fails at once with
 * that reason rather than a vague one.
 */
export function useImageCheck(url: string): ImageCheck {
  const [result, setResult] = useState<{ url: string; check: ImageCheck } | null>(null);
  useEffect(() => {
    if (!/^https:\/\//i.test(url)) return;
    let current = true;
    const img = new Image();
    img.referrerPolicy = "no-referrer";
    img.onload = () => current && setResult({ url, check: img.naturalWidth > 0 ? { state: "loaded" } : { state: "failed", reason: NOT_LOADING } });
    img.onerror = () => current && setResult({ url, check: { state: "failed", reason: NOT_LOADING } });
    img.src = url;
    return () => {
      current = false;
      img.onload = null;
      img.onerror = null;
    };
  }, [url]);
  if (!/^https:\/\//i.test(url)) return { state: "failed", reason: HTTP_ONLY };
  return result?.url === url ? result.check : { state: "checking" };
}
