import { ConsoleNav } from "@/components/ui/console-nav";

/** The console's sections, with what waits for a decision counted next to its section. */
export function AdminNav(props: { applicationsInReview: number; changeRequestsPending: number }) {
  return (
    <ConsoleNav
      label="Admin"
      links={[
        { href: "/admin/applications", label: "Applications", count: props.applicationsInReview, countLabel: "in review" },
        { href: "/admin/providers", label: "Providers" },
        // Short labels, in this order, keep the console's title within the first 200 px of a phone.
        { href: "/admin/reports", label: "Reports" },
        { href: "/admin/reviews", label: "Reviews" },
        { href: "/admin/change-requests", label: "Change requests", count: props.changeRequestsPending, countLabel: "waiting" },
        { href: "/admin/inquiries", label: "Spam" },
        // Named here only on its own page (the title would leave a phone's first 200 px); the providers
        // page links to it.
        { href: "/admin/analytics", label: "Analytics", onlyWhenCountedOrCurrent: true },
        { href: "/admin/audit", label: "Audit" },
      ]}
    />
  );
}
