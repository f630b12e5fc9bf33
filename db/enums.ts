// Value sets shared by the database schema, the zod input schemas and the OpenAPI document.
// Plain constants (no drizzle import) so client components can use them too.

export const SPECIALTIES = [
  "DEVELOPMENT",
  "DESIGN",
  "MARKETING",
  "CONSULTING",
  "DATA",
  "DEVOPS",
  "OTHER",
] as const;
export type Specialty = (typeof SPECIALTIES)[number];

export const MEMBER_ROLES = ["OWNER", "ADMIN", "MEMBER"] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const INVITE_STATUSES = ["PENDING", "ACCEPTED"] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

export const APPROVAL_STATUSES = ["PENDING", "APPROVED", "SUSPENDED"] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const APPLICATION_STAGES = ["AWAITING_VERIFICATION", "IN_REVIEW", "APPROVED", "REJECTED"] as const;
export type ApplicationStage = (typeof APPLICATION_STAGES)[number];

export const ACTOR_TYPES = ["API_KEY", "USER", "ADMIN", "CLI", "SYSTEM"] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

export const EMAIL_KINDS = ["VERIFICATION", "APPROVAL", "REJECTION", "INVITATION", "SIGN_IN"] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** What a provider may ask an admin to change: these change its public identity, so they wait for review. */
export const CHANGE_REQUEST_FIELDS = ["NAME", "SLUG"] as const;
export type ChangeRequestField = (typeof CHANGE_REQUEST_FIELDS)[number];

export const CHANGE_REQUEST_STATUSES = ["PENDING", "APPROVED", "DECLINED", "WITHDRAWN"] as const;
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number];

/** Team size bands a provider may state on its listing (extensions §1). */
export const TEAM_SIZES = ["1", "2-9", "10-49", "50-249", "250+"] as const;
export type TeamSize = (typeof TEAM_SIZES)[number];

/** Hourly rate bands, in US dollars (extensions §1). */
export const HOURLY_RATES = ["<25", "25-49", "50-99", "100-149", "150-199", "200+"] as const;
export type HourlyRate = (typeof HOURLY_RATES)[number];
