import { redirect } from "next/navigation";
import { requireAdminPage } from "@/lib/auth/admin-context";

// The review queue is what admins come for first.
export default async function AdminHomePage() {
  await requireAdminPage();
  redirect("/admin/applications");
}
