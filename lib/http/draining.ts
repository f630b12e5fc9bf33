import { processSingleton } from "@/lib/config/process-singletons";

// Whether this process is shutting down (SIGTERM received; lib/http/server-hooks.ts). Its own module,
// free of Node.js imports, so /api/ready can read it. A process singleton: instrumentation.ts and the
// route bundles are separate module instances and must share it.

const slot = processSingleton<boolean>("draining");

/** True from SIGTERM on: /api/ready answers 503 so balancers stop sending new requests. */
export function isDraining(): boolean {
  return slot.get() ?? false;
}

/** Readiness turns to 503 from now on (SIGTERM): a process never stops draining. */
export function startDraining(): void {
  slot.set(true);
}
