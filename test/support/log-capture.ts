import { vi } from "vitest";
import { withEnv } from "./env";

export interface LogEntry {
  level: string;
  event: string;
  [field: string]: unknown;
}

/**
 * Runs `fn` at the given log level and answers every JSON log line written meanwhile (lib/config/log.ts
 * writes to stdout and stderr), parsed. Other output is kept as `{ level: "text", event: line }`.
 */
export async function captureLog<T>(
  fn: () => Promise<T>,
  level: "debug" | "info" | "warn" | "error" = "debug",
): Promise<{ result: T; entries: LogEntry[] }> {
  const entries: LogEntry[] = [];
  const capture = (chunk: unknown) => {
    for (const line of String(chunk).split("\n").filter(Boolean)) {
      try {
        entries.push(JSON.parse(line) as LogEntry);
      } catch {
        entries.push({ level: "text", event: line });
      }
    }
    return true;
  };
  const out = vi.spyOn(process.stdout, "write").mockImplementation(capture);
  const err = vi.spyOn(process.stderr, "write").mockImplementation(capture);
  try {
    const result = await withEnv({ LOG_LEVEL: level }, fn);
    return { result, entries };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}
