// A fixed-time, fixed-concurrency load with autocannon, summarised as the report's columns.
import autocannon from "autocannon";

export async function measure(scenario, options) {
  // Work that runs beside the row (the mixed row's writer): from the warm-up on, counted from the measurement on.
  const background = scenario.background?.() ?? null;
  try {
    return await measureWith(scenario, options, background);
  } finally {
    // Stopped here too when the row fails, so no writer outlives its row (stop() is idempotent).
    await background?.stop();
  }
}

async function measureWith(scenario, { duration, connections, warmup, sampler }, background) {
  const base = {
    url: scenario.url,
    method: scenario.method ?? "GET",
    headers: scenario.headers,
    body: scenario.body,
    requests: scenario.requests,
    connections,
    pipelining: 1,
  };
  // Rows whose every answer is counted warm up with a fixed number of requests, and report their statuses too.
  let warmupStatuses = {};
  if (warmup > 0 && scenario.warmupAmount) {
    warmupStatuses = statusesOf(await run({ ...base, amount: scenario.warmupAmount }));
  } else if (warmup > 0) {
    await run({ ...base, duration: warmup, requests: scenario.warmupRequests ?? scenario.requests });
  }
  sampler?.reset();
  background?.reset();
  // A fixed number of requests when every answer must be counted (autocannon drops those in flight at a deadline).
  const startedAt = performance.now();
  const result = await run(scenario.amount ? { ...base, amount: scenario.amount(duration) } : { ...base, duration });
  const elapsedSeconds = (result.lastResponseAt - startedAt) / 1000;
  const statuses = statusesOf(result);
  const beside = background ? await background.stop() : null;
  return {
    name: scenario.name,
    group: scenario.group,
    // autocannon averages whole-second samples and ends a run on a whole second: for a fixed number
    // of requests that finish within a few seconds, that rounds to total / whole seconds, so such
    // rows divide by the time from the start to the last answer.
    rps: scenario.amount ? result.requests.total / elapsedSeconds : result.requests.average,
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
    warmupStatuses,
    background: beside,
  };
}

function statusesOf(result) {
  const statuses = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) statuses[code] = count;
  return statuses;
}

function run(options) {
  return new Promise((resolve, reject) => {
    let lastResponseAt = performance.now();
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve({ ...result, lastResponseAt })));
    instance.on("response", () => {
      lastResponseAt = performance.now();
    });
    instance.on("error", reject);
  });
}
