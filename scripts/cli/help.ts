import type { AnyCommand } from "./command";
import { COMMANDS } from "./commands";

// From the sources `npm run cli --`; from the standalone bundle (and the image) `node cli.mjs`.
export const INVOCATION = process.argv[1]?.endsWith("cli.mjs") ? "node cli.mjs" : "npm run cli --";

export function usageText(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  return [
    "Provider Registry operator CLI",
    "",
    `usage: ${INVOCATION} <command> [options] [--json]`,
    "",
    "commands:",
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.synopsis}`),
    `  ${"help".padEnd(width)}  [<command>]`,
    "",
    "every command takes:",
    "  --json   print the result as one JSON document on stdout",
    "  --help   describe the command",
    "",
    "The database is DATABASE_URL, or without it the embedded PGlite database at PGLITE_DATA_DIR",
    "(default .data/pglite), which only one process may open at a time.",
    "Exit codes: 0 done, 1 refused or failed (error on stderr), 2 bad command or arguments.",
    "",
  ].join("\n");
}

export function commandUsage(command: AnyCommand): string {
  return `usage: ${INVOCATION} ${command.name} ${command.synopsis}`;
}

export function commandHelp(command: AnyCommand): string {
  const options = Object.entries(command.options).map(([name, spec]) => [
    `--${name}${spec.value ? ` ${spec.value}` : ""}`,
    spec.description,
  ]);
  options.push(["--json", "print the result as one JSON document on stdout"]);
  const width = Math.max(...options.map(([o]) => o!.length));
  return [
    command.summary,
    "",
    commandUsage(command),
    "",
    "options:",
    ...options.map(([o, d]) => `  ${o!.padEnd(width)}  ${d}`),
    "",
  ].join("\n");
}
