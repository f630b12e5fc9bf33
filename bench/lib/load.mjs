// A fixed-time, fixed-concurrency load with autocannon, summarised as the report's columns.
import autocannon from "autocannon";

export async function measure(scenario, { duration, connections, warmup, sampler }) {
  const base = {
    url: scenario.url,
    method: scenario.method ?? "GET",
    headers: scenario.headers,
    body: scenario.body,
    requests: scenario.requests,
    connections,
    pipelining: 1,
  };
  if (warmup > 0 && !scenario.noWarmup) await run({ ...base, duration: warmup, requests: scenario.warmupRequests ?? scenario.requests });
  sampler?.reset();
  // A fixed number of requests when every answer must be counted (autocannon drops those in flight at a deadline).
  const result = await run(scenario.amount ? { ...base, amount: scenario.amount(duration) } : { ...base, duration });
  const statuses = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = count;
  return {
    name: scenario.name,
    group: scenario.group,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    statuses,
    errors: result.errors + result.timeouts,
    expected: scenario.expectStatus ?? 200,
    unexpected: Object.entries(statuses)
      .filter(([code]) => Number(code) !== (scenario.expectStatus ?? 200))
      .reduce((n, [, c]) => n + c, 0),
    peakMb: sampler?.peak() ?? null,
  };
}

function run(options) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    instance.on("error", reject);
  });
}
