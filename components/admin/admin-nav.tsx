import { ConsoleNav } from "@/components/ui/console-nav";

/** The console's sections, with what waits for a decision counted next to its section. */
export function AdminNav(props: { applicationsInReview: number; changeRequestsPending: number }) {
  return (
    <ConsoleNav
      label="Admin"
      links={[
        { href: "/admin/applications", label: "Applications", count: props.applicationsInReview, countLabel: "in review" },
        { href: "/admin/providers", label: "Providers" },
        { href: "/admin/change-requests", label: "Change requests", count: props.changeRequestsPending, countLabel: "waiting" },
        { href: "/admin/inquiries", label: "Spam inquiries" },
        { href: "/admin/reports", label: "Reports" },
        { href: "/admin/audit", label: "Audit" },
      ]}
    />
  );
}
