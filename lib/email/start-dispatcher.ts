import { databaseReady } from "@/db";
import { env } from "@/lib/config/env";
import { log } from "@/lib/config/log";
import { outsideRequest } from "@/lib/config/request-context";
import { dispatchDueEmails } from "./dispatcher";
import { createEmailTransport } from "./transports";
import type { EmailTransport } from "./transports/types";

const BATCH_SIZE = 20;
// A full batch means more is waiting: drain a backlog in a few quick rounds before sleeping again.
const MAX_ROUNDS_PER_RUN = 10;
const MIN_INTERVAL_MS = 100;
// A kick waits this long before the run, so a burst of submissions is claimed in full batches (one
// claim for up to BATCH_SIZE emails) instead of one claim per email. Later kicks never push the
// run further back.
const KICK_DELAY_MS = 50;

interface DispatcherState {
  interval: number;
  timer: NodeJS.Timeout | null;
  /** When the pending timer fires (performance.now()), if one is pending. */
  timerDue: number;
  running: Promise<void> | null;
  /** A kick arrived while a run was going: run once more right after it. */
  rerun: boolean;
  stopped: boolean;
  /** Built on the first run, once the database is ready. */
  transport: EmailTransport | null | undefined;
}

// One loop per process, kept on globalThis so Next.js dev reloads and route bundles share it.
const holder = globalThis as unknown as { __providerRegistryEmailDispatcher?: DispatcherState };

/**
 * Starts the background loop that delivers queued emails, when START_EMAIL_DISPATCHER is on and a
 * transport is configured. Calling it again does nothing.
 */
export function startEmailDispatcher(): void {
  if (holder.__providerRegistryEmailDispatcher) return;
  const e = env();
  if (!e.START_EMAIL_DISPATCHER) {
    log.info("email.dispatcher_off", { reason: "START_EMAIL_DISPATCHER is false" });
    return;
  }
  if (e.emailTransport === "disabled") {
    log.error("email.dispatcher_off", { reason: "no email transport configured; emails stay queued" });
    return;
  }
  if (e.emailTransport === "resend" && !e.RESEND_API_KEY) {
    log.error("email.dispatcher_off", { reason: "EMAIL_TRANSPORT is resend but RESEND_API_KEY is not set" });
    return;
  }
  const state: DispatcherState = {
    interval: Math.max(MIN_INTERVAL_MS, e.EMAIL_DISPATCH_INTERVAL_MS),
    timer: null,
    timerDue: 0,
    running: null,
    rerun: false,
    stopped: false,
    transport: undefined,
  };
  holder.__providerRegistryEmailDispatcher = state;
  log.info("email.dispatcher_started", { transport: e.emailTransport, intervalMs: state.interval });
  schedule(state, 0);
}

/**
 * Asks for a dispatch now, e.g. right after a transaction that queued an email. Single-flight: a
 * kick during a run makes one more run follow it. Never throws; a no-op when the loop is not running.
 */
export function kickEmailDispatcher(): void {
  try {
    const state = holder.__providerRegistryEmailDispatcher;
    if (!state || state.stopped) return;
    if (state.running) {
      state.rerun = true;
      return;
    }
    // A run already due within the delay takes this email too.
    if (state.timer && state.timerDue <= performance.now() + KICK_DELAY_MS) return;
    schedule(state, KICK_DELAY_MS);
  } catch (error) {
    log.error("email.dispatcher_kick_failed", { error });
  }
}

/** Stops the loop and waits for a run in progress to finish (graceful shutdown, tests). */
export async function stopEmailDispatcher(): Promise<void> {
  const state = holder.__providerRegistryEmailDispatcher;
  if (!state) return;
  state.stopped = true;
  if (state.timer) clearTimeout(state.timer);
  state.timer = null;
  holder.__providerRegistryEmailDispatcher = undefined;
  await state.running;
}

function schedule(state: DispatcherState, delayMs: number): void {
  if (state.stopped) return;
  if (state.timer) clearTimeout(state.timer);
  state.timerDue = performance.now() + delayMs;
  // Woken by a request, the loop still belongs to no request: its log lines carry no request id.
  state.timer = outsideRequest(() =>
    setTimeout(() => {
      state.timer = null;
      void run(state);
    }, delayMs),
  );
  // The loop alone never keeps the process alive (CLI commands, tests, shutdown).
  state.timer.unref();
}

async function run(state: DispatcherState): Promise<void> {
  if (state.running || state.stopped) return;
  state.running = runRounds(state);
  await state.running;
  state.running = null;
  const again = state.rerun;
  state.rerun = false;
  schedule(state, again ? KICK_DELAY_MS : state.interval);
}

async function runRounds(state: DispatcherState): Promise<void> {
  try {
    const db = await databaseReady();
    if (state.transport === undefined) state.transport = createEmailTransport(db);
    const transport = state.transport;
    if (!transport) return;
    for (let round = 0; round < MAX_ROUNDS_PER_RUN && !state.stopped; round++) {
      const result = await dispatchDueEmails(db, { transport, batchSize: BATCH_SIZE });
      if (result.claimed > 0) log.debug("email.dispatch", { ...result });
      if (result.claimed < BATCH_SIZE) break;
    }
  } catch (error) {
    log.error("email.dispatch_failed", { error });
  }
}
