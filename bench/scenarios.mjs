// What the benchmark requests. List variants are one group so the size runs can repeat them.

export const SPECIALTIES = ["development", "design", "marketing", "consulting", "data", "devops", "other"];

export function listScenarios(base) {
  const list = `${base}/api/public/studio/providers`;
  const row = (label, query, extra = {}) => ({
    name: `list ${label}`,
    group: "list",
    url: query ? `${list}?${query}` : list,
    ...extra,
  });
  const conditional = { name: "list, conditional request answered 304", group: "list304", url: list, expectStatus: 304, headers: {} };
  conditional.prepare = async () => {
    const res = await fetch(list);
    conditional.headers["if-none-match"] = res.headers.get("etag") ?? "";
  };
  return [
    row("no filter", ""),
    ...SPECIALTIES.map((s) => row(`specialty=${s}`, `specialty=${s}`)),
    row("featured=true", "featured=true"),
    row("specialty=design&featured=true", "specialty=design&featured=true"),
    row("limit=100", "limit=100"),
    { ...row("q=cloud (search)", "q=cloud"), group: "list-slow" },
    { ...row("page=500 (deep page)", "page=500"), group: "list-slow" },
    conditional,
  ];
}

export function pageScenarios(base, slug) {
  return [
    { name: "page / (static)", group: "static", url: `${base}/` },
    { name: "page /providers (directory)", group: "page", url: `${base}/providers` },
    { name: "page /providers/:slug (profile)", group: "page", url: `${base}/providers/${slug}` },
  ];
}

let sequence = 0;
export function interestScenario(base) {
  const request = () => ({
    method: "POST",
    path: "/api/public/studio/providers/interest",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      fullName: "Bench Applicant",
      email: `bench-apply-${process.pid}-${++sequence}@example.com`,
      description: "We build benchmark harnesses for directories.",
      specialties: ["DEVELOPMENT"],
      portfolioLinks: ["https://example.com/work"],
    }),
  });
  return {
    name: "POST interest (distinct emails)",
    group: "interest",
    url: base,
    method: "POST",
    expectStatus: 201,
    // Every submission is counted against the outbox afterwards, the warm-up's too: a fixed number
    // of them (a deadline would drop answers in flight), warming the route like every other row.
    warmupAmount: 300,
    amount: (seconds) => seconds * 300,
    requests: [{ setupRequest: (req) => ({ ...req, ...request() }) }],
  };
}
