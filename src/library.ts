// The package's main export, for agent loops: open a sandbox once, judge reply after reply on the same
// engine (the warm pool keeps containers started ahead), close it. Each judgement is the action's: the
// same settings (validated by readSettings), the same pipeline, a result of the JSON report's shape.
// The build also makes a CommonJS copy of the bundle, for `require("sandbox-gate")`.
//
//   await using sandbox = await openSandbox({ language: "python", tests: "tests/test_add.py" });
//   const observation = await sandbox.judge({ reply }, { signal: AbortSignal.timeout(60_000) });
import { randomBytes } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import { datasetEntry } from "./candidates/dataset-lines.js";
import type { Result, Status } from "./core/model.js";
import type { Language } from "./languages/registry.js";
import { judgeCandidate } from "./run/pipeline.js";
import { openRun } from "./run/run.js";
import { type JudgingEngine } from "./sandbox/engine.js";
import { RUN_LABEL } from "./sandbox/job.js";
import { containerKiller } from "./sandbox/select.js";
import { DATASET_SCHEMA, type DatasetLine } from "./settings/dataset-line.js";
import { checker } from "./core/schemas/validate.js";
import { LIBRARY_INPUTS, type LibraryInput } from "./settings/entries.js";
import { InputError, camelCase } from "./core/errors.js";
import { OFF_TOKEN } from "./settings/glob-list.js";
import { readSettings, type ResultsFormat, type Settings } from "./settings/settings.js";

export { InputError } from "./core/errors.js";
export type { InputNaming } from "./core/errors.js";
export type { Language, Status };

/**
 * What one judgement observed: a result of the JSON report (docs/report.schema.json), field for field.
 *
 * Why its fields are snake_case (`exit_code`, `duration_ms`) while the options are camelCase: an
 * observation is data, the very object the report's schema describes, the action's and the CLI's
 * reports hold, and a model is shown; one shape everywhere, so it can be stored, compared with a
 * report or handed to a model as it is. The options are code, the action's inputs in JavaScript's
 * own spelling (`pids-limit` is `pidsLimit`).
 */
export type Observation = Result;

/** A duration: `500ms`, `10s`, `2m`; a number is seconds. */
export type Duration = string | number;
/** A size: `64k`, `256m`, `1g`; a number is bytes. */
export type Size = string | number;
/** One glob or several. */
export type Globs = string | readonly string[];

/**
 * The action's inputs in camelCase, each read and checked as the action reads it (action.yml and the
 * README's Inputs table say what each means); an error names the option. Unset: the action's default.
 * (What comes back, an Observation, is the JSON report's snake_case result: see there why.)
 */
