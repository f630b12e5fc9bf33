import Link from "next/link";
import { notFound } from "next/navigation";
import { EngagementToggle } from "@/components/studio/inquiries/engagement-toggle";
import { InquiryDetail } from "@/components/studio/inquiries/inquiry-detail";
import { StatusButtons } from "@/components/studio/inquiries/status-buttons";
import { PageHeader } from "@/components/ui/page-header";
import ui from "@/components/ui/ui.module.css";
import { databaseReady } from "@/db";
import { requireStudioPage } from "@/lib/members/studio-context";
import { AppError } from "@/lib/errors";
import { getInquiry } from "@/lib/inquiries/get-inquiry";

export const metadata = { title: "Inquiry" };

export default async function StudioInquiryPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const studio = await requireStudioPage(`/studio/inquiries/${encodeURIComponent(id)}`);
  const db = await databaseReady();
  let inquiry;
  try {
    inquiry = await getInquiry(db, { providerId: studio.provider.id, inquiryId: id });
  } catch (error) {
    // Another provider's inquiry is as absent as an unknown one.
    if (error instanceof AppError && error.code === "NOT_FOUND") notFound();
    throw error;
  }
  return (
    <>
      <p>
        <Link href="/studio/inquiries">← All inquiries</Link>
      </p>
      <PageHeader title={inquiry.erasedAt ? "Inquiry, erased at the sender's request" : `Inquiry from ${inquiry.name}`} />
      <div className={ui.stack}>
        <InquiryDetail inquiry={inquiry} canWrite={studio.canWrite} />
        {inquiry.erasedAt ? null : (
          <section aria-labelledby="engagement-heading" className={ui.stack}>
            <h2 id="engagement-heading">Review invitation</h2>
            <p className={ui.muted}>
              Every sender is asked once whether they worked with you and how it went. Marking that you worked together
              asks them sooner and labels their review &ldquo;confirmed by both&rdquo;.
            </p>
            <EngagementToggle inquiry={inquiry} canWrite={studio.canWrite} />
          </section>
        )}
        {studio.canWrite ? (
          <section aria-labelledby="status-heading" className={ui.stack}>
            <h2 id="status-heading">Status</h2>
            <StatusButtons inquiryId={inquiry.id} status={inquiry.status} />
          </section>
        ) : (
          <p className={ui.muted}>Owners and admins change an inquiry&apos;s status; your role reads it.</p>
        )}
      </div>
    </>
  );
}
