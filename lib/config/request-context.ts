import { AsyncLocalStorage } from "node:async_hooks";
import { context, ROOT_CONTEXT } from "@opentelemetry/api";

// The request a piece of code runs for, set once per request at the Node.js server (lib/http/server-hooks.ts)
// and read by the log, so every line of a request (route, page, server action) carries its id.
// Kept on globalThis: Next.js bundles instrumentation.ts and each route separately, and they must share one.

export interface RequestContext {
  requestId: string;
}

const holder = globalThis as unknown as { __providerRegistryRequestContext?: AsyncLocalStorage<RequestContext> };

export function requestContextStorage(): AsyncLocalStorage<RequestContext> {
  holder.__providerRegistryRequestContext ??= new AsyncLocalStorage<RequestContext>();
  return holder.__providerRegistryRequestContext;
}

/** The id of the request this code runs for; undefined outside a request (start-up, timers). */
export function currentRequestId(): string | undefined {
  return holder.__providerRegistryRequestContext?.getStore()?.requestId;
}

/**
 * Runs `fn` outside any request: timers and promises it creates carry no request id, and no trace
 * (with tracing on, their database statements are not recorded as spans of a request long answered).
 * For background loops started or woken by a request (the email dispatcher), whose later lines are
 * not that request's.
 */
export function outsideRequest<T>(fn: () => T): T {
  const storage = holder.__providerRegistryRequestContext;
  const untraced = () => context.with(ROOT_CONTEXT, fn);
  return storage ? storage.exit(untraced) : untraced();
}
