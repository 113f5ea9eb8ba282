// The values that flow through the pipeline: candidates in, classified results out.
import type { Report, Result, Skipped } from "./schemas/report.js";

export { STATUSES, type Status } from "./statuses.js";

/** Per-candidate settings a dataset line (or a future source) may override. */
export interface CandidateOverrides {
  command?: string;
  /** A language's name; the dataset line's schema holds it to the languages the gate knows (languages/). */
  language?: string;
  target?: string;
  timeoutMs?: number;
  /** The sandbox image for this candidate, instead of the run's. */
  image?: string;
  /**
   * The directory of the image where its environment expects the repository (SWE-bench's `/testbed`): the
   * sandbox's work dir, starting from what the image holds there. Absolute, checked (core/paths.ts).
   */
  imageWorkdir?: string;
  /** A results format's name (settings' RESULTS_FORMATS), instead of the run's. */
  resultsFormat?: string;
}

/** One thing to judge: a model's reply or a patch, with where it came from. */
export interface Candidate {
  id: string;
  /** Where it came from, as a user would look it up: a comment URL, `path`, or `path:line`. */
  source: string;
  kind: "reply" | "patch";
  /** The reply or the patch as text (a file's bytes read as UTF-8). */
  text: string;
  /** A patch file's bytes, as read: what the patch is parsed from when present, since `text` may have lost some. */
  bytes?: Uint8Array;
  url?: string;
  author?: string;
  /** The problem this candidate is a sample of (dataset `task`), for pass@k. */
  task?: string;
  /** Extra files for this candidate only (dataset `files`), relative path → content. */
  files?: Record<string, string>;
  overrides?: CandidateOverrides;
  /** The repository the candidate is a task of (`owner/name`), when its line says. */
  repo?: string;
  /** The model whose prediction the candidate is (SWE-bench's `model_name_or_path`), when its line says. */
  model?: string;
  /** SWE-bench's fields of a dataset line: the commit it starts from, its trusted tests, what must pass. */
  instance?: Instance;
}

/**
 * A task at its own commit, as SWE-bench states one: the candidate's base tree is `baseCommit`'s tracked
 * files (read with git, never checked out), `testPatch` is applied after the candidate's patch and its
 * files win, and the listed tests (ids as the report writes them) decide `resolved`.
 */
export interface Instance {
  baseCommit?: string;
  testPatch?: string;
  failToPass?: string[];
  passToPass?: string[];
}

/** The candidate's code that reaches into the judge, where it is (prepare/tamper.ts). */
export type Tampering = NonNullable<Result["tampering"]>[number];

/** A parser's complaint, located where the parser could say. */
export type SyntaxInfo = NonNullable<Result["syntax"]>;

/** One output stream as kept: capped, never invalid UTF-8. */
export interface CapturedStream {
  text: string;
  truncated: boolean;
  /** Bytes the stream really carried, kept or not. */
  bytes: number;
}

/** The furthest phase the sandbox reached before the container ended. */
export type Phase = "setup" | "check" | "run";

/**
 * The container's memory as the engine counts it (the kernel's usage less reclaimable page cache, as
 * `docker stats` shows it), read at the moment our clock ran out, before the kill.
 */
export interface MemorySample {
  usedBytes: number;
  limitBytes: number;
}

/** What the engine observed about one sandbox run, before any judgement. */
export interface RunFacts {
  phase: Phase;
  exitCode: number | null;
  signal: string | null;
  timedOut: boolean;
  oomKilled: boolean;
  /** Taken when our timeout fired; absent when it did not fire or the engine could not say. */
  memoryAtTimeout?: MemorySample;
  stdout: CapturedStream;
  stderr: CapturedStream;
  /** Output of the parse check when it failed (phase `check`, non-zero exit). */
  checkOutput: string;
  /** The checker's own verdict line (JSON), on the nonce-marked channel the candidate's text cannot reach. */
  checkVerdict?: string;
  /** The files the job's `results` named, as a tar, when the command ended and the driver sent them. */
  results?: { bytes: Uint8Array; truncated: boolean };
  /**
   * With the job's `keepLog`: the command's stdout and stderr (after the run marker, nothing of ours), as
   * one log of whole lines up to that bound; `truncated` when more came.
   */
  log?: { bytes: Uint8Array; truncated: boolean };
  durationMs: number;
  /**
   * From the sandbox's CPU counters, where the engine reads them (clock.ts): the CPU time the candidate's
   * processes used and the time they were ready to run and made to wait for a CPU, from the run marker.
   * `cpuMs` without `waitedMs`: the wait could not be read (a remote engine's), so the wall clock decided.
   */
  cpuMs?: number;
  waitedMs?: number;
  /** Set when our side failed: the engine, the image, the set-up inside the container. */
  sandboxError?: string;
}

