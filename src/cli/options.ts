// The command line read into what to do, and each decision the CLI makes about it: which flags each
// command takes, what goes to stdout, the exit code. Pure, so each rule is tested on its own.
import type { GateOutcome } from "../core/model.js";
import type { Status } from "../core/model.js";
import { CLI_INPUTS, ACTION_ONLY, type CliInput } from "../settings/entries.js";
import { resolve } from "node:path";
import { InputError } from "../core/errors.js";

/** Bad usage: a command, flag or argument the CLI does not take. Exit 2, with the command's usage line. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly verb?: Verb,
  ) {
    super(message);
    this.name = "UsageError";
  }
}

export type Verb = "run" | "merge" | "import";
export const FORMATS = ["table", "json", "jsonl"] as const;
export type Format = (typeof FORMATS)[number];

/** `run` takes every input the CLI has; `merge` what shapes the report and the decision, nothing about running. */
export const RUN_FLAGS = CLI_INPUTS;
export const MERGE_FLAGS = [
  "report",
  "junit",
  "swe-bench-report",
  "baseline",
  "fail-on",
  "workdir",
] as const satisfies readonly CliInput[];

/** Every command's `--help`. */
const HELP_FLAG = { value: "", description: "This help (also -h).", shown: "off" } as const;

/** The CLI's own flags, beside the inputs; `value` names a flag's argument, none for a switch. */
export const OUTPUT_FLAGS = {
  format: {
    value: "FORMAT",
    description:
      "What stdout gets: table (a row per candidate), json (the JSON report, as --report writes it) or jsonl (one result per line, as the report's results). --report - and --junit - print that report on stdout instead.",
    shown: "table",
  },
  quiet: {
    value: "",
    description:
      "Only the failures in short (id, status, the first line of why) and the one-line total, instead of the table; no progress and no summary on stderr, only warnings and errors. A report asked for on stdout (--format json or jsonl, --report -, --junit -) is printed as ever. Also -q.",
    shown: "off",
  },
  help: HELP_FLAG,
} as const;
export type OutputFlag = keyof typeof OUTPUT_FLAGS;

/**
 * Where the CLI's default is not the action's: `value` is passed when the flag is absent, `shown` is what
 * --help says.
 */
export const CLI_DEFAULTS: Partial<Record<CliInput, { value?: string; shown: string }>> = {
  // The action's quota keeps a flood of PR comments from running forever; a terminal or a nightly job
  // judges what it is given. The largest count a quota can hold is no quota.
  "max-candidates": { value: String(Number.MAX_SAFE_INTEGER), shown: "no limit (the action's is 20)" },
  workdir: { shown: "the current directory" },
};

/** The value the CLI passes for an input whose flag is absent, where it is not the action's default. */
export function cliDefault(name: string): string | undefined {
  return CLI_DEFAULTS[name as CliInput]?.value;
}

/** Inputs of one item a line, where a flag given again adds a line (`--services a=x --services b=y`). */
const LINE_INPUTS: ReadonlySet<CliInput> = new Set(["services"]);

/** A flag's value given the one before it: a line more for a line input, the last one wins otherwise. */
function joined(name: CliInput, earlier: string | undefined, value: string): string {
  return earlier !== undefined && LINE_INPUTS.has(name) ? `${earlier}\n${value}` : value;
}

export interface Command {
  verb: Verb;
  /** The input flags given, by input name. */
  inputs: Partial<Record<CliInput, string>>;
  /** FILEs (run) or REPORTs (merge). */
  paths: string[];
  /** Only when given: `--report -` asks for json too. */
  format?: Format;
  quiet: boolean;
}

/** `import FORMAT INSTANCES`: files of another format turned into dataset lines; nothing runs. */
export interface ImportCommand {
  format: ImportFormat;
  /** The INSTANCES file, as typed. */
  instances: string;
  predictions?: string;
  /** Absent or `-`: stdout. */
  out?: string;
  /** `--repo OWNER/NAME`: only that repository's instances. */
  repo?: string;
  quiet: boolean;
}

