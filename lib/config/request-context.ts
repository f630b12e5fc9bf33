import { AsyncLocalStorage } from "node:async_hooks";
import { context, ROOT_CONTEXT } from "@opentelemetry/api";
import { processSingleton } from "./process-singletons";

// The request a piece of code runs for, set once per request at the Node.js server (lib/http/server-hooks.ts)
// and read by the log, so every line of a request (route, page, server action) carries its id.
// A process singleton: Next.js bundles instrumentation.ts and each route separately, and they must share one.

export interface RequestContext {
  requestId: string;
}

const slot = processSingleton<AsyncLocalStorage<RequestContext>>("request-context");

export function requestContextStorage(): AsyncLocalStorage<RequestContext> {
  return slot.getOrCreate(() => new AsyncLocalStorage<RequestContext>());
}

/** The id of the request this code runs for; undefined outside a request (start-up, timers). */
export function currentRequestId(): string | undefined {
  return slot.get()?.getStore()?.requestId;
}

/**
 * Runs `fn` outside any request: timers and promises it creates carry no request id, and no trace
 * (with tracing on, their database statements are not recorded as spans of a request long answered).
 * For background loops started or woken by a request (the email dispatcher), whose later lines are
 * not that request's.
 */
export function outsideRequest<T>(fn: () => T): T {
  const storage = slot.get();
  const untraced = () => context.with(ROOT_CONTEXT, fn);
  return storage ? storage.exit(untraced) : untraced();
}
