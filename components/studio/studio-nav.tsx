import { ConsoleNav } from "@/components/ui/console-nav";

const LINKS = [
  { href: "/studio", label: "Overview" },
  { href: "/studio/listing", label: "Listing" },
  { href: "/studio/team", label: "Team" },
  { href: "/studio/api-keys", label: "API keys" },
  { href: "/studio/activity", label: "Activity" },
  { href: "/studio/invitations", label: "Invitations" },
];

export function StudioNav() {
  return <ConsoleNav label="Studio" links={LINKS} />;
}
