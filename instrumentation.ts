// Next.js start-up hook: runs once per server process before it handles requests, compiled for the
// Node.js runtime and for the Edge runtime. Everything it does is Node-only and lives in
// instrumentation-node.ts, imported only inside `process.env.NEXT_RUNTIME === "nodejs"` tests: Next.js
// writes the runtime's name in place of that expression when it compiles this file, so the Edge
// compilation drops the import and never sees the database driver, the server hooks or process
// signals (each of which `next dev` reported as an Edge Runtime error, for every page it compiled).
import type { Instrumentation } from "next";

export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { registerNodeServer } = await import("./instrumentation-node");
    await registerNodeServer();
  }
}

/**
 * Next.js calls this for an error it caught while rendering a page, running a route handler or a
 * server action: logged as `request.error` under the request's id (instrumentation-node.ts).
 */
export const onRequestError: Instrumentation.onRequestError = async (...args) => {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { reportRequestError } = await import("./instrumentation-node");
    await reportRequestError(...args);
  }
};
