// The prose of the API reference: error catalogue, authentication, limits. Both the OpenAPI
// document's info.description (Markdown) and the /docs/api page are rendered from these values.
import { SPECIALTIES } from "@/db/enums";
import { API_KEY_PREFIX } from "@/lib/api-keys/key-format";
import { SUBMISSIONS_PER_EMAIL } from "@/lib/applications/submit-interest-application";
import { VERIFICATION_TTL_HOURS } from "@/lib/tokens/verification-token";
import {
  INVITATION_EMAILS_PER_INVITEE,
  INVITATION_EMAILS_PER_PROVIDER,
  INVITATION_LIMIT_WINDOW_HOURS,
} from "@/lib/members/invitation-limits";
import { INVITATION_TTL_DAYS } from "@/lib/members/schemas";
import { loadEnv } from "@/lib/config/env";
import { ERROR_STATUS, ERROR_TITLES, type ErrorCode } from "@/lib/errors";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "@/lib/validation/page-query";
import { problemType } from "@/lib/http/problem";
import { MAX_BODY_BYTES } from "@/lib/http/request";
import { PUBLIC_READ_CACHE_CONTROL } from "@/lib/route-wrappers/api-route";

export const BODY_LIMIT_KB = MAX_BODY_BYTES / 1024;

/** When each code is returned: the "meaning" column of the error table. */
export const ERROR_MEANINGS: Record<ErrorCode, string> = {
  INVALID_JSON: "The request body is empty or is not valid JSON.",
  VALIDATION_FAILED:
    "The body or query failed validation, or a PATCH body named a field that may not be changed. `errors` lists each bad field.",
  CAPTCHA_FAILED: "The CAPTCHA token is missing or was rejected (only when CAPTCHA is configured).",
  TOKEN_INVALID: "The verification token is missing, malformed or unknown.",
  UNAUTHENTICATED:
    "The API key is missing, malformed, unknown, revoked or expired. Sent with a `WWW-Authenticate: Bearer` header.",
  FORBIDDEN: "The key is valid but its role may not do this, e.g. an ADMIN key inviting or removing an OWNER.",
  PROVIDER_SUSPENDED:
    "The registry has suspended the key's provider: every request with its keys is refused, reads included, until the registry reinstates it. The keys themselves are not revoked.",
  NOT_FOUND: "No such resource, or it belongs to another provider.",
  METHOD_NOT_ALLOWED: "The path does not support this method; the `Allow` header lists the methods it does.",
  ALREADY_MEMBER: "The invited user is already an active member of the team.",
  NOT_ACCEPTING_CLIENTS: "The provider is not taking new clients just now, so it takes no inquiries.",
  REVIEW_CONFLICT:
    "The review's sender is in conflict with the provider (a current or former member or invitee, or the same registrable domain as its website or a member).",
  DISPUTES_SUSPENDED: "Three of the provider's disputes were rejected in 90 days, so it may not open disputes for 90 days.",
  REVIEW_ALREADY_SUBMITTED: "The invitation was already used for a review: one review per invitation.",
  INVITATION_ALREADY_SENT: "The review invitation for this inquiry was already sent, so the engagement mark stays.",
  INQUIRY_NOT_ELIGIBLE: "The inquiry is marked `SPAM`, so it cannot be marked as an engagement.",
  REPLY_EXISTS: "The review already has the provider's reply; edit it instead (within its first hour).",
  REPLY_LOCKED: "The reply is more than an hour old and can no longer be edited.",
  DISPUTE_OPEN: "The review already has an open dispute.",
  WEBHOOK_LIMIT_REACHED: "The provider already has 5 webhook endpoints; delete one first.",
  WEBHOOK_DISABLED: "The webhook endpoint is disabled; enable it (PATCH `enabled: true`) before replaying.",
  WEBHOOK_URL_NOT_PUBLIC:
    "The webhook URL's host resolves (now) to an address that is not public: loopback, private, link-local, CGNAT, unique-local, multicast or reserved.",
  LAST_OWNER: "The change would leave the organisation without an active OWNER.",
  CONFLICT: "The request conflicts with the current state of the resource.",
  TOKEN_EXPIRED:
    `The link's token has expired: an application's verification token after ${VERIFICATION_TTL_HOURS} hours (submit the application again), ` +
    "or a review invitation, a review's private edit link or a privacy request's link past its validity (the answer's detail says which).",
  EXPORT_EXPIRED: "The export's file was deleted 7 days after it was made; start a new export.",
  INVITATION_EXPIRED: `The team invitation is past its ${INVITATION_TTL_DAYS} days; the team can resend it (studio only).`,
  PAYLOAD_TOO_LARGE: `The request body is larger than ${BODY_LIMIT_KB} KB.`,
  EXPORT_TOO_LARGE: "The provider's data is larger than one export may hold.",
  UNSUPPORTED_MEDIA_TYPE: "The endpoint takes a JSON body but the request's `Content-Type` is not `application/json`.",
  USER_NOT_FOUND: "The invited email address has no account on the platform.",
  RATE_LIMITED: "Too many requests; the `Retry-After` header says how many seconds to wait.",
  INTERNAL_ERROR: "An unexpected failure on our side; quote the `requestId` when you report it.",
  SERVICE_UNAVAILABLE: "The database cannot be reached; retry after the `Retry-After` seconds.",
};

