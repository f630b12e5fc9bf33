import type { IncomingMessage, ServerResponse } from "node:http";
import { metrics } from "./registry";
import { routeLabel } from "./route-label";

/** Counts one answered request by route pattern, method and status, and observes its duration. */
export function recordHttpRequest(req: IncomingMessage, res: ServerResponse, seconds: number): void {
  const { httpRequests, httpDuration } = metrics();
  const route = routeLabel(req.url);
  const method = req.method ?? "GET";
  // An answer cut short (the client went away first) is counted as status 0.
  httpRequests.inc({ method, route, status: res.writableFinished ? String(res.statusCode) : "0" });
  httpDuration.observe({ method, route }, seconds);
}
