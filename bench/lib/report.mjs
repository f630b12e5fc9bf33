// Tables for the console and for docs/benchmarks.md, and the machine they were measured on.
import fs from "node:fs";
import os from "node:os";
import { execFileSync } from "node:child_process";

export function machine() {
  const cpus = os.cpus();
  let postgresVersion = "unknown";
  try {
    postgresVersion = execFileSync("psql", ["--version"], { encoding: "utf8" }).trim();
  } catch {
    // psql is optional; the server version is what matters and is printed by the harness too
  }
  return {
    cpu: `${cpus[0]?.model ?? "unknown"} × ${cpus.length}`,
    memory: `${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    postgres: postgresVersion,
  };
}

const fmt = (n, digits = 0) => (n === null || n === undefined || Number.isNaN(n) ? "–" : n.toFixed(digits));

export function resultsTable(rows, { ceiling, bare }) {
  const head = "| scenario | req/s | p50 ms | p99 ms | peak MB | × ceiling | × bare stack | answers |";
  const lines = [head, "|---|---:|---:|---:|---:|---:|---:|---|"];
  for (const r of rows) {
    const answers = Object.entries(r.statuses)
      .map(([code, n]) => `${n}×${code}`)
      .join(" ");
    lines.push(
      `| ${r.name} | ${fmt(r.rps)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${fmt(r.peakMb)} | ${
        ceiling ? fmt(r.rps / ceiling.rps, 2) : "–"
      } | ${bare ? fmt(r.rps / bare.rps, 2) : "–"} | ${answers}${r.errors ? ` ${r.errors} errors` : ""} |`,
    );
  }
  return lines.join("\n");
}

export function sizesTable(bySize, { normalised = false } = {}) {
  const sizes = Object.keys(bySize).map(Number).sort((a, b) => a - b);
  const names = [...new Set(sizes.flatMap((s) => bySize[s].map((r) => r.name)))];
  const first = sizes[0];
  const unit = normalised ? "× ceiling" : "req/s";
  const head = `| scenario | ${sizes.map((s) => `${s.toLocaleString("en")} ${unit}`).join(" | ")} | ${sizes
    .slice(1)
    .map((s) => `change at ${s.toLocaleString("en")}`)
    .join(" | ")} |`;
  const lines = [head, `|---|${sizes.map(() => "---:").join("|")}|${sizes.slice(1).map(() => "---:").join("|")}|`];
  // Each size runs in its own server, minutes apart: on shared cores its own ceiling is the fairer yardstick.
  const ceilingAt = (s) => bySize[s].find((r) => r.group === "ceiling")?.rps;
  for (const name of names) {
    const raw = (s) => bySize[s].find((r) => r.name === name)?.rps;
    const at = (s) => (normalised && ceilingAt(s) ? raw(s) / ceilingAt(s) : raw(s));
    const base = at(first);
    lines.push(
      `| ${name} | ${sizes.map((s) => fmt(at(s), normalised ? 2 : 0)).join(" | ")} | ${sizes
        .slice(1)
        .map((s) => (base && at(s) ? `${fmt(((at(s) - base) / base) * 100, 1)} %` : "–"))
        .join(" | ")} |`,
    );
  }
  return lines.join("\n");
}

/** Replaces the text between `<!-- bench:NAME -->` and `<!-- /bench:NAME -->`, adding the block if absent. */
export function writeSection(file, name, body) {
  const open = `<!-- bench:${name} -->`;
  const close = `<!-- /bench:${name} -->`;
  let text = fs.existsSync(file) ? fs.readFileSync(file, "utf8") : "# Benchmarks\n";
  const block = `${open}\n${body.trim()}\n${close}`;
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  text = start >= 0 && end > start ? text.slice(0, start) + block + text.slice(end + close.length) : `${text.trimEnd()}\n\n${block}\n`;
  fs.writeFileSync(file, text);
}
