import { afterEach, describe, expect, it } from "vitest";
import { captureLog } from "@/test/support/log-capture";
import { runningBackgroundJob, runningBackgroundJobNames, startBackgroundJob, type BackgroundJobSpec } from "./background-job";

// The one helper every timer of a server process runs on (email dispatcher, reminders, maintenance).

const started: string[] = [];
afterEach(async () => {
  for (const name of started.splice(0)) await runningBackgroundJob(name)?.stop();
});

function start(spec: Partial<BackgroundJobSpec> & Pick<BackgroundJobSpec, "name" | "run">) {
  started.push(spec.name);
  return startBackgroundJob({ intervalMs: 10, failedEvent: "test.job_failed", ...spec });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a background job", () => {
  it("never runs twice at once, however short its interval and however often it is kicked", async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    const job = start({
      name: "overlap",
      intervalMs: 1,
      firstRunDelayMs: 0,
      async run() {
        running++;
        most = Math.max(most, running);
        await sleep(30);
        running--;
        runs++;
      },
    });
    for (let i = 0; i < 20; i++) {
      job.kick(0);
      await sleep(5);
    }
    await expect.poll(() => runs, { timeout: 5_000 }).toBeGreaterThanOrEqual(3);
    expect(most).toBe(1);
  });

  it("runs once more right after a run during which it was kicked, not once per kick", async () => {
    const runStarts: number[] = [];
    const job = start({
      name: "rerun",
      intervalMs: 60_000,
      firstRunDelayMs: 0,
      async run() {
        runStarts.push(performance.now());
        if (runStarts.length === 1) await sleep(100);
      },
    });
    await expect.poll(() => runStarts.length).toBe(1);
    job.kick(0);
    job.kick(0);
    job.kick(0);
    await expect.poll(() => runStarts.length, { timeout: 5_000 }).toBe(2);
    await sleep(100);
    expect(runStarts).toHaveLength(2);
  });

  it("keeps a run due sooner: a kick with a longer delay does not push it back", async () => {
    let runs = 0;
    const job = start({ name: "due", intervalMs: 60_000, firstRunDelayMs: 20, run: async () => void runs++ });
    job.kick(60_000);
    await expect.poll(() => runs, { timeout: 5_000 }).toBe(1);
  });

  it("stops scheduling at stop and waits for the run in progress to finish", async () => {
    let finished = false;
    let runs = 0;
    start({
      name: "stop",
      intervalMs: 1,
      firstRunDelayMs: 0,
      async run() {
        runs++;
        await sleep(50);
        finished = true;
      },
    });
    await expect.poll(() => runs).toBe(1);
    await runningBackgroundJob("stop")!.stop();
    expect(finished).toBe(true);
    expect(runningBackgroundJob("stop")).toBeUndefined();
    await sleep(30);
    expect(runs).toBe(1);
  });

  it("logs a run that throws under its event and carries on at its interval", async () => {
    let runs = 0;
    const { entries } = await captureLog(async () => {
      start({
        name: "throws",
        intervalMs: 5,
        firstRunDelayMs: 0,
        failedEvent: "test.throwing_job_failed",
        failedLevel: "warn",
        async run() {
          runs++;
          throw new Error("boom");
        },
      });
      await expect.poll(() => runs, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    }, "warn");
    expect(entries.find((e) => e.event === "test.throwing_job_failed")).toMatchObject({ level: "warn", job: "throws" });
  });

  it("is one per name in a process: starting it again answers the running one", async () => {
    const first = start({ name: "single", intervalMs: 60_000, run: async () => {} });
    const second = startBackgroundJob({ name: "single", intervalMs: 1, failedEvent: "x", run: async () => {} });
    expect(second).toBe(first);
    expect(runningBackgroundJobNames()).toEqual(["single"]);
  });
});