/** The invitation email limits, in the words of the reference (the limits section and the invite operation). */
export const INVITATION_LIMITS_RULE =
  `Invitation emails (new invitations and resends): at most ${INVITATION_EMAILS_PER_PROVIDER} per provider and ` +
  `${INVITATION_EMAILS_PER_INVITEE} per invited mailbox (all providers together; \`+tags\` count as their address) per ` +
  `${INVITATION_LIMIT_WINDOW_HOURS} hours, exact under concurrency. An invitation refused because no account uses the ` +
  `address (422 \`USER_NOT_FOUND\`) counts against the provider's limit too; other refused invitations do not count.`;

export interface ErrorCatalogueEntry {
  code: ErrorCode;
  status: number;
  title: string;
  meaning: string;
  /** Fragment id on /docs/api; problem `type` URIs point here. */
  anchor: string;
}

export function errorAnchor(code: ErrorCode): string {
  return problemType(code).split("#")[1] ?? code.toLowerCase();
}

/** Every error code, by status then in declaration order. */
export function errorCatalogue(): ErrorCatalogueEntry[] {
  return (Object.keys(ERROR_STATUS) as ErrorCode[])
    .map((code) => ({
      code,
      status: ERROR_STATUS[code],
      title: ERROR_TITLES[code],
      meaning: ERROR_MEANINGS[code],
      anchor: errorAnchor(code),
    }))
    .sort((a, b) => a.status - b.status);
}

export const API_KEY_DESCRIPTION = [
  `A provider API key, sent as \`Authorization: Bearer <API_KEY>\`. Keys look like \`${API_KEY_PREFIX}\` followed by`,
  "32 random base62 characters and a 6-character base62 CRC32 checksum of them, so secret scanners can spot a",
  "leaked key and a mistyped key is refused without a database look-up. A key is shown once, when it is created,",
  "and stored only as a hash. It identifies one provider organisation and carries the role of the member who",
  "created it (OWNER or ADMIN; keys made with the operator CLI are OWNER keys). A revoked key, or a key whose",
  "creator has left the team, fails on its very next request.",
].join(" ");

export interface GuideSection {
  id: string;
  title: string;
  /** Markdown-lite: paragraphs, "- " bullet lists, `code`, **bold** and [links](url). */
  markdown: string;
}

