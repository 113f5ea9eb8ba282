// The one error a bad input value raises, whatever reads it: settings, globs, dataset lines, reports.
/** A bad input value: the message names the input, so one line tells the user what to fix. */
export class InputError extends Error {
  constructor(
    readonly input: string,
    detail: string,
  ) {
    super(`Input '${input}': ${detail}`);
    this.name = "InputError";
  }
}
