import type { Metadata } from "next";
import type { ReactNode } from "react";
import { ConsoleBand } from "@/components/ui/console-band";
import { AdminNav } from "@/components/admin/admin-nav";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { databaseReady } from "@/db";
import { countWaitingDecisions } from "@/lib/applications/count-waiting-decisions";
import { requireAdminPage } from "@/lib/auth/admin-context";

export const metadata: Metadata = {
  title: { default: "Admin", template: "%s · Admin · Provider Registry" },
  robots: { index: false, follow: false },
};

// The console does not exist for anyone but platform admins: the frame itself answers 404 to
// everyone else, and every page and action checks again (requireAdminPage, auth "admin").
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const admin = await requireAdminPage();
  const waiting = await countWaitingDecisions(await databaseReady());
  return (
    <>
      <ConsoleBand
        who={
          <>
            Admin console · signed in as <strong>{admin.email}</strong>
          </>
        }
        actions={<SignOutButton />}
        nav={<AdminNav {...waiting} />}
      />
      {children}
    </>
  );
}