export interface SandboxOptions {
  /** `auto` (from the fence tag, the target, the tests), `python`, `javascript`, `typescript`, `bash`, `php`. Default `auto`. */
  language?: "auto" | Language;
  /** The sandbox image; a digest pin (`image@sha256:…`) works. Default: the language's preset. */
  image?: string;
  /** When to pull the image, before the first judgement that needs it. Default `missing`. */
  pull?: "always" | "missing" | "never";
  /** Repository files copied into every sandbox beside the code, relative to `workdir`. */
  tests?: Globs;
  /**
   * Files a candidate may not change: a change ends `protected`, and the base's versions run. Default
   * `default` (the tests, conftest.py, import hooks, the runners' config, `.github/**`); `none` (or `[]`) turns it off.
   */
  protect?: Globs;
  /** The base tree: where `tests` resolve and patches apply (in memory, never written). Default: the current directory. */
  workdir?: string;
  /** The file name the extracted code is written as. Default: the language's preset (`solution.py`, …). */
  target?: string;
  /** The test command, run with `sh -c` in the work dir. Default: the language's preset. */
  command?: string;
  /** Let a patch's hunks be placed by fuzz too, beyond what git apply accepts. Default `false`. */
  patchFuzz?: boolean;
  /** Limit on the time the test command had (its wall clock less its wait for a CPU). Default `10s`. */
  timeout?: Duration;
  /** The wall-clock backstop. Default: five times `timeout`, a minute over it at least. */
  wallTimeout?: Duration;
  /** Memory limit, swap off. Default `256m`. */
  memory?: Size;
  /** CPU limit. Default `1`. */
  cpus?: number | string;
  /** Process limit. Default: 64 for a reply, 256 for a patch. */
  pidsLimit?: number | string;
  /** Bytes kept of stdout and of stderr each. Default `64k`. */
  maxOutput?: Size;
  /** Size of the in-memory work dir and `/tmp`. Default `64m`. */
  tmpfsSize?: Size;
  /** The most a patch's base tree may hold. Default: `tmpfsSize`. */
  maxTreeSize?: Size;
  /** A command run once on the base tree before the first judgement; every candidate starts from what it leaves. */
  setup?: string;
  /** The setup's network, `none` or `bridge`; candidates never have one. Default `none`. */
  setupNetwork?: "none" | "bridge";
  /**
   * Globs of what the setup reads: a candidate whose change touches one gets a set-up of its own, shared by
   * candidates whose files are equal. Default: the package manifests and lock files; `none` turns it off.
   */
  setupInputs?: Globs;
  /** Wall-clock limit of the setup. Default `10m`. */
  setupTimeout?: Duration;
  /**
   * Containers started fresh beside every judgement, on a network of its own with no route out, reachable
   * from the sandbox by name: `NAME=IMAGE` or `NAME=IMAGE -- ARGS`, one a line or one an item.
   */
  services?: string | string[];
  /** JUnit XML files the test command writes, in the sandbox's work dir: read back per test. */
  testResults?: Globs;
  /**
   * How the per-test results are read: `junit`, the `testResults` files as JUnit XML; or a log format
   * (`pytest`, `django`, `sympy`, …), the command's own output as SWE-bench's harness reads it. Default `junit`.
   */
  resultsFormat?: ResultsFormat;
  /** `base`: run the command on the unpatched base too, and blame a patch only for what it broke. Default `none`. */
  compare?: "none" | "base";
  /** Attempts after the first for a candidate that ends test_failed or timeout. Default `0`. */
  reruns?: number | string;
  /** OCI runtime, e.g. `runsc` (gVisor). Default: the engine's. */
  runtime?: string;
  /** `docker` (its Engine API and warm pool when the socket answers, else its CLI) or `podman`. Default `docker`. */
  engine?: "docker" | "podman";
  /** Judgements at once, and containers kept started ahead. Default: the CPU count, within the machine's memory. */
  concurrency?: number | string;
  /**
   * `candidate`: a fresh container per judgement; `run`: containers reused, for trusted code only;
   * `namespace`: a fresh runc sandbox per judgement with `candidate`'s lock-down (root, local docker). Default `candidate`.
   */
  isolation?: "candidate" | "run" | "namespace";
  /** Told what the sandbox does (images pulled, run images made) and what it could not clean up. Default: silent. */
  log?: (line: string) => void;
}

/** One candidate to judge: a model's reply (prose with fenced code, or bare code) or a patch. */
export type Candidate = (
  | { reply: string; patch?: undefined }
  | {
      /** A unified diff, applied in memory to the base tree (`workdir`). */
      patch: string;
      reply?: undefined;
    }
) & {
  /** Extra files for this candidate only (its tests, say): relative path → content. */
  files?: Readonly<Record<string, string>>;
  /** The observation's id. Default: `judge-1`, `judge-2`, … */
  id?: string;
  /** This candidate's test command, instead of the `command` option. */
  command?: string;
  language?: Language;
  target?: string;
  timeout?: Duration;
  /**
   * This candidate's environment: the image it runs in, instead of the `image` option (a digest pin works).
   * Made ready before its sandbox starts, outside its time; removed at close() if this sandbox pulled it.
   */
  image?: string;
  /**
   * The directory of that image where its environment expects the repository (SWE-bench's `/testbed`): the
   * sandbox's work dir is there, starting from what the image holds there, with the candidate's changes on top.
   */
  image_workdir?: string;
};

