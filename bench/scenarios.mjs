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

/** Issue 28: a profile with 50 reviews (its page and its reviews list) and a directory page whose cards all show a rating. */
export function reviewScenarios(base, reviewedSlug) {
  if (!reviewedSlug) return [];
  return [
    { name: "page /providers/:slug with 50 reviews (profile)", group: "reviews", url: `${base}/providers/${reviewedSlug}` },
    { name: "GET /api/public/studio/providers/:slug/reviews (50 reviews, page 1)", group: "reviews", url: `${base}/api/public/studio/providers/${reviewedSlug}/reviews` },
    { name: "page /providers/:slug/reviews?sort=lowest&page=3", group: "reviews", url: `${base}/providers/${reviewedSlug}/reviews?sort=lowest&page=3` },
    { name: "page /providers?sort=name (every card with a rating)", group: "reviews", url: `${base}/providers?sort=name` },
    // The same page and sort further on, where no card has a rating: the baseline of the row above.
    { name: "page /providers?sort=name&page=5 (no card with a rating)", group: "reviews", url: `${base}/providers?sort=name&page=5` },
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

/** Inquiries to one listed provider from distinct senders (each sender's 1-per-provider limit allows one). */
export function inquiryScenario(base, slug) {
  const request = () => ({
    method: "POST",
    path: `/api/public/studio/providers/${slug}/inquiries`,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name: "Bench Sender",
      email: `bench-inquiry-${process.pid}-${++sequence}@example.com`,
      budget: "5k-25k",
      timeline: "1-3-months",
      message: "We would like a quote for a benchmark harness, please.",
    }),
  });
  return {
    name: "POST inquiry (distinct senders)",
    group: "inquiry",
    url: base,
    method: "POST",
    expectStatus: 201,
    warmupAmount: 300,
    amount: (seconds) => seconds * 300,
    requests: [{ setupRequest: (req) => ({ ...req, ...request() }) }],
  };
}

// ---- The beacon (issue 29): what our own pages send, as a browser sends it (same-origin, a browser's
// user agent). The visitor key is a hash of the address's network, the browser's family and major
// version and the language, so a major version of its own per request makes every event a new
// visitor: each is counted, and each profile view writes its visitor key once, the most expensive path. One visitor sending again and again is
// the flood path (dropped in memory after 30 a minute). Every answer is a 204, counted or not.

const browser = (n) => `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${n}.0.0.0 Safari/537.36`;

function beaconRow(name, base, event, visitor, extra = {}) {
  const request = () => ({
    method: "POST",
    path: "/api/public/studio/events",
    headers: { "content-type": "application/json", "sec-fetch-site": "same-origin", "user-agent": visitor(), "accept-language": "en-GB,en;q=0.9" },
    body: JSON.stringify(event()),
  });
  return { name, group: "beacon", url: base, method: "POST", expectStatus: 204, requests: [{ setupRequest: (req) => ({ ...req, ...request() }) }], ...extra };
}

export function beaconScenarios(base, sample) {
  let visitor = 0;
  const newVisitor = () => browser(++visitor);
  return [
    // Profile views from new visitors: a fixed number of requests, so every event counted has its 204
    // in the figures (run.mjs checks the table against them).
    beaconRow("POST beacon profile_view, a new visitor every request", base, () => ({ type: "profile_view", slug: pick(sample.listedSlugs) }), newVisitor, {
      warmupAmount: 300,
      amount: (seconds) => seconds * 600,
    }),
    // The same, over 100 profiles: the listed-slug answers are known (until a listing changes), as for
    // the profiles most people open. The row above is the cold path: nearly every slug is new to it.
    beaconRow("POST beacon profile_view over 100 profiles, a new visitor every request", base, () => ({ type: "profile_view", slug: pick(sample.listedSlugs.slice(0, 100)) }), newVisitor, {
      warmupAmount: 300,
      amount: (seconds) => seconds * 1_500,
    }),
    beaconRow(
      "POST beacon search_impressions (20 slugs), a new visitor every request",
      base,
      () => {
        const start = Math.floor(Math.random() * Math.max(1, sample.listedSlugs.length - 20));
        return { type: "search_impressions", slugs: sample.listedSlugs.slice(start, start + 20), page: 1, sort: "recommended" };
      },
      newVisitor,
    ),
    beaconRow("POST beacon profile_view, one visitor over its limit (dropped)", base, () => ({ type: "profile_view", slug: sample.listedSlug }), () => browser(0)),
  ];
}

