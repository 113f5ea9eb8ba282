// The one error a bad input value raises, whatever reads it: settings, globs, dataset lines, reports.
// Whoever raises it names the input as action.yml does; the entry the user came through decides how
// the message words that name, since the user typed `--timeout` on a command line, `timeout:` in a
// workflow, or `{ timeout }` in code.

/** How an entry names an input to its user: the action's `Input 'pids-limit'`, the CLI's `--pids-limit`, the library's `pidsLimit`. */
export type InputNaming = "action" | "cli" | "library";

/** `pids-limit` → `pidsLimit`: the library's option for an input. */
export function camelCase(input: string): string {
  return input.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/** The name of `input` as the entry's user wrote it. */
export function nameOfInput(input: string, naming: InputNaming): string {
  // Upper-case names are the CLI's positional arguments (FILE, REPORT), not inputs: shown as they are.
  if (/^[A-Z]+$/.test(input)) return input;
  if (naming === "cli") return `--${input}`;
  if (naming === "library") return `option '${camelCase(input)}'`;
  return `Input '${input}'`;
}

/** A bad input value: the message names the input, so one line tells the user what to fix. */
export class InputError extends Error {
  constructor(
    readonly input: string,
    /** What is wrong with the value, without the input's name. */
    readonly detail: string,
    readonly naming: InputNaming = "action",
  ) {
    super(`${nameOfInput(input, naming)}: ${detail}`);
    this.name = "InputError";
  }

  /** The same error, worded for `naming`'s entry. */
  in(naming: InputNaming): InputError {
    return new InputError(this.input, this.detail, naming);
  }
}
