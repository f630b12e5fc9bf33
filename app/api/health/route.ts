import { requestIdFor } from "@/lib/http/request";
import { json, methodsNotAllowed } from "@/lib/route-wrappers/api-route";

// Liveness only: answers while the process is up and never touches the database, so a database
// outage does not make a load balancer restart healthy app instances (that is /api/ready's job).
export function GET(request: Request): Response {
  return json({ status: "ok" }, { headers: { "Cache-Control": "no-store", "X-Request-Id": requestIdFor(request) } });
}

export const { POST, PUT, PATCH, DELETE } = methodsNotAllowed(["GET"]);
