import { describe, expect, it } from "vitest";
import { NOT_IN_SCORE, RANK_WEIGHTS, RANKING_FORMULA_VERSION } from "@/lib/ranking/ranking-formula";
import { call } from "@/test/support/http";
import { GET, POST } from "./route";

describe("GET /api/public/studio/ranking", () => {
  it("answers the methodology as data from the formula's constants, cacheable with an ETag", async () => {
    const response = await call(GET, "/api/public/studio/ranking");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toContain("public");
    const body = await response.json();
    expect(Object.keys(body)).toEqual(["formulaVersion", "effectiveFrom", "weights", "components", "tieBreak", "notInScore", "changelog"]);
    expect(body.formulaVersion).toBe(RANKING_FORMULA_VERSION);
    expect(body.weights).toEqual(RANK_WEIGHTS);
    expect(body.notInScore).toEqual([...NOT_IN_SCORE]);
    expect(body.components.map((c: { key: string }) => c.key)).toEqual(["reviews", "responsiveness", "completeness", "freshness"]);
    expect(body.components[0]).toMatchObject({ label: "Verified reviews", neutralValue: 0.625 });
    expect(body.components[1]).toMatchObject({ neutralValue: 0.5 });
    expect(body.tieBreak).toEqual(["score desc", "rotationKey asc", "slug asc"]);
    expect(body.changelog[0]).toMatchObject({ version: RANKING_FORMULA_VERSION });
  });

  it("answers 304 to its own ETag", async () => {
    const etag = (await call(GET, "/api/public/studio/ranking")).headers.get("etag")!;
    const again = await call(GET, "/api/public/studio/ranking", { headers: { "If-None-Match": etag } });
    expect(again.status).toBe(304);
  });

  it("refuses other methods with 405", async () => {
    expect((await call(POST, "/api/public/studio/ranking", { method: "POST" })).status).toBe(405);
  });
});
