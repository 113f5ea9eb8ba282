// What one candidate's run is (SandboxJob) and the labels that tell a run's containers from others':
// the sandbox's ground floor, which the lock-down (policy.ts), the driver and every engine speak.
import type { Limits, SandboxFile, ServiceSpec } from "../core/model.js";

/** One candidate's run: files in through stdin, an optional parse check, then the test command. */
export interface SandboxJob {
  image: string;
  files: SandboxFile[];
  /** argv that parses the code without running it; empty or absent to skip the check. */
  check?: string[];
  /**
   * The end guard's text (languages/python-guard.ts), which the driver puts first on PYTHONPATH for the
   * command: a Python program the command starts that exits 0 before its end then exits 1. Absent where the
   * check runs the command itself (`checkRuns`: the candidate's own file is the program).
   */
  guard?: string;
  /**
   * The check runs `command` itself once the code parses, writing the run marker first (a language's
   * checkAndRun): one interpreter for both. Never with `results`.
   */
  checkRuns?: boolean;
  /**
   * The files `check` names, for a checker kept warm for the run (warm-check.ts, the language's checkServer
   * as `server`): an engine that keeps one asks it first and runs the job without `check` when it answers
   * that every one of them parses; otherwise the job runs as it is. Never with `checkRuns`.
   */
  warmCheck?: { server: readonly string[]; sources: ReadonlyArray<string | Uint8Array> };
  /** Shell command run in the work dir (from settings, never from candidate text). */
  command: string;
  limits: Limits;
  /** Labels put on the container so leftovers of a run can be found and removed. */
  labels: Record<string, string>;
  /** An archive in `image` of the tree the candidate starts from, unpacked into the work dir before `files` (run-image.ts's RUN_TREE). */
  tree?: string;
  /**
   * The work dir (a tmpfs, as ever), where the image's environment expects the repository (SWE-bench's
   * `/testbed`) instead of policy.ts's WORKDIR. Checked by core/paths.ts's checkSandboxDir.
   */
  workdir?: string;
  /** Paths of that tree to delete before `files` are unpacked: what a patch deletes. */
  deleted?: string[];
  /**
   * `find -path` patterns (relative to the work dir) of files to bring back after the command: the test
   * results. The command then runs as the driver's child (driver.ts).
   */
  results?: string[];
  /**
   * For a log parser: the command's stdout and stderr are also kept whole up to this many bytes, as one
   * log (RunFacts.log), while the report's streams stay capped at `limits.maxOutputBytes`.
   */
  keepLog?: number;
  /** Which attempt this is (1 for the first): the sandbox's SANDBOX_GATE_ATTEMPT, for a test to tell reruns apart. */
  attempt?: number;
  /** Started fresh for this run, on a network of its own (services.ts's ServicesEngine). */
  services?: readonly ServiceSpec[];
  /**
   * The internal network the sandbox joins, made for this run's services (set by ServicesEngine alone);
   * absent: no network at all.
   */
  network?: string;
}

/** The label every container of ours carries; its value is the run id. */
export const RUN_LABEL = "io.github.sandbox-gate.run";

/**
 * Set in the environment, every container and run image also carries OWNER_LABEL=<its value>: whoever
 * starts many runs on one engine (a test suite, a runner shared by jobs) can tell all of theirs from
 * another's that shares the engine, whose run ids they cannot know.
 */
export const OWNER_ENV = "SANDBOX_GATE_OWNER";
export const OWNER_LABEL = "io.github.sandbox-gate.owner";

/** A job's labels, plus the owner's when SANDBOX_GATE_OWNER is set. */
export function withOwner(
  labels: Record<string, string>,
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const owner = env[OWNER_ENV];
  return owner ? { ...labels, [OWNER_LABEL]: owner } : labels;
}
