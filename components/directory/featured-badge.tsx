import styles from "./directory.module.css";

export function FeaturedBadge() {
  return (
    <span className={styles.featured} data-testid="featured-badge">
      <span aria-hidden="true">★ </span>Featured
    </span>
  );
}
