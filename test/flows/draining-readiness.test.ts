import { afterEach, describe, expect, it } from "vitest";
import { GET as ready } from "@/app/api/ready/route";
import { problemOf } from "@/test/support/http";
import { isDraining, startDraining } from "@/lib/http/draining";
import { endDrainingOfTestProcess } from "@/test/support/draining";

afterEach(() => endDrainingOfTestProcess());

describe("readiness while shutting down", () => {
  it("answers 200 until the drain starts, then 503 at once", async () => {
    expect((await ready(new Request("http://localhost/api/ready"))).status).toBe(200);
    startDraining();
    expect(isDraining()).toBe(true);
    const response = await ready(new Request("http://localhost/api/ready"));
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("5");
    expect((await problemOf(response)).detail).toMatch(/shutting down/);
  });
});
