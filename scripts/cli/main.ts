// Operator CLI: `npm run cli -- <command> [options] [--json]`. Commands live in ./commands; this
// file parses the command line, opens the database, runs one command and reports.
import { parseArgs } from "node:util";
import { isAppError } from "@/lib/errors";
import { UsageError, type AnyCommand, type ParsedArgs } from "./command";
import { findCommand } from "./commands";
import { commandHelp, commandUsage, INVOCATION, usageText } from "./help";
import { withDatabase } from "./open-database";
import { sendQueuedEmail, type EmailPassResult } from "./send-queued-email";

const EXIT_OK = 0;
const EXIT_FAILED = 1;
const EXIT_USAGE = 2;

function out(text: string): void {
  process.stdout.write(text.endsWith("\n") ? text : `${text}\n`);
}

function err(text: string): void {
  process.stderr.write(text.endsWith("\n") ? text : `${text}\n`);
}

function parseCommandArgs(command: AnyCommand, argv: string[]): ParsedArgs & { help: boolean } {
  const options = Object.fromEntries(
    Object.entries(command.options).map(([name, spec]) => [name, { type: spec.type }]),
  ) as Record<string, { type: "string" | "boolean" }>;
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: { ...options, json: { type: "boolean" }, help: { type: "boolean", short: "h" } },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    const message = (error as Error).message;
    const unknown = /^Unknown option '([^']+)'/.exec(message);
    throw new UsageError(unknown ? `unknown option ${unknown[1]}` : message);
  }
  const max = command.maxPositionals ?? 0;
  if (parsed.positionals.length > max) {
    throw new UsageError(`unexpected argument "${parsed.positionals[max]}"`);
  }
  return { values: parsed.values, positionals: parsed.positionals, help: parsed.values.help === true };
}

function renderEmail(pass: EmailPassResult): string {
  if (pass.status === "queued") return `email: queued; the app's dispatcher will send it (${pass.reason})`;
  const extra = pass.failed + pass.retried > 0 ? `, ${pass.failed} failed, ${pass.retried} to retry` : "";
  return `email: ${pass.sent} sent${extra}`;
}

async function run(argv: string[]): Promise<number> {
  const json = argv.includes("--json");
  const [name, ...rest] = argv;

  if (!name || name === "help" || name === "--help" || name === "-h") {
    const asked = name === "help" ? rest[0] : undefined;
    const topic = asked ? findCommand(asked) : undefined;
    if (asked && !topic) {
      err(`error: unknown command "${asked}"\n${usageText()}`);
      return EXIT_USAGE;
    }
    out(topic ? commandHelp(topic) : usageText());
    return EXIT_OK;
  }

  const command = findCommand(name);
  // With --json the error is the one document on stdout; argument errors are also explained on stderr.
  const fail = (exit: number, error: { code: string; detail: string; errors?: unknown }, hints: string[] = []) => {
    if (json) out(JSON.stringify({ error }, null, 2));
    if (!json || exit === EXIT_USAGE) err([`error: ${error.detail}`, ...hints].join("\n"));
    return exit;
  };

  if (!command) {
    return fail(EXIT_USAGE, { code: "USAGE", detail: `unknown command "${name}"` }, [
      `Run \`${INVOCATION} help\` to list the commands.`,
    ]);
  }

  let input: unknown;
  try {
    const args = parseCommandArgs(command, rest);
    if (args.help) {
      out(commandHelp(command));
      return EXIT_OK;
    }
    input = command.parse(args);
  } catch (error) {
    if (error instanceof UsageError) {
      return fail(EXIT_USAGE, { code: "USAGE", detail: error.message }, [commandUsage(command)]);
    }
    throw error;
  }

  try {
    const { result, email } = await withDatabase(async ({ db }) => {
      const result = await command.run(db, input);
      const email = command.sendsEmail ? await sendQueuedEmail(db) : undefined;
      return { result, email };
    });
    if (json) {
      const doc = email ? { ...(result as Record<string, unknown>), email } : result;
      out(JSON.stringify(doc, null, 2));
    } else {
      out([...command.render(result), ...(email ? [renderEmail(email)] : [])].join("\n"));
    }
    return command.failed?.(result) ? EXIT_FAILED : EXIT_OK;
  } catch (error) {
    if (isAppError(error)) {
      const lines = (error.errors ?? []).map((e) => `  ${e.path || "(input)"}: ${e.message}`);
      return fail(EXIT_FAILED, { code: error.code, detail: error.message, errors: error.errors }, lines);
    }
    const message = error instanceof Error ? error.message : String(error);
    if (process.env.CLI_DEBUG && error instanceof Error && error.stack) err(error.stack);
    return fail(EXIT_FAILED, { code: "INTERNAL_ERROR", detail: message });
  }
}

const argv = process.argv.slice(2);
// Library log lines would interleave with the command's output; stdout carries only the result.
if (argv.includes("--json") || !process.env.LOG_LEVEL) process.env.LOG_LEVEL = "warn";

run(argv).then(
  (code) => process.stdout.write("", () => process.exit(code)),
  (error: unknown) => {
    err(`error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(EXIT_FAILED);
  },
);
