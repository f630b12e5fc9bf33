import { problemResponse } from "@/lib/http/problem";
import { requestIdFor } from "@/lib/http/request";
import { AppError } from "@/lib/errors";

// Unknown API paths answer in the API's own error format rather than with an HTML page.
function notFound(request: Request): Response {
  const requestId = requestIdFor(request);
  return problemResponse(new AppError("NOT_FOUND", "No API endpoint at this path. See /docs/api."), requestId);
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
