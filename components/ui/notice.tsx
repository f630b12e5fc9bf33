import type { ReactNode, Ref } from "react";
import styles from "./ui.module.css";

/**
 * A message about the page's state. Errors are announced at once (role=alert), the rest politely.
 * Given a `ref`, it can take focus (tabIndex -1): the result of an action moves focus to it, so a
 * keyboard or screen-reader user lands on what happened.
 */
export function Notice({
  tone = "info",
  children,
  ref,
}: {
  tone?: "info" | "error" | "success";
  children: ReactNode;
  ref?: Ref<HTMLDivElement>;
}) {
  const className = tone === "error" ? styles.noticeError : tone === "success" ? styles.noticeSuccess : styles.notice;
  return (
    <div className={className} role={tone === "error" ? "alert" : "status"} ref={ref} tabIndex={ref ? -1 : undefined}>
      {children}
    </div>
  );
}