export const IMPORT_FORMATS = ["swe-bench"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** import's flags; `value` names a flag's argument, none for a switch. */
export const IMPORT_FLAGS = {
  predictions: {
    value: "FILE",
    description:
      "A model's predictions (instance_id, model_patch, model_name_or_path), as JSONL, a JSON array or an object keyed by instance_id, plain or gzipped: one line per prediction, instead of one per instance with its gold patch. Predictions of instances not given are counted and skipped.",
    shown: "none: the gold patches",
  },
  repo: {
    value: "OWNER/NAME",
    description:
      "Only this repository's instances (SWE-bench's repo, e.g. psf/requests) and the predictions of them; the others are counted and left out.",
    shown: "every repository",
  },
  out: { value: "FILE", description: "Where the dataset lines go (- is stdout).", shown: "stdout" },
  quiet: { value: "", description: "No summary on stderr: only warnings and errors. Also -q.", shown: "off" },
  help: HELP_FLAG,
} as const;

export type Invocation =
  | { kind: "help"; verb?: Verb }
  | { kind: "version" }
  | { kind: "command"; command: Command }
  | { kind: "import"; command: ImportCommand };

const VERBS: readonly string[] = ["run", "merge", "import"];

/** argv (without node and the script) → what to do; throws UsageError or, for a bad --format, InputError. */
export function parseCommandLine(argv: readonly string[]): Invocation {
  const [first, ...rest] = argv;
  if (first === undefined) throw new UsageError("no command given: run, merge or import");
  if (first === "--help" || first === "-h") return { kind: "help" };
  if (first === "--version" || first === "-V") return { kind: "version" };
  if (first === "help") return { kind: "help", ...(rest[0] && VERBS.includes(rest[0]) && { verb: rest[0] as Verb }) };
  if (!VERBS.includes(first))
    throw new UsageError(`unknown command '${first}': the commands are run, merge and import`);
  const verb = first as Verb;
  const end = rest.indexOf("--");
  // Asking for help is never bad usage, whatever else the line holds.
  if ((end === -1 ? rest : rest.slice(0, end)).some((arg) => arg === "--help" || arg === "-h"))
    return { kind: "help", verb };
  if (verb === "import") return { kind: "import", command: readImport(rest) };
  return { kind: "command", command: readFlags(verb, rest) };
}

function readImport(args: readonly string[]): ImportCommand {
  const [format, ...rest] = args;
  if (format === undefined || format.startsWith("-"))
    throw new UsageError(`no format given: the formats are ${IMPORT_FORMATS.join(", ")}`, "import");
  if (!(IMPORT_FORMATS as readonly string[]).includes(format))
    throw new UsageError(`unknown format '${format}': the formats are ${IMPORT_FORMATS.join(", ")}`, "import");
  const paths: string[] = [];
  const given: { predictions?: string; out?: string; repo?: string; quiet: boolean } = { quiet: false };
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === "--") {
      paths.push(...rest.slice(i + 1));
      break;
    }
    if (!arg.startsWith("-") || arg === "-") {
      paths.push(arg);
      continue;
    }
    const [flag = "", inline] = splitFlag(arg);
    const name = flag.replace(/^--/, "");
    if (name === "quiet") {
      if (inline !== undefined) throw new UsageError(`--quiet takes no value (got '${inline}')`, "import");
      given.quiet = true;
    } else if (flag.startsWith("--") && (name === "predictions" || name === "out" || name === "repo")) {
      const value = inline ?? rest[++i];
      if (value === undefined) throw new UsageError(`${flag} needs a value`, "import");
      given[name] = value;
    } else
      throw new UsageError(`unknown flag ${flag}: import takes --predictions, --repo, --out and --quiet`, "import");
  }
  if (paths.length === 0) throw new UsageError("no INSTANCES given", "import");
  if (paths.length > 1)
    throw new UsageError(`one INSTANCES file, not ${paths.length}: ${paths.map((p) => `'${p}'`).join(" ")}`, "import");
  if (given.repo !== undefined && !/^[^/\s]+\/[^/\s]+$/.test(given.repo))
    throw new UsageError(`--repo takes OWNER/NAME (as SWE-bench's repo: psf/requests), not '${given.repo}'`, "import");
  return { format: format as ImportFormat, instances: paths[0]!, ...given };
}

function readFlags(verb: Verb, args: readonly string[]): Command {
  const takes: readonly string[] = verb === "run" ? RUN_FLAGS : MERGE_FLAGS;
  const command: Command = { verb, inputs: {}, paths: [], quiet: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--") {
      command.paths.push(...args.slice(i + 1));
      break;
    }
    if (!arg.startsWith("-") || arg === "-") {
      command.paths.push(arg);
      continue;
    }
    const [flag = "", inline] = splitFlag(arg);
    const name = flag.replace(/^--/, "");
    if (name === "quiet") {
      if (inline !== undefined) throw new UsageError(`--quiet takes no value (got '${inline}')`, verb);
      command.quiet = true;
      continue;
    }
    if (!flag.startsWith("--") || (name !== "format" && !takes.includes(name)))
      throw new UsageError(unknownFlag(verb, flag), verb);
    const value = inline ?? args[++i];
    if (value === undefined) throw new UsageError(`${flag} needs a value`, verb);
    if (name === "format") command.format = parseFormat(value);
    else command.inputs[name as CliInput] = joined(name as CliInput, command.inputs[name as CliInput], value);
  }
  if (command.paths.length === 0) throw new UsageError(`no ${verb === "run" ? "FILE" : "REPORT"} given`, verb);
  return command;
}

