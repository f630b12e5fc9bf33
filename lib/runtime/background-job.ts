import { log } from "@/lib/config/log";
import { processSingleton } from "@/lib/config/process-singletons";
import { outsideRequest } from "@/lib/config/request-context";

// The one way this app runs work on a timer inside a server process (the email dispatcher, the
// inquiry reminders, the retention purge). Each job: a name, an interval, a run that never overlaps
// another run of the same job, timers that belong to no request and never keep the process alive, and
// a stop that stops scheduling and waits for the run in progress. One job of a name per process, kept
// as a process singleton, so a second start (a dev reload, a second bundle) finds the first.

export interface BackgroundJobSpec {
  /** Names the job in the process's list and in its log lines ("email-dispatcher"). */
  name: string;
  /** Pause between the end of one run and the start of the next. */
  intervalMs: number;
  /** Pause before the first run; the interval by default. */
  firstRunDelayMs?: number;
  /** One run. Never called while another run of this job is going; `stopped()` turns true on stop. */
  run: (job: { stopped: () => boolean }) => Promise<void>;
  /** The event logged when a run throws (the job carries on at its interval). */
  failedEvent: string;
  failedLevel?: "warn" | "error";
}

export interface BackgroundJob {
  readonly name: string;
  /**
   * Asks for a run within `delayMs`: a run already due sooner is kept, and a kick during a run makes
   * one more run follow it, `delayMs` after it ends. Never throws; nothing after stop.
   */
  kick(delayMs: number): void;
  /** No new run from now on; resolves when the run in progress (if any) has finished. */
  stop(): Promise<void>;
}

interface JobState {
  spec: BackgroundJobSpec;
  timer: NodeJS.Timeout | null;
  /** When the pending timer fires (performance.now()), if one is pending. */
  timerDue: number;
  running: Promise<void> | null;
  /** A kick arrived during a run: run again this long after it (null: no kick). */
  rerunDelayMs: number | null;
  stopped: boolean;
  job: BackgroundJob;
}

const jobs = processSingleton<Map<string, JobState>>("background-jobs");
const jobList = (): Map<string, JobState> => jobs.getOrCreate(() => new Map());

/** Starts the job (its first run after `firstRunDelayMs`); if one of this name runs, answers that one. */
export function startBackgroundJob(spec: BackgroundJobSpec): BackgroundJob {
  const existing = jobList().get(spec.name);
  if (existing) return existing.job;
  const state: JobState = {
    spec,
    timer: null,
    timerDue: 0,
    running: null,
    rerunDelayMs: null,
    stopped: false,
    job: {
      name: spec.name,
      kick: (delayMs) => kick(state, delayMs),
      stop: () => stop(state),
    },
  };
  jobList().set(spec.name, state);
  schedule(state, spec.firstRunDelayMs ?? spec.intervalMs);
  return state.job;
}

/** The running job of this name, if any (to kick it, or stop it). */
export function runningBackgroundJob(name: string): BackgroundJob | undefined {
  return jobList().get(name)?.job;
}

/** Names of the jobs running in this process, in start order. */
export function runningBackgroundJobNames(): string[] {
  return [...jobList().keys()];
}

function kick(state: JobState, delayMs: number): void {
  if (state.stopped) return;
  if (state.running) {
    state.rerunDelayMs = Math.min(state.rerunDelayMs ?? delayMs, delayMs);
    return;
  }
  if (state.timer && state.timerDue <= performance.now() + delayMs) return;
  schedule(state, delayMs);
}

async function stop(state: JobState): Promise<void> {
  state.stopped = true;
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
  if (jobList().get(state.spec.name) === state) jobList().delete(state.spec.name);
  await state.running;
}

function schedule(state: JobState, delayMs: number): void {
  if (state.stopped) return;
  if (state.timer) clearTimeout(state.timer);
  state.timerDue = performance.now() + delayMs;
  // Started or kicked by a request, the job still belongs to no request: its lines carry no request id.
  state.timer = outsideRequest(() =>
    setTimeout(() => {
      state.timer = null;
      void runOnce(state);
    }, delayMs),
  );
  // A job alone never keeps the process alive (CLI commands, tests, shutdown).
  state.timer.unref();
}

async function runOnce(state: JobState): Promise<void> {
  if (state.running || state.stopped) return;
  const stopped = () => state.stopped;
  state.running = state.spec.run({ stopped }).catch((error: unknown) => {
    log[state.spec.failedLevel ?? "error"](state.spec.failedEvent, { job: state.spec.name, error });
  });
  await state.running;
  state.running = null;
  const rerun = state.rerunDelayMs;
  state.rerunDelayMs = null;
  schedule(state, rerun ?? state.spec.intervalMs);
}
