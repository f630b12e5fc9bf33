// Part of the family "database faults": while the database is down, a page render and a server action
// fail, and every log line each of them writes carries the id the client sent in X-Request-Id (the
// server hook puts each request in its context, lib/http/server-hooks.ts; pages and actions log
// through lib/config/log.ts like the routes). Read from the production server's own output.
import fs from "node:fs";
import path from "node:path";
import { interestBody, request, ROOT, secondsUntil, type RunningServer } from "./production-harness";
import type { Check } from "./report";

interface LogLine {
  event?: string;
  requestId?: string;
  [field: string]: unknown;
}

/** The id Next.js gave a server action in this build (the browser finds it in the page's JavaScript). */
function actionId(file: string, exportedName: string): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, ".next", "server", "server-reference-manifest.json"), "utf8")) as {
    node: Record<string, { filename: string; exportedName: string }>;
  };
  const found = Object.entries(manifest.node).find(([, a]) => a.filename === file && a.exportedName === exportedName);
  if (!found) throw new Error(`no server action ${exportedName} of ${file} in the build`);
  return found[0];
}

function logLines(output: string): LogLine[] {
  return output
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .flatMap((l) => {
      try {
        return [JSON.parse(l) as LogLine];
      } catch {
        return [];
      }
    });
}

async function linesOf(server: RunningServer, requestId: string, event: string): Promise<LogLine[]> {
  const of = () => logLines(server.output()).filter((l) => l.requestId === requestId);
  // A line may be written just after the answer went out.
  await secondsUntil(async () => of().some((l) => l.event === event), 5_000, `${event} logged`).catch(() => 0);
  return of();
}

export async function checkRequestIdsWhileDown(server: RunningServer, check: Check): Promise<{ pageLines: number; actionLines: number }> {
  const pageId = `reliability-page-${process.pid}`;
  const actionRequestId = `reliability-action-${process.pid}`;
  // The page reads the database for a well-formed verification token, so its render fails.
  const page = await request(`${server.url}/verify?token=${"A".repeat(43)}`, { headers: { "x-request-id": pageId } });
  const pageLines = await linesOf(server, pageId, "request.error");
  check(
    "while down: a page render's log lines carry the caller's X-Request-Id (request.error among them)",
    pageLines.some((l) => l.event === "request.error" && l.routeType === "render"),
    `${page.status}: ${JSON.stringify(pageLines.map((l) => l.event))}`,
  );

  // The apply form's action, posted as the browser posts it (same origin, its arguments as JSON).
  const action = await request(`${server.url}/apply`, {
    method: "POST",
    headers: {
      "next-action": actionId("lib/actions/apply/submit-application.ts", "submitApplication"),
      "content-type": "text/plain;charset=UTF-8",
      accept: "text/x-component",
      origin: server.url,
      "x-request-id": actionRequestId,
    },
    body: JSON.stringify([interestBody("request-id@reliability.example")]),
  });
  const actionLines = await linesOf(server, actionRequestId, "action.failed");
  const answered = typeof action.body === "string" && action.body.includes(`"requestId":"${actionRequestId}"`);
  check(
    "while down: a server action's log lines carry the caller's X-Request-Id (action.failed among them), and so does its answer",
    actionLines.some((l) => l.event === "action.failed" && l.action === "apply.submit") && answered,
    `${action.status} answer names it: ${answered}; lines: ${JSON.stringify(actionLines.map((l) => l.event))}`,
  );
  return { pageLines: pageLines.length, actionLines: actionLines.length };
}
