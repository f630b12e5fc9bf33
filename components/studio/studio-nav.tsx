import { ConsoleNav } from "@/components/ui/console-nav";

/** The studio's sections; `newInquiries` is shown beside Inquiries while any wait for an answer. */
export function StudioNav({ newInquiries = 0 }: { newInquiries?: number }) {
  const links = [
    { href: "/studio", label: "Overview" },
    { href: "/studio/inquiries", label: "Inquiries", count: newInquiries, countLabel: "new" },
    { href: "/studio/listing", label: "Listing" },
    { href: "/studio/team", label: "Team" },
    { href: "/studio/api-keys", label: "API keys" },
    { href: "/studio/activity", label: "Activity" },
    { href: "/studio/invitations", label: "Invitations" },
  ];
  return <ConsoleNav label="Studio" links={links} />;
}
