import type { ReactNode } from "react";
import styles from "./ui.module.css";

/** A message about the page's state. Errors are announced at once (role=alert), the rest politely. */
export function Notice({ tone = "info", children }: { tone?: "info" | "error" | "success"; children: ReactNode }) {
  const className = tone === "error" ? styles.noticeError : tone === "success" ? styles.noticeSuccess : styles.notice;
  return (
    <div className={className} role={tone === "error" ? "alert" : "status"}>
      {children}
    </div>
  );
}