/**
 * An AbortSignal, as far as judge() reads it: written out so that the types need neither the DOM's lib
 * nor Node's. `AbortController`'s signal and `AbortSignal.timeout(ms)` are ones.
 */
export interface CancelSignal {
  readonly aborted: boolean;
  readonly reason?: unknown;
  addEventListener(type: "abort", listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: "abort", listener: () => void): void;
}

export interface JudgeOptions {
  /**
   * Cancels the judgement. The promise rejects at once with `signal.reason` (a DOMException named
   * `AbortError` unless the abort gave a reason); the candidate's container is killed, then removed as
   * any run's is (close() waits for that); the sandbox stays open for the next judgement. A signal
   * aborted before the call: nothing runs.
   */
  signal?: CancelSignal;
}

declare global {
  // The symbol `await using` calls, as TypeScript's lib `esnext.disposable` and @types/node declare it
  // (the same declaration merges with theirs): the shipped types then stand alone under any lib.
  interface SymbolConstructor {
    readonly asyncDispose: unique symbol;
  }
}

/**
 * An open sandbox. `await using sandbox = await openSandbox(…)` closes it when the block ends (the
 * syntax needs Node 24, or TypeScript ≥ 5.2 compiling for Node ≥ 20.4, and its types the lib
 * `esnext.disposable` or @types/node); otherwise call close() in a `finally`.
 */
export interface Sandbox {
  /** Runs the candidate in a fresh sandbox (unless `isolation: "run"`) and classifies it. Never blames the candidate for our failure: that is `sandbox_error`. */
  judge(candidate: Candidate, options?: JudgeOptions): Promise<Observation>;
  /** Waits for judgements in flight, then removes every container and image this sandbox made. */
  close(): Promise<void>;
  /** close(), for `await using`. */
  [Symbol.asyncDispose](): Promise<void>;
}

const OPTIONS = new Map<string, LibraryInput>(LIBRARY_INPUTS.map((input) => [camelCase(input), input]));
const checkCandidate = checker<DatasetLine>(DATASET_SCHEMA, "the candidate");

/** Errors of inputs, worded as the library's user wrote them: camelCase options. */
async function asOptions<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw error instanceof InputError ? error.in("library") : error;
  }
}

/** The options as the action's input strings, for readSettings. */
function optionInputs(options: SandboxOptions): Map<LibraryInput, string> {
  const inputs = new Map<LibraryInput, string>();
  for (const [key, value] of Object.entries(options)) {
    if (key === "log" || value === undefined) continue;
    const input = OPTIONS.get(key);
    if (!input) {
      const meant = OPTIONS.has(camelCase(key)) ? ` (did you mean '${camelCase(key)}'?)` : "";
      throw new TypeError(`sandbox-gate: '${key}' is not an option of openSandbox${meant}`);
    }
    inputs.set(input, inputValue(input, value));
  }
  return inputs;
}

/** The options typed `Duration`: a number there is seconds, which the inputs, wanting a unit, are told. */
const DURATION_OPTIONS: ReadonlySet<LibraryInput> = new Set(["timeout", "setup-timeout"]);

function inputValue(input: LibraryInput, value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" && DURATION_OPTIONS.has(input)) return `${value}s`;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  // An empty input falls back to its default, as the action's do; an empty list of protected files means none.
  if (input === "protect" && Array.isArray(value) && value.length === 0) return OFF_TOKEN;
  if (Array.isArray(value) && value.every((item) => typeof item === "string")) return value.join("\n");
  throw new InputError(input, "must be a string, a number, true or false, or a list of strings", "library");
}

