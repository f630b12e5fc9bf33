import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { processSingleton } from "@/lib/config/process-singletons";

// The one patch of Node's HTTP server. Next.js creates the server (`next start`, standalone server.js)
// and gives the app no hook before its own request handling, so the app wraps
// `http.Server.prototype.emit` for the `request` event, here and nowhere else. What runs there is a
// short list of named layers in a fixed order, each around the next and the last around Next.js:
// adding one is adding a name to SERVER_LAYERS (docs/decisions/nextjs-seams.md).

/** The layers, outermost first. */
export const SERVER_LAYERS = [
  /** Request id and context, measurement, access log, keep-alive settings (server-hooks.ts). */
  "server-hooks",
  /** Methods, body sizes, cross-site actions, paths, peer address, nonce (request-guard.ts). */
  "request-guard",
] as const;

export type ServerLayerName = (typeof SERVER_LAYERS)[number];

export interface ServerRequest {
  server: http.Server;
  req: IncomingMessage;
  res: ServerResponse;
}

/**
 * Handles a request or passes it on with `next()` (what the layers inside it and Next.js do). Returns
 * what `emit` returns: whether the event was handled.
 */
export type ServerLayer = (request: ServerRequest, next: () => boolean) => boolean;

interface PatchState {
  layers: Map<ServerLayerName, ServerLayer>;
  /** The layers in SERVER_LAYERS order, rebuilt when one is added. */
  ordered: ServerLayer[];
}

const patch = processSingleton<PatchState>("http-server-patch");

type Emit = (this: http.Server, event: string | symbol, ...args: unknown[]) => boolean;

/**
 * Adds a layer to every HTTP server of this process, patching the server on the first call. A layer
 * already added keeps its first options: starting up twice (dev reloads, tests) changes nothing.
 */
export function addServerLayer(name: ServerLayerName, layer: ServerLayer): void {
  const state = patch.getOrCreate(installPatch);
  if (state.layers.has(name)) return;
  state.layers.set(name, layer);
  state.ordered = SERVER_LAYERS.flatMap((n) => {
    const found = state.layers.get(n);
    return found ? [found] : [];
  });
}

function installPatch(): PatchState {
  const state: PatchState = { layers: new Map(), ordered: [] };
  const prototype = http.Server.prototype as unknown as { emit: Emit };
  const emit = prototype.emit;
  prototype.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event !== "request") return emit.call(this, event, ...args);
    const request: ServerRequest = { server: this, req: args[0] as IncomingMessage, res: args[1] as ServerResponse };
    const layers = state.ordered;
    const step = (index: number): boolean => {
      const layer = layers[index];
      if (!layer) return emit.call(this, event, ...args);
      return layer(request, () => step(index + 1));
    };
    return step(0);
  };
  return state;
}
