import { ProfileBody, type ProfileContent } from "@/components/profile/profile-body";
import profile from "@/components/profile/profile.module.css";
import styles from "./listing.module.css";

export type PreviewContent = ProfileContent;

/**
 * The public profile as it would look: the page's own body (ProfileBody). Headings start one level
 * below the studio's section heading; the page's only h1 stays the studio's.
 */
export function ListingPreview({ content }: { content: PreviewContent }) {
  return (
    <div className={`${profile.profile} ${styles.preview}`} data-testid="listing-preview">
      <ProfileBody content={content} nameLevel={3} nameClassName={styles.previewName} headingClassName={styles.previewHeading} />
    </div>
  );
}
