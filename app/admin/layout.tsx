import type { Metadata } from "next";
import type { ReactNode } from "react";
import { AdminNav } from "@/components/admin/admin-nav";
import styles from "@/components/admin/admin.module.css";
import { SignOutButton } from "@/components/auth/sign-out-button";
import { requireAdminPage } from "@/lib/auth/admin-context";

export const metadata: Metadata = {
  title: { default: "Admin", template: "%s · Admin · Provider Registry" },
  robots: { index: false, follow: false },
};

// The console does not exist for anyone but platform admins: the frame itself answers 404 to
// everyone else, and every page and action checks again (requireAdminPage, auth "admin").
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const admin = await requireAdminPage();
  return (
    <>
      <div className={styles.bar}>
        <p className={styles.who}>
          Admin console · signed in as <strong>{admin.email}</strong>
        </p>
        <SignOutButton />
      </div>
      <AdminNav />
      {children}
    </>
  );
}
