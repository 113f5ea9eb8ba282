// The container engine behind one small interface, so the pipeline is tested without one and each
// implementation (engines/: the docker or podman CLI, the Engine API's fresh pool, `isolation: run`'s
// shared containers) meets the same contract against a real engine (test/integration/engines.test.ts).
import type { RunFacts } from "../core/model.js";
import type { EngineApi } from "./engines/api/engine-api.js";
import type { SandboxJob } from "./job.js";
import type { NameFilesOf } from "./policy.js";

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

/** What judging candidates needs of an engine: runs and images. Its lifecycle is the run session's. */
export type JudgingEngine = Pick<ContainerEngine, "run" | "hasImage" | "pull">;
