// A run cancelled from outside (Ctrl-C's SIGINT, a cancelled job's SIGTERM), said in the CLI's words: how
// far the judging got, and that a cancelled run decides nothing. The exit is 128 + the signal's number
// (130, 143), as a shell reports a process a signal ended, never the 3 of our failure: the candidates the
// cancel stopped end sandbox_error in the run, but nothing failed on our side. The run's own handler
// (installed with the engine) removes its containers and exits so; until it is installed, this one
// exits, as Node would have.
import { constants } from "node:os";

export const CANCEL_SIGNALS = ["SIGINT", "SIGTERM"] as const;
export type CancelSignal = (typeof CANCEL_SIGNALS)[number];

/** 128 + the signal's number: 130 for SIGINT, 143 for SIGTERM. */
export function exitCodeOfSignal(signal: CancelSignal): number {
  return 128 + constants.signals[signal];
}

/** What the CLI says when cancelled; `total` undefined: the candidates were not known yet. */
export function cancelledLine(signal: CancelSignal, judged: number, total: number | undefined): string {
  const far = total === undefined ? "before any candidate was judged" : `${judged} of ${total} candidate(s) judged`;
  return `cancelled by ${signal}: ${far}; a cancelled run decides nothing (exit ${exitCodeOfSignal(signal)})`;
}

/** What a CancelWatch needs of `process`. */
export interface SignalSource {
  on(signal: CancelSignal, listener: (signal: CancelSignal) => void): unknown;
  off(signal: CancelSignal, listener: (signal: CancelSignal) => void): unknown;
  listenerCount(signal: CancelSignal): number;
  exit(code: number): never;
}

/** Watches for a cancel while a run goes on: says it once, and knows the exit code it calls for. */
export class CancelWatch {
  #signal: CancelSignal | undefined;
  #judged = 0;
  #total: number | undefined;

  constructor(
    private readonly say: (line: string) => void,
    private readonly source: SignalSource = process,
  ) {
    for (const signal of CANCEL_SIGNALS) source.on(signal, this.#cancel);
  }

  /** SessionIO's `judged`: how far the judging is, for the line a cancel says. */
  readonly judged = (done: number, total: number): void => {
    this.#judged = done;
    this.#total = total;
  };

  /** The signal that cancelled the run; undefined while none has. */
  get signal(): CancelSignal | undefined {
    return this.#signal;
  }

  /** The exit code a cancelled run ends with; undefined while none has. */
  get exitCode(): number | undefined {
    return this.#signal && exitCodeOfSignal(this.#signal);
  }

  /** Stops watching: the run is over, and a signal now is the run handler's alone. */
  dispose(): void {
    for (const signal of CANCEL_SIGNALS) this.source.off(signal, this.#cancel);
  }

  readonly #cancel = (signal: CancelSignal): void => {
    // A second signal is the run handler's: it exits at once.
    if (this.#signal) return;
    this.#signal = signal;
    this.say(cancelledLine(signal, this.#judged, this.#total));
    // Alone, no handler of the run's will end it (none is installed before the engine is open, or in a
    // merge): a listener takes Node's own exit on the signal away, so this one exits.
    if (this.source.listenerCount(signal) === 1) this.source.exit(exitCodeOfSignal(signal));
  };
}
