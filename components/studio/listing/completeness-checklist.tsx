"use client";

import type { CompletenessItem } from "@/lib/providers/listing-completeness";
import styles from "./listing.module.css";
import { useImageCheck, type ImageCheck } from "./use-image-check";

/**
 * What the saved listing has, and what it still needs (required) or would benefit from
 * (recommended). A logo or banner counts as done only once this browser has loaded it: a thumbnail
 * shows it, and an address that does not load says so.
 */
export function CompletenessChecklist({ items }: { items: CompletenessItem[] }) {
  return (
    <ul className={styles.checklist} aria-label="Listing checklist">
      {items.map((item) =>
        item.imageUrl ? <ImageItem key={item.key} item={item} url={item.imageUrl} /> : <Item key={item.key} item={item} />,
      )}
    </ul>
  );
}

function Item({ item, check }: { item: CompletenessItem; check?: ImageCheck }) {
  const done = item.done && (!check || check.state === "loaded");
  const failed = check?.state === "failed";
  return (
    <li className={done ? styles.done : item.required || failed ? styles.missingRequired : styles.missing}>
      <span aria-hidden="true" className={styles.mark}>
        {done ? "✓" : failed || item.required ? "✗" : "○"}
      </span>
      <span>
        {item.label} <span className={styles.itemStatus}>— {status(item, done, check)}</span>
        {check?.state === "loaded" ? (
          <>
            {" "}
            {/* eslint-disable-next-line @next/next/no-img-element -- the provider's own remote image, checked in this browser */}
            <img
              src={item.imageUrl}
              alt={`${item.label} as saved`}
              className={item.key === "bannerUrl" ? styles.bannerThumbnail : styles.thumbnail}
              referrerPolicy="no-referrer"
              data-testid={`checklist-${item.key}-thumbnail`}
            />
          </>
        ) : null}
      </span>
    </li>
  );
}

function ImageItem({ item, url }: { item: CompletenessItem; url: string }) {
  return <Item item={item} check={useImageCheck(url)} />;
}

function status(item: CompletenessItem, done: boolean, check?: ImageCheck): string {
  if (check?.state === "checking") return "checking that it loads…";
  if (check?.state === "failed") return check.reason;
  if (done) return "done";
  return item.required ? "missing, required to publish" : "missing, recommended";
}
