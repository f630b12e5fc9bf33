import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { databaseReady } from "@/db";
import { ReviewReportForm } from "@/components/reviews/review-report-form";
import styles from "@/components/reviews/reviews.module.css";
import { env } from "@/lib/config/env";
import { defangWebAddresses } from "@/lib/email/user-text";
import { findPublicReview } from "@/lib/reviews/find-public-review";

// Read on each request, never kept: a review's state (published, its labels) changes without a deploy.
export const dynamic = "force-dynamic";

interface Props {
  params: Promise<{ slug: string; id: string }>;
}

export const metadata: Metadata = { title: "Report a review", robots: { index: false, follow: false } };

/** A visitor's report of one published review: the form, which works without JavaScript. */
export default async function ReportReviewPage({ params }: Props) {
  const { slug, id } = await params;
  const review = await findPublicReview(await databaseReady(), { slug, reviewId: id });
  if (!review) notFound();
  const profileHref = `/providers/${encodeURIComponent(review.providerSlug)}`;
  return (
    <article className={styles.section}>
      <p>
        <Link href={profileHref}>Back to {review.providerName}</Link>
      </p>
      <h1>Report a review</h1>
      <p>
        You are reporting the review “{defangWebAddresses(review.title)}” of {review.providerName}. Reports are read by Provider
        Registry, never by the provider; a report does not hide the review.
      </p>
      <ReviewReportForm reviewId={review.id} profileHref={profileHref} siteKey={env().NEXT_PUBLIC_TURNSTILE_SITE_KEY ?? null} />
    </article>
  );
}
