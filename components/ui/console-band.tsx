import Link from "next/link";
import type { ReactNode } from "react";
import styles from "./console-frame.module.css";

/**
 * The frame of the studio and the admin console: who is signed in, their actions (sign out) and the
 * section navigation, in one band. On phones it is the page's only header band: the site header is
 * hidden there (app/globals.css, `.console-band`) and the band carries the brand link home instead,
 * so the page title is on the first screen.
 */
export function ConsoleBand(props: { who: ReactNode; actions: ReactNode; extra?: ReactNode; nav?: ReactNode }) {
  return (
    <div className={`${styles.band} console-band`}>
      <div className={styles.bar}>
        <Link className={`brand ${styles.brandOnPhone}`} href="/">
          Provider Registry
        </Link>
        <p className={styles.who}>{props.who}</p>
        <div className={styles.actions}>{props.actions}</div>
        {props.extra ? <div className={styles.extra}>{props.extra}</div> : null}
      </div>
      {props.nav}
    </div>
  );
}
