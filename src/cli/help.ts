// The CLI's help, with each input flag's description and default read from action.yml: the action's
// inputs and the CLI's flags are one list, described once. The bundle reads the copy of action.yml the
// build puts beside it (ncc copies the file this URL names); a checkout reads the file itself.
import { existsSync, readFileSync } from "node:fs";
import { parse } from "yaml";
import type { CliInput } from "../settings/entries.js";
import {
  CLI_DEFAULTS,
  IMPORT_FLAGS,
  MERGE_FLAGS,
  OUTPUT_FLAGS,
  RUN_FLAGS,
  type OutputFlag,
  type Verb,
} from "./options.js";

export interface ActionInput {
  description: string;
  default: string;
}

/** The `inputs:` of an action.yml, by name. */
export function parseActionInputs(yml: string): Map<string, ActionInput> {
  // action.yml's values are scalars; a default such as `${{ github.token }}` is a string like any other.
  type Scalar = string | number | boolean;
  const inputs = (parse(yml) as { inputs?: Record<string, { description?: Scalar; default?: Scalar }> }).inputs;
  return new Map(
    Object.entries(inputs ?? {}).map(([name, input]) => [
      name,
      { description: String(input.description ?? ""), default: String(input.default ?? "") },
    ]),
  );
}

/**
 * Where action.yml is: beside the bundle (dist/action.yml, which the build copies there), or at the root
 * of the source tree (src/cli/ run by tsx). Not a literal URL: the bundler would rename the file it finds.
 */
const ACTION_YML_PLACES = ["action.yml", "../../action.yml"];

/** Read only when help is asked for: a run never parses YAML. */
export function readActionInputs(): Map<string, ActionInput> {
  const found = ACTION_YML_PLACES.map((place) => new URL(place, import.meta.url)).find((url) => existsSync(url));
  if (!found) throw new Error(`action.yml is not beside ${import.meta.url} nor at the root of its source tree`);
  return parseActionInputs(readFileSync(found, "utf8"));
}

/**
 * `**strong**` as Markdown reads it: the opener starts a word, the closer ends one. A glob's `**`
 * (`.github/**`, `more/**`) is neither, so it stays.
 */
const STRONG = /(^|[\s(])\*\*(?=\S)([^*]*?\S)\*\*(?=$|[\s.,;:!?)])/g;

