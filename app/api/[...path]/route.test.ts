import { describe, expect, it } from "vitest";
import { call, problemOf } from "@/test/support/http";
import { DELETE, GET, POST } from "./route";

describe("unknown API paths", () => {
  it.each([
    ["GET", GET],
    ["POST", POST],
    ["DELETE", DELETE],
  ])("answer %s with 404 problem+json and a request id", async (method, handler) => {
    const response = await call(handler, "/api/nope", { method, headers: { "x-request-id": "req-1" } });
    expect(response.status).toBe(404);
    const problem = await problemOf(response);
    expect(problem).toMatchObject({ code: "NOT_FOUND", status: 404, requestId: "req-1" });
    expect(response.headers.get("x-request-id")).toBe("req-1");
  });
});