// A result and a skipped candidate are what the JSON report lists: their shape is the report's schema.
export type { Result, Skipped };

export interface SandboxFile {
  /** Relative path inside the work dir; never absolute, never `..`. */
  path: string;
  content: string | Uint8Array;
  /** Unpacked with mode 0755 rather than 0644: a script the test command runs as `./x`. */
  executable?: boolean;
  /** A symbolic link to this path (relative, inside the tree) instead of a file; `content` is unused. */
  linkTarget?: string;
}

/** The bytes `files` hold: what a tree of them weighs in a work dir, or streamed into one. */
export function filesBytes(files: Iterable<SandboxFile>): number {
  let bytes = 0;
  for (const file of files)
    bytes += typeof file.content === "string" ? Buffer.byteLength(file.content) : file.content.byteLength;
  return bytes;
}

/**
 * One of the `services` input's lines: a container started fresh beside every sandbox run, on a network
 * of that run's own, reachable from the sandbox as `name` (sandbox/services.ts).
 */
export interface ServiceSpec {
  /** The host name the sandbox reaches it by: a DNS label. */
  name: string;
  image: string;
  /** The container's command (after the image's entrypoint); empty: the image's own CMD. */
  args: string[];
}

export interface Limits {
  /** The time the candidate had: its wall clock less the time it was made to wait for a CPU. */
  timeoutMs: number;
  /** The wall-clock backstop (`wall-timeout`); absent: five times the timeout, a minute over it at least. */
  wallTimeoutMs?: number;
  memoryBytes: number;
  cpus: number;
  pidsLimit: number;
  maxOutputBytes: number;
  /** Size of the tmpfs work dir (and of /tmp); also the largest file a process may write. */
  workdirBytes: number;
  /** OCI runtime, e.g. `runsc`; empty for the engine's default. */
  runtime?: string;
}

/** The base run as the JSON report lists it (`compare: base`). */
export type ReportedBase = NonNullable<Report["base"]>;

/** Whether the run fails the check, and why, in a line. */
export interface GateDecision {
  failed: boolean;
  reason: string;
}

export interface GateOutcome {
  results: Result[];
  skipped: Skipped[];
  decision: GateDecision;
  /** With `compare: base`: the base run (the first, when patches of `tests` had several bases). */
  base?: ReportedBase;
}

/**
 * An entry that could not be read as a candidate (a bad dataset line), reported where it was. A `files`
 * run checks its datasets whole before anything runs and stops at the first (candidates/files-source.ts), so a
 * run meets one only from a source that yields it on purpose, or a file changed since that check.
 */
export interface EntryProblem {
  id: string;
  source: string;
  problem: string;
}

/**
 * What every candidate source yields: a candidate, or why an entry is not one. `rank`: where the candidate
 * stands when a quota must choose (lower first; by default its position), while the candidates are still
 * judged and reported in their own order.
 */
export type SourceEntry = { candidate: Candidate; rank?: number } | { problem: EntryProblem };

/**
 * What a source lists: its entries, and what it read but is no candidate (a comment that is no agent's
 * reply), reported among the skipped and never judged.
 */
export type ListedEntry = SourceEntry | { skipped: Skipped };

/**
 * `candidate`: a fresh container per candidate; `run`: containers reused across one run's candidates
 * (docs/isolation.md); `namespace`: a fresh bwrap sandbox per candidate with `candidate`'s lock-down,
 * without dockerd on the critical path (docs/security.md).
 */
export type Isolation = "candidate" | "run" | "namespace";
/** The container engine's CLI: docker (and its Engine API when the socket answers), or podman. */
export type EngineKind = "docker" | "podman";
