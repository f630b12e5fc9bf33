import type { ApplicationStage, MemberRole } from "@/db/enums";
import type { ExistingForEmail } from "./find-existing-for-emails";
import type { SameCompany } from "./find-same-company";

/** An application not yet decided: one the admin may still approve twice. */
export const PENDING_STAGES = ["AWAITING_VERIFICATION", "IN_REVIEW"] as const satisfies readonly ApplicationStage[];

/** Why an admin should look twice before approving: this application may duplicate something that exists. */
export type DuplicateWarning =
  | { kind: "belongs-to-provider"; provider: { name: string; slug: string }; role: MemberRole }
  | { kind: "pending-from-same-email"; applicationId: string; createdAt: Date }
  | { kind: "provider-with-company-name"; provider: { name: string; slug: string } }
  | { kind: "pending-with-company-name"; applicationId: string; email: string; createdAt: Date };

const isPending = (stage: ApplicationStage) => (PENDING_STAGES as readonly ApplicationStage[]).includes(stage);

/**
 * The warnings on an undecided application's card, strongest first: the address already belongs to a
 * provider, the address has another undecided application, a provider or another address's undecided
 * application carries the same company name. A decided application warns of nothing (an approved
 * one's own provider is not a duplicate).
 */
export function duplicateWarnings(a: {
  stage: ApplicationStage;
  existing: ExistingForEmail;
  sameCompany: SameCompany;
}): DuplicateWarning[] {
  if (!isPending(a.stage)) return [];
  const ownProviders = new Set(a.existing.providers.map((p) => p.id));
  return [
    ...a.existing.providers.map((p) => ({ kind: "belongs-to-provider" as const, provider: { name: p.name, slug: p.slug }, role: p.role })),
    ...a.existing.applications
      .filter((o) => isPending(o.stage))
      .map((o) => ({ kind: "pending-from-same-email" as const, applicationId: o.id, createdAt: o.createdAt })),
    ...a.sameCompany.providers
      .filter((p) => !ownProviders.has(p.id))
      .map((p) => ({ kind: "provider-with-company-name" as const, provider: { name: p.name, slug: p.slug } })),
    ...a.sameCompany.applications.map((o) => ({
      kind: "pending-with-company-name" as const,
      applicationId: o.id,
      email: o.email,
      createdAt: o.createdAt,
    })),
  ];
}
