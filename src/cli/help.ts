// The CLI's help, with each input flag's description and default read from action.yml: the action's
// inputs and the CLI's flags are one list, described once. The bundle reads the copy of action.yml the
// build puts beside it (ncc copies the file this URL names); a checkout reads the file itself.
import { readFileSync } from "node:fs";
import { parse } from "yaml";
import type { CliInput } from "../settings/entries.js";
import { CLI_DEFAULTS, MERGE_FLAGS, OUTPUT_FLAGS, RUN_FLAGS, type OutputFlag } from "./options.js";

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

/** Read only when help is asked for: a run never parses YAML. */
export function readActionInputs(): Map<string, ActionInput> {
  return parseActionInputs(readFileSync(new URL("../../action.yml", import.meta.url), "utf8"));
}

/** action.yml's Markdown-ish descriptions as a terminal shows them: no backticks, emphasis or link syntax. */
export function plain(markdown: string): string {
  return markdown
    .replace(/\[([^\]]+)\]\(([^)]+)\)/g, "$1 ($2)")
    .replace(/\*\*([^*]+)\*\*/g, "$1")
    .replace(/`([^`]+)`/g, "$1")
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

function outputEntries(): string[] {
  return (Object.entries(OUTPUT_FLAGS) as Array<[OutputFlag, (typeof OUTPUT_FLAGS)[OutputFlag]]>).flatMap(
    ([name, flag]) => flagEntry(`--${name}${flag.value ? ` ${flag.value}` : ""}`, flag.description, flag.shown),
  );
}

export const EXIT_STATUS = [
  "Exit status:",
  "  0  nothing failed the gate",
  "  1  a candidate failed the gate (its status is in --fail-on)",
  "  2  bad usage or a bad input value; nothing ran",
  "  3  our side failed: a candidate ended sandbox_error (engine down, image",
  "     missing, pull failed), or sandbox-gate itself failed",
];

const COLOURS =
  "Colours on a terminal only; NO_COLOR (set, not empty) turns them off, FORCE_COLOR turns them on (FORCE_COLOR=0 off).";

export const RUN_USAGE = "usage: sandbox-gate run [FLAG]... FILE...";
export const MERGE_USAGE = "usage: sandbox-gate merge [FLAG]... REPORT...";

export const TOP_USAGE = [RUN_USAGE, MERGE_USAGE.replace("usage:", "      "), "       sandbox-gate --version"].join(
  "\n",
);

export const TOP_HELP = [
  TOP_USAGE,
  "",
  "Commands:",
  "  run    judge each candidate in a locked-down container; gate on the outcome",
  "  merge  merge the JSON reports of shard runs (--shard i/n) into one decision",
  "",
  "sandbox-gate run --help, sandbox-gate merge --help: every flag with its default.",
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

export function helpOf(verb: keyof typeof ABOUT, inputs: Map<string, ActionInput> = readActionInputs()): string {
  const { usage, text, flags } = ABOUT[verb];
  return commandHelp(usage, text, flags, inputs);
}

export const runHelp = (inputs?: Map<string, ActionInput>): string => helpOf("run", inputs);
export const mergeHelp = (inputs?: Map<string, ActionInput>): string => helpOf("merge", inputs);
