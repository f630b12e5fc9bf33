import type { Db } from "@/db/client";

/** Bad command-line arguments: printed with a hint and exit code 2, before any database work. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UsageError";
  }
}

export interface OptionSpec {
  type: "string" | "boolean";
  description: string;
  /** Placeholder shown in help, e.g. "<email>". */
  value?: string;
}

export interface ParsedArgs {
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
}

export interface CliCommand<Input, Result> {
  name: string;
  summary: string;
  /** Arguments after the command name, as shown in help: "--email <email> --name <name> [--admin]". */
  synopsis: string;
  options: Record<string, OptionSpec>;
  /** Most positional arguments accepted (default 0). */
  maxPositionals?: number;
  /** Turns the raw arguments into the command's input; throws UsageError. Runs before the database opens. */
  parse(args: ParsedArgs): Input;
  run(db: Db, input: Input): Promise<Result>;
  /** Human output: short lines. --json prints the result itself. */
  render(result: Result): string[];
  /** Commands that queue email run one dispatch pass afterwards. */
  sendsEmail?: boolean;
  /** A result that reports a failure inside it (one job of several failed): exit status 1 after printing it. */
  failed?(result: Result): boolean;
}

// The registry holds commands of different input/result types; each is only ever called with its own.
export type AnyCommand = CliCommand<unknown, unknown>;

export function defineCommand<Input, Result>(command: CliCommand<Input, Result>): AnyCommand {
  return command as unknown as AnyCommand;
}

export function requiredString(args: ParsedArgs, name: string): string {
  const value = args.values[name];
  if (typeof value !== "string" || value.trim() === "") throw new UsageError(`--${name} is required`);
  return value;
}

export function optionalString(args: ParsedArgs, name: string): string | undefined {
  const value = args.values[name];
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value.trim() === "") throw new UsageError(`--${name} needs a value`);
  return value;
}

export function flag(args: ParsedArgs, name: string): boolean {
  return args.values[name] === true;
}

/** The one id a command acts on, given as the first positional argument. */
export function requiredPositional(args: ParsedArgs, what: string): string {
  const value = args.positionals[0];
  if (!value) throw new UsageError(`give the ${what}`);
  return value;
}