export async function openSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const log = options.log ?? (() => {});
  const settings: Settings = await asOptions(async () => {
    const inputs = optionInputs(options);
    return readSettings((name) => inputs.get(name as LibraryInput) ?? "", { defaultWorkdir: process.cwd() });
  });
  const runId = `lib-${randomBytes(6).toString("hex")}`;
  // The same sandboxes as the action's run: one engine, run images made on first need.
  const run = await asOptions(() => openRun(settings, runId, log));
  const slots = new Slots(settings.mode.concurrency);
  const inFlight = new Set<Promise<unknown>>();
  const kill = containerKiller(settings.mode.engine);
  let judged = 0;
  let closed = false;

  const sandbox: Sandbox = {
    judge(candidate, { signal } = {}) {
      if (closed) return Promise.reject(new Error("sandbox-gate: judge() after close()"));
      if (signal?.aborted) return aborted(signal);
      const id = candidate.id ?? `judge-${++judged}`;
      const entry = datasetEntry({ ...candidate, id }, "judge()", id, checkCandidate);
      if ("problem" in entry) return Promise.reject(new TypeError(`sandbox-gate: judge(): ${entry.problem.problem}`));
      const context = signal ? { ...run.context, engine: cancellable(run.context.engine, signal, kill) } : run.context;
      // Cancelled while it waited for a slot: it never starts.
      const work = () => (signal?.aborted ? aborted<Observation>(signal) : judgeCandidate(entry.candidate, context));
      const judging = asOptions(() => slots.run(work));
      inFlight.add(judging);
      const settled = judging.finally(() => inFlight.delete(judging));
      return signal ? untilAborted(settled, signal) : settled;
    },
    [Symbol.asyncDispose]: () => sandbox.close(),
    async close() {
      if (closed) return;
      closed = true;
      await Promise.allSettled([...inFlight]);
      const left = await run.close();
      for (const failure of left.containers) log(`a container of label ${RUN_LABEL}=${runId} stayed: ${failure}`);
      for (const failure of left.images) log(`an image of label ${RUN_LABEL}=${runId} stayed: ${failure}`);
    },
  };
  return sandbox;
}

/** How often a cancelled run's container is asked to die until its run ends. */
const KILL_AGAIN_MS = 250;

/**
 * A judgement's engine, watched by its signal: once it aborts, the container of each of the judgement's
 * runs is killed (a rerun's too), again and again until that run ends, since a container's name is known
 * before the engine has made it. The run then ends as any killed run does, and removes its container.
 */
function cancellable(
  engine: JudgingEngine,
  signal: CancelSignal,
  kill: (name: string) => Promise<void>,
): JudgingEngine {
  return {
    hasImage: (image) => engine.hasImage(image),
    pull: (image) => engine.pull(image),
    async run(job, hooks = {}) {
      let name: string | undefined;
      let ended = false;
      const killing = async () => {
        for (; !ended; await delay(KILL_AGAIN_MS)) if (name !== undefined) await kill(name);
      };
      const onAbort = () => void killing();
      if (signal.aborted) onAbort();
      else signal.addEventListener("abort", onAbort, { once: true });
      const onContainer = (given: string) => {
        name = given;
        hooks.onContainer?.(given);
      };
      try {
        return await engine.run(job, { ...hooks, onContainer });
      } finally {
        ended = true;
        signal.removeEventListener("abort", onAbort);
      }
    },
  };
}

/**
 * A rejection with the signal's reason, whatever it is: the platform's convention for a cancelled
 * operation (fetch, timers/promises), so `error === signal.reason` holds, and an AbortError by default.
 */
function aborted<T = never>(signal: CancelSignal): Promise<T> {
  // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the caller's own reason, as given
  return Promise.reject(signal.reason);
}

/** `work`'s outcome, or `signal.reason` as soon as the signal aborts. */
function untilAborted<T>(work: Promise<T>, signal: CancelSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => void aborted(signal).catch(reject);
    signal.addEventListener("abort", onAbort, { once: true });
    void work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/** At most `size` judgements at once: more would start more containers than `concurrency` allows. */
class Slots {
  #free: number;
  readonly #waiting: Array<() => void> = [];

  constructor(size: number) {
    this.#free = Math.max(1, size);
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#free > 0) this.#free--;
    else await new Promise<void>((resolve) => this.#waiting.push(resolve));
    try {
      return await work();
    } finally {
      // A waiting judgement takes the slot over; otherwise it is free again.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#free++;
    }
  }
}