// ---- The long tail (issue 14 item 5, issue 15 item 5): requests that rarely repeat, so the cache
// keyed by the listing version seldom has them. Each request picks its own URL (autocannon's
// setupRequest); totals for random pages are read once before the row starts.

const TYPED_WORDS = [
  "cloud", "design", "data", "studio", "labs", "marketing", "analytics", "infrastructure", "revenue",
  "brand", "campaigns", "strategy", "mobile", "software", "consulting", "devops", "reliable", "growing",
  "attention", "engineering", "silver", "granite", "summit", "foundry", "creative", "partners",
];
const COUNTRIES = ["US", "DE", "GB", "FR", "NL", "ES", "IN", "CA", "AU", "PL", "BR", "SE", "IT", "JP", "CH", "AT"];
const LANGUAGES = ["en", "de", "fr", "nl", "es", "pl", "pt", "sv", "it", "ja"];
const PAGE_SIZE = 20;

const pick = (values) => values[Math.floor(Math.random() * values.length)];
const upTo = (n) => 1 + Math.floor(Math.random() * Math.max(1, n));

/** A row whose every request asks for a URL `next()` makes. */
function dynamicRow(name, base, next, extra = {}) {
  return {
    name,
    group: "tail",
    url: base,
    requests: [{ setupRequest: (request) => ({ ...request, path: next() }) }],
    ...extra,
  };
}

async function totalOf(listUrl, query) {
  const response = await fetch(`${listUrl}?${query}${query ? "&" : ""}limit=1`);
  if (!response.ok) throw new Error(`${query}: ${response.status}`);
  return (await response.json()).total;
}

/** A filter family: random values of one filter, each with a random page of its own results. */
function randomFilteredPages(name, base, queries, pathFor = (query, page) => `/api/public/studio/providers?${query}${query ? "&" : ""}page=${page}`) {
  const list = `${base}/api/public/studio/providers`;
  const pages = new Map();
  const row = dynamicRow(name, base, () => {
    const query = pick(queries);
    return pathFor(query, upTo(pages.get(query)));
  });
  row.prepare = async () => {
    for (const q of queries) pages.set(q, Math.ceil((await totalOf(list, q)) / PAGE_SIZE));
  };
  return row;
}

export function tailScenarios(base, sample) {
  const api = "/api/public/studio/providers";
  let term = 0;
  return [
    // A number in the catalogue ("… Studio 48213"): every request a term no earlier request used.
    dynamicRow("list long-tail q (a new term every request)", base, () => `${api}?q=${((++term * 7919) % sample.providers) + 1}`),
    dynamicRow("list typed words and prefixes (q)", base, () => {
      const word = pick(TYPED_WORDS);
      return `${api}?q=${word.slice(0, 2 + Math.floor(Math.random() * (word.length - 1)))}`;
    }),
    randomFilteredPages("list random page, no filter", base, [""]),
    randomFilteredPages("list random page, random specialty", base, SPECIALTIES.map((s) => `specialty=${s}`)),
    randomFilteredPages("list random page, sort=newest or sort=name", base, ["sort=newest", "sort=name"]),
    // Issue 27: the recommended order and its explanations, against "list random page, no filter" (the seed order).
    randomFilteredPages("list random page, sort=recommended", base, ["sort=recommended"]),
    randomFilteredPages("list random page, sort=recommended&explain=true", base, ["sort=recommended&explain=true"]),
    randomFilteredPages("list country filter, random country and page", base, COUNTRIES.map((c) => `country=${c}`)),
    randomFilteredPages("list language filter, random language and page", base, LANGUAGES.map((l) => `language=${l}`)),
    randomFilteredPages(
      "list combined filter (country, language, budget, teamSize, accepting), random page",
      base,
      COUNTRIES.slice(0, 8).map((c) => `country=${c}&language=en&budget=10000&teamSize=2-9&teamSize=10-49&acceptingClients=true`),
    ),
    dynamicRow("GET /api/public/studio/providers/:slug, random profile", base, () => `${api}/${pick(sample.listedSlugs)}`),
    { ...dynamicRow("page /providers/:slug, random profile (HTML)", base, () => `/providers/${pick(sample.listedSlugs)}`), group: "tail-page" },
    {
      ...randomFilteredPages("page /providers?page=N, random directory page (HTML)", base, [""], (_q, page) => `/providers?page=${page}`),
      group: "tail-page",
    },
  ];
}

