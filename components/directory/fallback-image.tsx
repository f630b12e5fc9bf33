"use client";

import { useEffect, useRef, useState } from "react";

interface FallbackImageProps {
  src: string;
  className?: string;
  width: number;
  height: number;
  loading?: "eager" | "lazy";
  /** Painted over a broken image by CSS (see provider-media.module.css), for browsers without JavaScript. */
  fallbackText?: string;
}

/**
 * A decorative remote image that removes itself when it cannot load, uncovering the placeholder
 * the server rendered beneath it. Remote hosts are arbitrary, so this is a plain <img>. Only HTTPS
 * images are shown: the content security policy refuses others (lib/http/security-headers.ts), so
 * an http: address is never requested and the placeholder shows at once.
 */
export function FallbackImage({ src, className, width, height, loading = "lazy", fallbackText = "" }: FallbackImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const img = ref.current;
    // An image that failed before hydration fired its error event before React was listening.
    if (img?.complete && img.naturalWidth === 0) img.dispatchEvent(new Event("error"));
  }, [src]);

  if (failed || !/^https:\/\//i.test(src)) return null;
  return (
    // eslint-disable-next-line @next/next/no-img-element -- arbitrary remote hosts; next/image cannot proxy them
    <img
      ref={ref}
      src={src}
      alt=""
      className={className}
      width={width}
      height={height}
      loading={loading}
      decoding="async"
      referrerPolicy="no-referrer"
      data-fallback={fallbackText}
      onError={() => setFailed(true)}
    />
  );
}