export function guideSections(): GuideSection[] {
  // The default, not this process's value: the document and the page are the same for every deployment.
  const ipLimitDefault = loadEnv({}).INTEREST_IP_LIMIT;
  return [
    {
      id: "authentication",
      title: "Authentication",
      markdown: [
        "Endpoints under `/public/studio/` need no authentication. Endpoints under `/provider/studio/` need a provider API key.",
        "",
        API_KEY_DESCRIPTION,
        "",
        "- An OWNER key may do everything these endpoints offer.",
        "- An ADMIN key may do everything except invite or remove an OWNER (`403 FORBIDDEN`).",
        "- A missing or bad key is `401 UNAUTHENTICATED` with `WWW-Authenticate: Bearer`.",
        "- The keys of a provider the registry has suspended are refused on every request, reads included: `403 PROVIDER_SUSPENDED`, until it is reinstated.",
        "- Asking about another provider's resource is `404 NOT_FOUND`, never `403`: the caller does not learn that it exists.",
      ].join("\n"),
    },
    {
      id: "limits",
      title: "Limits",
      markdown: [
        `- Interest submissions: ${SUBMISSIONS_PER_EMAIL} per email address per 24 hours, exact under concurrency. Addresses count by mailbox: \`ada+news@example.com\` counts as \`ada@example.com\`, and Gmail addresses also without dots.`,
        `- Interest submissions per client IP address: \`INTEREST_IP_LIMIT\` per hour (default ${ipLimitDefault}; \`0\` turns it off).`,
        `- ${INVITATION_LIMITS_RULE}`,
        "- Exceeding any limit is `429 RATE_LIMITED` with a `Retry-After` header in seconds. Every 429 has the same `detail`, whichever limit refused: the answer never tells one caller what another did with an address.",
        `- Request bodies: at most ${BODY_LIMIT_KB} KB (\`413 PAYLOAD_TOO_LARGE\`).`,
        `- Provider list page size: default ${DEFAULT_PAGE_SIZE}; a \`limit\` above ${MAX_PAGE_SIZE} is clamped to ${MAX_PAGE_SIZE}.`,
        `- Verification tokens are valid for ${VERIFICATION_TTL_HOURS} hours.`,
      ].join("\n"),
    },
    {
      id: "webhooks",
      title: "Webhooks",
      markdown: [
        "Endpoints under `/provider/studio/webhooks` register URLs that receive signed messages (Standard Webhooks 1.0) when an inquiry arrives or changes, the listing changes or a review is published.",
        "",
        "- The events and their data, the retry schedule, ordering and a verification example: [the webhooks page](/docs/api/webhooks).",
      ].join("\n"),
    },
    {
      id: "conventions",
      title: "Conventions",
      markdown: [
        "- Bodies are JSON. Requests with a body must send `Content-Type: application/json`.",
        "- Every response carries an `X-Request-Id` header. A well-formed incoming `X-Request-Id` (1–128 of `A-Z a-z 0-9 . _ : -`) is echoed; otherwise one is generated. Error bodies repeat it as `requestId`.",
        "- Timestamps are ISO 8601 in UTC with millisecond precision, e.g. `2026-01-31T09:15:00.000Z`.",
        `- Specialty values: ${SPECIALTIES.map((s) => `\`${s}\``).join(", ")}.`,
        `- Public reads send \`Cache-Control: ${PUBLIC_READ_CACHE_CONTROL}\` and a strong \`ETag\`; send \`If-None-Match\` to get \`304 Not Modified\`. They allow cross-origin reads (\`Access-Control-Allow-Origin: *\`).`,
        "- API-key responses send `Cache-Control: private, no-store`.",
        "- An unsupported method on a known path is `405 METHOD_NOT_ALLOWED` with an `Allow` header.",
        "- Web addresses (website, logo, banner, portfolio links) are absolute `http:` or `https:` URLs of a public host: no user name or password, no `localhost`, private, link-local or single-label host (`400 VALIDATION_FAILED`).",
        "- Text never contains the NUL character (U+0000): a query, path or body that holds one is `400 VALIDATION_FAILED` naming the field.",
      ].join("\n"),
    },
  ];
}

export const ERRORS_INTRO =
  "Errors are RFC 9457 problem details with `Content-Type: application/problem+json`: " +
  "`type`, `title`, `status`, `detail`, `code`, `requestId`, and for validation failures `errors` " +
  '(`[{ "path": "specialties.0", "message": "..." }]`, one entry per bad field). `code` is stable; match on it, ' +
  "not on `title` or `detail`. `type` links to the code's entry below. A body never contains a stack trace or SQL.";

/** info.description of the OpenAPI document. */
export function infoDescription(): string {
  const rows = errorCatalogue().map((e) => `| \`${e.code}\` | ${e.status} | ${e.meaning} |`);
  return [
    "A public registry of service providers (agencies and studios): list and read published providers, apply to",
    "join, and manage a provider's team and listing with a provider API key. The base address is `<origin>/api`;",
    "every path below is relative to it. A human-readable reference is at [/docs/api](/docs/api).",
    "",
    ...guideSections().flatMap((s) => [`## ${s.title}`, "", s.markdown, ""]),
    "## Errors",
    "",
    ERRORS_INTRO,
    "",
    "| Code | Status | Meaning |",
    "|---|---|---|",
    ...rows,
  ].join("\n");
}