/** action.yml's Markdown-ish descriptions as a terminal shows them: no backticks, emphasis or link syntax. */
export function plain(markdown: string): string {
  const linked = markdown.replace(/\[([^\]]+)\]\(([^)]+)\)/g, "$1 ($2)");
  // Split on code spans (the odd parts): what a code span holds is shown as written, never as emphasis.
  return linked
    .split(/(`[^`]+`)/)
    .map((part, i) => (i % 2 === 1 ? part.slice(1, -1) : part.replace(STRONG, "$1$2")))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
}

const WIDTH = 80;
const INDENT = "      ";

/**
 * `text` in lines of at most WIDTH columns (a longer word keeps its own line), each indented; `last`
 * goes at the end unbroken.
 */
export function wrap(text: string, indent = INDENT, width = WIDTH, last?: string): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of [...text.split(" ").filter(Boolean), ...(last === undefined ? [] : [last])]) {
    if (line && indent.length + line.length + 1 + word.length > width) {
      lines.push(indent + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(indent + line);
  return lines;
}

/** What `--help` shows as a flag's default: the CLI's own where it differs from the action's. */
export function shownDefault(name: CliInput, actionDefault: string): string {
  return CLI_DEFAULTS[name]?.shown ?? (actionDefault === "" ? "unset" : actionDefault);
}

function flagEntry(flag: string, description: string, shown: string): string[] {
  return [`  ${flag}`, ...wrap(description, INDENT, WIDTH, `[default: ${shown}]`)];
}

function inputEntries(names: readonly CliInput[], inputs: Map<string, ActionInput>): string[] {
  return names.flatMap((name) => {
    const input = inputs.get(name);
    // A test keeps DEFAULTS and action.yml in step; a flag without a description is a bug worth showing.
    if (!input) throw new Error(`action.yml declares no input '${name}'`);
    return flagEntry(`--${name} VALUE`, plain(input.description), shownDefault(name, input.default));
  });
}

type OwnFlags = Record<string, { value: string; description: string; shown: string }>;

/** The entries of a command's own flags (not action inputs): a name, its argument, what it does. */
function ownEntries(flags: OwnFlags): string[] {
  return Object.entries(flags).flatMap(([name, flag]) =>
    flagEntry(`--${name}${flag.value ? ` ${flag.value}` : ""}`, flag.description, flag.shown),
  );
}

function outputEntries(): string[] {
  return ownEntries(OUTPUT_FLAGS satisfies Record<OutputFlag, unknown>);
}

export const EXIT_STATUS = [
  "Exit status:",
  "  0  nothing failed the gate",
  "  1  a candidate failed the gate (its status is in --fail-on)",
  "  2  bad usage or a bad input value; nothing ran",
  "  3  our side failed: a candidate ended sandbox_error (engine down, image",
  "     missing, pull failed), or sandbox-gate itself failed",
  "  130, 143  cancelled (SIGINT: Ctrl-C; SIGTERM): the run's containers removed,",
  "     nothing decided",
];

const COLOURS =
  "Colours on a terminal only; NO_COLOR (set, not empty) turns them off, FORCE_COLOR turns them on (FORCE_COLOR=0 off).";

export const RUN_USAGE = "usage: sandbox-gate run [FLAG]... FILE...";
export const MERGE_USAGE = "usage: sandbox-gate merge [FLAG]... REPORT...";
export const IMPORT_USAGE = "usage: sandbox-gate import swe-bench [FLAG]... INSTANCES";

export const TOP_USAGE = [
  RUN_USAGE,
  MERGE_USAGE.replace("usage:", "      "),
  IMPORT_USAGE.replace("usage:", "      "),
  "       sandbox-gate --version",
].join("\n");

/** The usage line a bad command line is answered with. */
export function usageOf(verb: Verb | undefined): string {
  return verb === "run" ? RUN_USAGE : verb === "merge" ? MERGE_USAGE : verb === "import" ? IMPORT_USAGE : TOP_USAGE;
}

export const TOP_HELP = [
  TOP_USAGE,
  "",
  "Commands:",
  "  run     judge each candidate in a locked-down container; gate on the outcome",
  "  merge   merge the JSON reports of shard runs (--shard i/n) into one decision",
  "  import  turn another format's files (swe-bench) into dataset lines for run",
  "",
  "sandbox-gate COMMAND --help: every flag of the command with its default.",
  "",
  ...EXIT_STATUS,
].join("\n");

function commandHelp(usage: string, about: string, names: readonly CliInput[], inputs: Map<string, ActionInput>) {
  return [
    usage,
    "",
    ...wrap(about, ""),
    "",
    "Output:",
    ...outputEntries(),
    "",
    "Inputs (the action's, as flags; descriptions and defaults from action.yml):",
    ...inputEntries(names, inputs),
    "",
    ...EXIT_STATUS,
    ...wrap(COLOURS, ""),
  ].join("\n");
}

/** What each command's help says about it, beside its usage line and its flags. */
const ABOUT = {
  run: {
    usage: RUN_USAGE,
    flags: RUN_FLAGS,
    text: "Judges every candidate in the FILEs, each in a fresh, locked-down container, and decides the gate as the action does. FILEs are replies (.md, .txt), patches (.patch, .diff), datasets (.jsonl), or directories: every such file under them. The results go to stdout; progress and the summary to stderr.",
  },
  merge: {
    usage: MERGE_USAGE,
    flags: MERGE_FLAGS,
    text: "Merges the JSON reports of shard runs (run --shard i/n --report FILE) into one report and decides the gate as if one run had judged every candidate; a missing or doubled shard is an error. REPORTs are files or directories (every .json file under them).",
  },
} as const;

const IMPORT_ABOUT =
  "Turns SWE-bench's files into dataset lines (JSONL) that sandbox-gate run judges with only --workdir (a clone of the repository) and --image (its environment): INSTANCES is a JSON array or JSONL of instances (instance_id, repo, version, base_commit, patch, test_patch, FAIL_TO_PASS, PASS_TO_PASS as lists or JSON strings), plain or gzipped (.jsonl.gz, .json.gz). Each line is one instance with its gold patch, or with --predictions one prediction with its model_patch (an instance nobody predicted is left out; a prediction of an instance not given is counted and skipped); task is the instance_id, and an instance with several predictions gets the ids instance_id#1, #2... Each line keeps repo, and carries SWE-bench's test command for its repository and version on the test_patch's test files (each file name one shell word, never an option), the results_format (SWE-bench's log parser) that reads its output, and model (model_name_or_path, or gold). SWE-bench 5.0's image, log_parser and eval_script are taken when an instance has them. Test ids are kept as SWE-bench writes them; on a line of a repository SWE-bench does not know (no command: the summary names it, pass --command), pytest's node ids become the report's JUnit ids. A null or empty model_patch is kept as patch \"\", which the gate judges patch_failed, never resolved. Nothing runs.";

export const IMPORT_EXIT_STATUS = [
  "Exit status:",
  "  0  every record was imported",
  "  2  bad usage, a bad record (named by file:line, file[index] or instance_id)",
  "     or a gzip that does not unzip; with --out, no file is written",
  "  3  sandbox-gate itself failed",
];

/** import's help: its own flags, none of the action's inputs. */
export function importHelp(): string {
  return [
    IMPORT_USAGE,
    "",
    ...wrap(IMPORT_ABOUT, ""),
    "",
    "Flags:",
    ...ownEntries(IMPORT_FLAGS),
    "",
    ...IMPORT_EXIT_STATUS,
  ].join("\n");
}

export function helpOf(verb: Verb, inputs?: Map<string, ActionInput>): string {
  if (verb === "import") return importHelp();
  const { usage, text, flags } = ABOUT[verb];
  inputs ??= readActionInputs();
  return commandHelp(usage, text, flags, inputs);
}

export const runHelp = (inputs?: Map<string, ActionInput>): string => helpOf("run", inputs);
export const mergeHelp = (inputs?: Map<string, ActionInput>): string => helpOf("merge", inputs);
