// Which inputs each entry takes. The action takes every one; the CLI all but the action's own; the
// library those that shape one judgement. One list of each kept out, so a new input is a flag and an
// option unless it is named here.
import { DEFAULTS, type InputName } from "./settings.js";

/**
 * The action's alone: a pull request's conversation, its comment and token, and `source`/`files`,
 * which the CLI's FILE arguments replace (and `merge`, its own command there). Some are added by
 * branches not merged yet; naming them here first keeps them off the CLI the day they land.
 */
export const ACTION_ONLY = [
  "source",
  "files",
  "authors",
  "comment",
  "github-token",
  "merge",
  "decide",
  "rejudge",
  "comment-key",
  "post-report",
  "matrix",
] as const;

/** A batch's, not one judgement's: its quota, its slice, its reports, its scores and its decision. Not library options. */
export const BATCH_ONLY = [
  "max-candidates",
  "fail-on",
  "shard",
  "baseline",
  "report",
  "junit",
  "audit-log",
  "pass-at-k",
  "swe-bench-report",
  "resume",
] as const;

export type CliInput = Exclude<InputName, (typeof ACTION_ONLY)[number]>;
export type LibraryInput = Exclude<CliInput, (typeof BATCH_ONLY)[number]>;

const INPUTS = Object.keys(DEFAULTS) as InputName[];
const left = (out: readonly string[]) => (name: InputName) => !out.includes(name);

/** The CLI's flags for the inputs, in the order DEFAULTS declares them. */
export const CLI_INPUTS = INPUTS.filter(left(ACTION_ONLY)) as CliInput[];

/** The library's options, in kebab case: `openSandbox` takes each in camelCase. */
export const LIBRARY_INPUTS = CLI_INPUTS.filter(left(BATCH_ONLY)) as LibraryInput[];
