import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { PgDialect } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { HowRankingWorks } from "@/components/ranking/how-ranking-works";
import { rankedProvidersSql } from "@/lib/ranking/rank-score-sql";
import { RANK_COMPONENT_KEYS, RANK_WEIGHTS, RESPONSE_SPEED_ZERO_HOURS, REVIEW_PRIOR_MEAN } from "@/lib/ranking/ranking-formula";
import { rankingMethodology } from "@/lib/ranking/ranking-methodology";

// Extensions §5: the methodology endpoint, the page and the SQL use the same constants.
describe("the ranking's constants have one source", () => {
  const methodology = rankingMethodology();
  const query = new PgDialect().sqlToQuery(rankedProvidersSql({ where: sql`true`, now: new Date(), monday: "2026-11-23" }));

  it("the methodology endpoint's weights are the formula's", () => {
    expect(methodology.weights).toEqual(RANK_WEIGHTS);
    expect(methodology.components.map((c) => c.key)).toEqual([...RANK_COMPONENT_KEYS]);
  });

  it("the SQL binds every weight and constant as a parameter and writes none of them", () => {
    for (const weight of Object.values(RANK_WEIGHTS)) expect(query.params).toContain(weight);
    expect(query.params).toContain(RESPONSE_SPEED_ZERO_HOURS);
    expect(query.params).toContain(REVIEW_PRIOR_MEAN);
    // No decimal number in the statement's text: the only literals are 0, 1, 4 (the /4 of R's 1–5 scale) and the bit shifts.
    expect(query.sql.match(/\b\d+\.\d+\b/g)).toBeNull();
    expect(query.sql).not.toContain("168");
  });

  it("/how-ranking-works shows the same weights, as percentages, and every component's definition", () => {
    const html = renderToStaticMarkup(createElement(HowRankingWorks));
    for (const c of methodology.components) {
      expect(html).toContain(`${Math.round(RANK_WEIGHTS[c.key] * 100)}%`);
      expect(html).toContain(c.label);
    }
    expect(html).toContain(`Formula ${methodology.formulaVersion}`);
  });
});
