// The team endpoints' share of the OpenAPI document (lib/openapi/document.ts assembles the whole),
// described with the schemas the handlers validate with.
import { z } from "zod";
import { INVITATION_LIMITS_RULE } from "@/lib/openapi/guide";
import { JSON_BODY_ERRORS, jsonBody, ok, operation, PRIVATE_NO_STORE_HEADERS, type ApiPaths } from "@/lib/openapi/responses";
import { inviteMemberSchema, memberSchema } from "@/lib/members/schemas";

const memberIdParams = z.object({
  id: z.string().meta({ description: "Member id, as returned by GET /provider/studio/members" }),
});

const ROLE_RULES =
  "An OWNER key may do everything; an ADMIN key may do everything except invite or remove an OWNER (403 `FORBIDDEN`).";

/** The key's own team: list, invite, remove. */
export function memberPaths() {
  return {
  "/provider/studio/members": {
    get: operation({
      operationId: "listMembers",
      tag: "studio",
      apiKey: true,
      summary: "List team members",
      description:
        "Lists the active members of the key's provider organisation, pending and accepted, oldest first. Removed members are never returned.",
      responses: { "200": ok("Active members", z.array(memberSchema), PRIVATE_NO_STORE_HEADERS) },
      errors: [],
    }),
    post: operation({
      operationId: "inviteMember",
      tag: "studio",
      apiKey: true,
      summary: "Invite a member",
      description: [
        "Invites an existing platform user to the team by email; the member starts as `PENDING` and an invitation email is queued.",
        "",
        `- ${ROLE_RULES}`,
        "- An email with no platform account is 422 `USER_NOT_FOUND`; an active member is 409 `ALREADY_MEMBER`. Accounts belong to everyone who has signed in, approved applicants and people the operator created, and to addresses a studio has invited while that invitation is open: the studio may invite someone who never signed in, making an account that is removed again if the invitation is withdrawn or expires before their first sign-in.",
        "- A previously removed member may be invited again.",
        `- ${INVITATION_LIMITS_RULE} Beyond either limit: 429 \`RATE_LIMITED\` with \`Retry-After\`, and no email.`,
      ].join("\n"),
      requestBody: jsonBody(inviteMemberSchema, { email: "grace@example.com", role: "ADMIN" }),
      responses: { "201": ok("The new member", memberSchema, PRIVATE_NO_STORE_HEADERS) },
      errors: [...JSON_BODY_ERRORS, "FORBIDDEN", "ALREADY_MEMBER", "USER_NOT_FOUND", "RATE_LIMITED"],
    }),
  },
  "/provider/studio/members/{id}": {
    delete: operation({
      operationId: "removeMember",
      tag: "studio",
      apiKey: true,
      summary: "Remove a member",
      description: [
        "Removes a member (soft delete: `revokedAt` is set and the member is never returned again). Keys the member created stop working.",
        "",
        `- ${ROLE_RULES}`,
        "- An unknown id, another provider's member or an already removed member is 404.",
        "- Removing the last active OWNER is 409 `LAST_OWNER`.",
      ].join("\n"),
      requestParams: { path: memberIdParams },
      responses: { "204": ok("Removed; no body", undefined, PRIVATE_NO_STORE_HEADERS) },
      errors: ["FORBIDDEN", "NOT_FOUND", "LAST_OWNER"],
    }),
  },
  } satisfies ApiPaths;
}
