import type { Answer } from "./production-harness";

/** Records one expectation of a family; the run fails if any is false. */
export type Check = (name: string, ok: boolean, detail?: string) => void;

export interface CheckResult {
  family: string;
  name: string;
  ok: boolean;
  detail?: string;
}

export function checker(family: string, results: CheckResult[]): Check {
  return (name, ok, detail) => {
    results.push({ family, name, ok, detail });
    console.log(`  ${ok ? "ok  " : "FAIL"} ${name}${detail && !ok ? `\n       got: ${detail}` : ""}`);
  };
}

/** Answers grouped by outcome, e.g. "8× 503 SERVICE_UNAVAILABLE application/problem+json". */
export function describe(answers: Answer[]): string {
  const counts = new Map<string, number>();
  for (const a of answers) {
    const code = (a.body as { code?: string } | null)?.code;
    const key = a.networkError ? `network ${a.networkError}` : `${a.status}${code ? ` ${code}` : ""} ${a.contentType ?? ""}`;
    counts.set(key.trim(), (counts.get(key.trim()) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => `${n}× ${k}`).join(", ");
}

export function round(n: number): number {
  return Math.round(n * 100) / 100;
}
