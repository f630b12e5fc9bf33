import { ConsoleNav } from "@/components/ui/console-nav";

const LINKS = [
  { href: "/admin/applications", label: "Applications" },
  { href: "/admin/providers", label: "Providers" },
  { href: "/admin/change-requests", label: "Change requests" },
  { href: "/admin/audit", label: "Audit" },
];

export function AdminNav() {
  return <ConsoleNav label="Admin" links={LINKS} />;
}
