// What the engine tests give an engine: the suite's limits, and a Python candidate as a job.
import { LANGUAGES } from "../../src/languages/registry.js";
import { RUN_LABEL, type SandboxJob } from "../../src/sandbox/job.js";
import { type Limits } from "../../src/core/model.js";
import { TEST_IMAGE } from "./support.js";

export const MiB = 1024 * 1024;

/** The engine tests' limits unless a test sets its own: roomy enough that only the limit a test means decides. */
export const TEST_LIMITS: Limits = {
  timeoutMs: 10_000,
  memoryBytes: 128 * MiB,
  cpus: 1,
  pidsLimit: 64,
  maxOutputBytes: 64 * 1024,
  workdirBytes: 8 * MiB,
};

/** `python` saved as solution.py, parse-checked by the preset's check, then run by its command, labelled with `runId`. */
export function pythonJob(
  python: string,
  runId: string,
  over: Partial<Omit<SandboxJob, "limits">> & { limits?: Partial<Limits> } = {},
): SandboxJob {
  return {
    image: TEST_IMAGE,
    files: [{ path: "solution.py", content: python }],
    command: LANGUAGES.python.command,
    check: LANGUAGES.python.check("solution.py"),
    labels: { [RUN_LABEL]: runId },
    ...over,
    limits: { ...TEST_LIMITS, ...over.limits },
  };
}

/** pythonJob as the pipeline gives the preset's command: one interpreter checks, then runs (checkAndRun). */
export function checkAndRunJob(python: string, runId: string, over: Parameters<typeof pythonJob>[2] = {}): SandboxJob {
  const job = pythonJob(python, runId, over);
  return { ...job, check: LANGUAGES.python.checkAndRun!("solution.py", job.command), checkRuns: true };
}