// ---- The mixed row (issue 14 item 5): reads across the catalogue while listings change. Half the
// requests ask for a random page of the list (no filter or a random specialty), half for a random
// profile; meanwhile a writer edits one listing per second through the studio API (a new headline),
// and every tenth second unpublishes or publishes one back, so cached answers keep being tested
// against edits. The writer's listings are left out of the profiles read (one may be unpublished).

/** The mixed row's writer: starts with the row's warm-up, counts what it did while the row was measured. */
function startWriter(base, writers) {
  let tick = 0;
  let counts = { edits: 0, visibility: 0, failed: 0 };
  const hidden = new Set();
  const call = async (writer, method, path, body) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${writer.key}`, ...(body ? { "content-type": "application/json" } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    }).catch(() => null);
    await response?.arrayBuffer().catch(() => undefined);
    return response?.status === 200;
  };
  let inFlight = Promise.resolve();
  const step = async () => {
    const n = tick++;
    const writer = writers[n % writers.length];
    if (n % 10 === 5 || n % 10 === 9) {
      // Unpublish one listing, and four seconds later publish it again (a new publishedAt: it moves to the top).
      const toggled = writers[Math.floor(n / 10) % writers.length];
      const publish = n % 10 === 9;
      const ok = await call(toggled, "POST", `/api/provider/studio/listing/${publish ? "publish" : "unpublish"}`);
      if (ok && publish) hidden.delete(toggled);
      if (ok && !publish) hidden.add(toggled);
      counts[ok ? "visibility" : "failed"]++;
      return;
    }
    const ok = await call(writer, "PATCH", "/api/provider/studio/listing", { headline: `Benchmark edit ${n} at ${new Date().toISOString()}` });
    counts[ok ? "edits" : "failed"]++;
  };
  const timer = setInterval(() => {
    inFlight = inFlight.then(step);
  }, 1000);
  let stopped = null;
  return {
    reset() {
      counts = { edits: 0, visibility: 0, failed: 0 };
    },
    stop() {
      stopped ??= (async () => {
        clearInterval(timer);
        await inFlight;
        const measured = counts;
        for (const writer of hidden) await call(writer, "POST", "/api/provider/studio/listing/publish");
        return measured;
      })();
      return stopped;
    },
  };
}

export function mixedScenario(base, sample, writers) {
  const api = "/api/public/studio/providers";
  const writerSlugs = new Set(writers.map((w) => w.slug));
  const profiles = sample.listedSlugs.filter((slug) => !writerSlugs.has(slug));
  const filters = ["", ...SPECIALTIES.map((s) => `specialty=${s}`)];
  const pages = new Map();
  const row = dynamicRow("mixed: list pages and profiles, one listing edited per second", base, () => {
    if (Math.random() < 0.5) return `${api}/${pick(profiles)}`;
    const query = pick(filters);
    return `${api}?${query}${query ? "&" : ""}page=${upTo(pages.get(query))}`;
  });
  row.group = "mixed";
  row.prepare = async () => {
    for (const q of filters) pages.set(q, Math.ceil((await totalOf(`${base}${api}`, q)) / PAGE_SIZE));
  };
  row.background = () => startWriter(base, writers);
  return row;
}
