// The container engine behind one small interface, so the pipeline is tested without one and each
// implementation (engines/: the docker or podman CLI, the Engine API's fresh pool, `isolation: run`'s
// shared containers) meets the same contract against a real engine (test/integration/engines.test.ts).
import type { Limits, RunFacts, SandboxFile, ServiceSpec } from "../core/model.js";
import type { EngineApi } from "./engines/api/engine-api.js";
import type { NameFilesOf } from "./policy.js";

/** One candidate's run: files in through stdin, an optional parse check, then the test command. */
export interface SandboxJob {
  image: string;
  files: SandboxFile[];
  /** argv that parses the code without running it; empty or absent to skip the check. */
  check?: string[];
  /**
   * The check runs `command` itself once the code parses, writing the run marker first (a language's
   * checkAndRun): one interpreter for both. Never with `results`.
   */
  checkRuns?: boolean;
  /** Shell command run in the work dir (from settings, never from candidate text). */
  command: string;
  limits: Limits;
  /** Labels put on the container so leftovers of a run can be found and removed. */
  labels: Record<string, string>;
  /** A directory of `image` holding the tree the candidate starts from, copied into the work dir before `files` (run-image.ts). */
  treeDir?: string;
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

export interface RunHooks {
  /** Called with the name of the container the run gets, before anything of the candidate is in it. */
  onContainer?: (name: string) => void;
  /** The markers' nonce; a fresh random one when absent (tests set one to look for it). */
  nonce?: string;
}

/**
 * An engine's life: any number of runs, then `close()`, or `abort()` when the job is cancelled. Each run
 * happens in a container no earlier candidate's code has run in, except under `isolation: run`, where a
 * container serves many candidates of one trusted run, each after a reset (engines/api/shared.ts).
 */
export interface ContainerEngine {
  /** Runs one job; never throws: our failures come back as `sandboxError`. */
  run(job: SandboxJob, hooks?: RunHooks): Promise<RunFacts>;
  hasImage(image: string): Promise<boolean>;
  /** Pulls once; throws with the engine's message on failure (retries are the caller's). */
  pull(image: string): Promise<void>;
  /** Removes every container carrying `label` (`key=value`); returns their names. */
  removeLabelled(label: string): Promise<string[]>;
  /**
   * Waits until every container of the engine's finished runs is removed (and removes the ones kept
   * ahead of need); returns the removals that failed since the last call (`name: reason`), to report.
   */
  close(): Promise<string[]>;
  /** Ends every run in flight and refuses new ones, for a cancelled job; returns the containers removed. */
  abort(): Promise<string[]>;
  /**
   * The Engine API the engine runs candidates through, when it does: what else the run asks of the engine
   * (its run images, run.ts) goes the same way, no CLI process per call.
   */
  readonly api?: EngineApi;
  /**
   * The name files its containers without a network bind in place of docker's network hook (policy.ts), when
   * it makes them so: the run images made through `api` bind the same.
   */
  readonly nameFiles?: NameFilesOf;
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

/** What judging candidates needs of an engine: runs and images. Its lifecycle is the run session's. */
export type JudgingEngine = Pick<ContainerEngine, "run" | "hasImage" | "pull">;
