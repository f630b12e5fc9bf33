import { ConsoleNav } from "@/components/ui/console-nav";

/**
 * The studio's sections; `newInquiries` and `openReports` are shown beside theirs while any wait for an
 * answer. Invitations (to join other teams) is listed only while some are pending, or on its page: nine
 * sections would take a third line on a phone, and the overview links pending invitations too.
 */
export function StudioNav({
  newInquiries = 0,
  openReports = 0,
  pendingInvitations = 0,
}: {
  newInquiries?: number;
  openReports?: number;
  pendingInvitations?: number;
}) {
  const links = [
    { href: "/studio", label: "Overview" },
    { href: "/studio/inquiries", label: "Inquiries", count: newInquiries, countLabel: "new" },
    { href: "/studio/listing", label: "Listing" },
    // Shown while reports are open (or on its page); the overview links to it always.
    { href: "/studio/reports", label: "Reports", count: openReports, countLabel: "open", onlyWhenCountedOrCurrent: true },
    { href: "/studio/reviews", label: "Reviews" },
    { href: "/studio/analytics", label: "Analytics" },
    { href: "/studio/team", label: "Team" },
    { href: "/studio/api-keys", label: "API keys" },
    // Named on its own page; the overview links to it (a ninth section pushes a phone's title down).
    { href: "/studio/webhooks", label: "Webhooks", onlyWhenCountedOrCurrent: true },
    { href: "/studio/activity", label: "Activity" },
    // Linked from the overview's "Your data"; named here while one is on it.
    { href: "/studio/export", label: "Export", onlyWhenCountedOrCurrent: true },
    { href: "/studio/invitations", label: "Invitations", count: pendingInvitations, countLabel: "pending", onlyWhenCountedOrCurrent: true },
  ];
  return <ConsoleNav label="Studio" links={links} />;
}