/** The one-letter flags, by the long ones they stand for (`-h` is read before any other flag). */
const SHORT_FLAGS: Readonly<Record<string, string>> = { "-q": "--quiet" };

/** `--timeout=5s` → ["--timeout", "5s"]; `--timeout` → ["--timeout", undefined]; `-q` → ["--quiet", undefined]. */
function splitFlag(arg: string): [string, string | undefined] {
  const at = arg.indexOf("=");
  const [flag, value] = at === -1 ? [arg, undefined] : [arg.slice(0, at), arg.slice(at + 1)];
  return [SHORT_FLAGS[flag] ?? flag, value];
}

function unknownFlag(verb: Verb, flag: string): string {
  const name = flag.replace(/^--/, "");
  if ((ACTION_ONLY as readonly string[]).includes(name))
    return `${flag} is an input of the action only; sandbox-gate ${verb} judges the files it is given`;
  if (verb === "merge" && (CLI_INPUTS as readonly string[]).includes(name))
    return `${flag} is not a flag of merge, which runs nothing; it takes ${MERGE_FLAGS.map((n) => `--${n}`).join(", ")}`;
  return `unknown flag ${flag}`;
}

function parseFormat(value: string): Format {
  if (!(FORMATS as readonly string[]).includes(value))
    throw new InputError("format", `'${value}' is not one of ${FORMATS.join(", ")}`);
  return value as Format;
}

/** What stdout gets, and the inputs with a `-` path taken out (it is stdout, never a file named `-`). */
export function outputPlan(command: Command): {
  stdout: Format | "junit";
  inputs: Partial<Record<CliInput, string>>;
} {
  const { report, junit, ...others } = command.inputs;
  const toStdout = [report === "-" && ("json" as const), junit === "-" && ("junit" as const)].filter(
    (kind) => kind !== false,
  );
  if (toStdout.length > 1)
    throw new UsageError("--report - and --junit - both ask for stdout: write one of them to a file", command.verb);
  const asked = toStdout[0];
  if (asked && command.format && command.format !== asked)
    throw new UsageError(
      `--${asked === "json" ? "report" : "junit"} - prints on stdout, where --format ${command.format} asked for something else: give one of them`,
      command.verb,
    );
  const inputs = {
    ...others,
    ...(report !== undefined && report !== "-" && { report }),
    ...(junit !== undefined && junit !== "-" && { junit }),
  };
  return { stdout: asked ?? command.format ?? "table", inputs };
}

/**
 * The flags that name a file of the user's: read from where they stand, as any command's paths are.
 * The action reads them in the workspace, its `workdir`; the CLI's `--workdir` is the base tree only,
 * which is never written to.
 */
export const PATH_FLAGS = [
  "report",
  "junit",
  "audit-log",
  "baseline",
  "swe-bench-report",
  "resume",
] as const satisfies readonly CliInput[];

/**
 * The inputs with each PATH_FLAGS path made absolute against `cwd` (the base tree then leaves it alone). When
 * the base tree is the cwd, both resolve alike and the paths stay as typed, so errors name them as typed.
 */
export function pathsFrom(cwd: string, inputs: Partial<Record<CliInput, string>>): Partial<Record<CliInput, string>> {
  const resolved = { ...inputs };
  if (resolve(cwd, inputs.workdir ?? "") === resolve(cwd)) return resolved;
  for (const flag of PATH_FLAGS) {
    const path = inputs[flag];
    if (path) resolved[flag] = resolve(cwd, path);
  }
  return resolved;
}

export const EXIT = { passed: 0, failed: 1, usage: 2, ours: 3 } as const;

/**
 * 3 when our side failed a candidate (`sandbox_error`, when fail-on counts it, as by default): the gate
 * could not judge, so its "fail" says nothing about the code. Then 1 when anything else fails the gate, else 0.
 */
export function exitCodeOf(outcome: Pick<GateOutcome, "results" | "decision">, failOn: ReadonlySet<Status>): number {
  if (failOn.has("sandbox_error") && outcome.results.some((r) => r.status === "sandbox_error")) return EXIT.ours;
  return outcome.decision.failed ? EXIT.failed : EXIT.passed;
}

/** 2 for what the user can fix in the command line or an input; 3 for anything else, which is ours. */
export function exitCodeOfError(error: unknown): number {
  return error instanceof UsageError || error instanceof InputError ? EXIT.usage : EXIT.ours;
}
