import { selectProviderForm } from "@/lib/actions/studio/select-provider";
import styles from "@/components/ui/ui.module.css";
import type { Membership } from "@/lib/members/list-memberships-for-user";

/** Switches the provider the studio acts on. A plain form, so it works without JavaScript. */
export function ProviderSwitcher({ memberships, currentId }: { memberships: Membership[]; currentId?: string }) {
  return (
    <form action={selectProviderForm} className={styles.row}>
      <label htmlFor="studio-provider" className={styles.label}>
        Provider
      </label>
      <select id="studio-provider" name="providerId" defaultValue={currentId} className={styles.select} style={{ width: "auto" }}>
        {memberships.map((m) => (
          <option key={m.provider.id} value={m.provider.id}>
            {m.provider.name} ({m.role.toLowerCase()})
          </option>
        ))}
      </select>
      <button type="submit" className={styles.buttonSecondary}>
        Switch
      </button>
    </form>
  );
}
