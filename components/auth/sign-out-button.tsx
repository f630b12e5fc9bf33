"use client";

import { signOut } from "next-auth/react";
import styles from "@/components/ui/ui.module.css";

/** Ends the session (deleted from the database) and returns to the home page. */
export function SignOutButton() {
  return (
    <button type="button" className={styles.buttonSecondary} onClick={() => void signOut({ callbackUrl: "/" })}>
      Sign out
    </button>
  );
}
