// The container engine behind a small interface, so the pipeline is tested without one
// and each implementation is tested against a real engine.
import type { RunFacts } from "../model.js";

export interface SandboxFile {
  /** Relative path inside the work dir; never absolute, never `..`. */
  path: string;
  content: string | Uint8Array;
  /** Unpacked with mode 0755 rather than 0644: a script the test command runs as `./x`. */
  executable?: boolean;
}

export interface Limits {
  timeoutMs: number;
  memoryBytes: number;
  cpus: number;
  pidsLimit: number;
  maxOutputBytes: number;
  /** Size of the tmpfs work dir (and of /tmp); also the largest file a process may write. */
  workdirBytes: number;
  /** OCI runtime, e.g. `runsc`; empty for the engine's default. */
  runtime?: string;
}

/** One candidate's run: files in through stdin, an optional parse check, then the test command. */
export interface SandboxJob {
  image: string;
  files: SandboxFile[];
  /** argv that parses the code without running it; empty or absent to skip the check. */
  check?: string[];
  /** Shell command run in the work dir (from settings, never from candidate text). */
  command: string;
  limits: Limits;
  /** Labels put on the container so leftovers of a run can be found and removed. */
  labels: Record<string, string>;
}

export interface ContainerEngine {
  /** Runs one job in a fresh container; never throws: our failures come back as `sandboxError`. */
  run(job: SandboxJob): Promise<RunFacts>;
  hasImage(image: string): Promise<boolean>;
  /** Pulls once; throws with the engine's message on failure (retries are the caller's). */
  pull(image: string): Promise<void>;
  /** Removes every container carrying `label` (`key=value`); returns their names. */
  removeLabelled(label: string): Promise<string[]>;
}

/** The label every container of ours carries; its value is the run id. */
export const RUN_LABEL = "io.github.sandbox-gate.run";
