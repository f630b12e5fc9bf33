import styles from "./ui.module.css";

/** A table cell's two lines: who or what (a person's name, a key's prefix), and its muted detail under it. */
export function LabelWithDetail({ label }: { label: { primary: string; secondary: string | null } }) {
  return (
    <>
      {label.primary}
      {label.secondary ? (
        <>
          <br />
          <span className={styles.muted}>{label.secondary}</span>
        </>
      ) : null}
    </>
  );
}
