// Run facts for unit tests that script an engine: a clean run that exited 0, and what a test changes.
import type { CapturedStream, RunFacts } from "../../src/core/model.js";

/** A captured stream that holds `text` whole. */
export function captured(text = ""): CapturedStream {
  return { text, truncated: false, bytes: Buffer.byteLength(text) };
}

export function runFacts(over: Partial<RunFacts> = {}): RunFacts {
  return {
    phase: "run",
    exitCode: 0,
    signal: null,
    timedOut: false,
    oomKilled: false,
    stdout: captured(),
    stderr: captured(),
    checkOutput: "",
    durationMs: 42,
    ...over,
  };
}
