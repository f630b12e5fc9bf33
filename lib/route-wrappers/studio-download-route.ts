import "server-only";
import { databaseReady } from "@/db";
import type { Db } from "@/db/client";
import { AppError } from "@/lib/errors";
import { problemResponse, toAppError } from "@/lib/http/problem";
import { requestIdFor } from "@/lib/http/request";
import { canWrite } from "@/lib/members/roles";
import { resolveStudio, signInPath, type StudioContext } from "@/lib/members/studio-context";

/**
 * A studio file download (an export's zip, the inquiries CSV): authorized by the signed-in studio
 * session, not by anything in the address, so a shared or leaked link is worth nothing alone. OWNER
 * and ADMIN only; someone signed out goes to sign-in and comes back to `returnTo`.
 */
export function studioDownloadRoute(
  returnTo: (request: Request) => string,
  handler: (ctx: { db: Db; studio: StudioContext; request: Request; params: Record<string, string> }) => Promise<Response>,
) {
  return async (request: Request, context: { params: Promise<Record<string, string>> }): Promise<Response> => {
    const requestId = requestIdFor(request);
    try {
      const state = await resolveStudio();
      if (state.kind === "anonymous") {
        return new Response(null, { status: 303, headers: { Location: signInPath(returnTo(request)), "Cache-Control": "no-store" } });
      }
      if (state.kind !== "ready") throw new AppError("FORBIDDEN", "Choose a provider in the studio first.");
      if (!canWrite(state.studio.member.role)) throw new AppError("FORBIDDEN", "Only owners and admins can download the provider's data.");
      return await handler({ db: await databaseReady(), studio: state.studio, request, params: await context.params });
    } catch (error) {
      return problemResponse(toAppError(error, requestId), requestId);
    }
  };
}
