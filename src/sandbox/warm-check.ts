// A parse check kept warm for a run: one checker process (a language's checkServer, in a sandbox locked down
// as a candidate's) answers for many candidates whether a file parses, so a candidate whose file does
// need not start an interpreter of its own only to be told so. On a host where every process costs more
// (page-table isolation), that interpreter was a sixth of a namespace candidate's CPU.
//
// The checker only ever lets a check be skipped: a `1` means the file parses, and the job runs without its
// check; anything else (a `0`, no answer in time, a checker that died or never started, a source too
// large to send) and the job runs with its check, as it always did, which then gives the verdict and its
// message. So no answer of the checker's can make a candidate pass: a checker wrong about a file that does
// not parse lets the file run, where the language's own parser refuses it all the same.
import type { Readable, Writable } from "node:stream";
import type { SandboxJob } from "./job.js";
import { type LockDown, lockDown } from "./policy.js";
import { tracked } from "./engines/base.js";

/** A started checker's pipes and its end, as an engine hands it over. */
export interface CheckerProcess {
  stdin: Writable;
  stdout: Readable;
  stderr: Readable;
  /** Resolves when it has exited (or could not be run). */
  exited: Promise<unknown>;
  /** Ends it at once, sandbox and all. */
  kill(): void;
}

export interface WarmCheckOptions {
  /** How long one answer may take before the checker is ended and the job keeps its check. */
  answerMs?: number;
  /** Starts in a row that end without an answer before the run stops asking (a checker that cannot run). */
  maxFailures?: number;
  /** Sources larger than this go to the job's own check: the checker's pipe is not for bulk. */
  maxSourceBytes?: number;
  /**
   * The jobs of one lock-down that keep their own check before a checker is started for it: a checker
   * costs a sandbox (a container, where the engine makes containers) and saves an interpreter a job, so it
   * pays only where the lock-down repeats. Its engine says how often (WarmChecks).
   */
  startAfter?: number;
  /** Checkers kept at once; the least recently asked is ended for another (a dataset of many images). */
  maxLive?: number;
}

const ANSWER_MS = 10_000;
const MAX_FAILURES = 3;
const MAX_SOURCE_BYTES = 1 << 20;

interface Pending {
  resolve: (parses: boolean) => void;
  timer: NodeJS.Timeout;
}

interface Live {
  process: CheckerProcess;
  pending: Pending[];
  buffered: string;
  ended: boolean;
  answered: number;
}

export class WarmChecker {
  readonly #start: () => Promise<CheckerProcess | undefined>;
  readonly #answerMs: number;
  readonly #maxFailures: number;
  readonly #maxSourceBytes: number;
  /** The checker serving now, or starting; none until the first question, and none after it ended. */
  #live: Promise<Live | undefined> | undefined;
  #failures = 0;
  #closed = false;
  /** Questions answered `1`, questions left to the job's own check, and checkers started: for the bench and the tests. */
  readonly counts = { parses: 0, fellBack: 0, started: 0 };

  constructor(start: () => Promise<CheckerProcess | undefined>, options: WarmCheckOptions = {}) {
    this.#start = start;
    this.#answerMs = options.answerMs ?? ANSWER_MS;
    this.#maxFailures = options.maxFailures ?? MAX_FAILURES;
    this.#maxSourceBytes = options.maxSourceBytes ?? MAX_SOURCE_BYTES;
  }

  /** Whether `source` parses, as the checker says; false whenever it cannot say (the job then checks it). */
  async parses(source: string | Uint8Array): Promise<boolean> {
    const bytes = typeof source === "string" ? Buffer.from(source) : source;
    if (bytes.length > this.#maxSourceBytes) return this.#fellBack();
    const live = await this.#serving();
    if (!live || live.ended) return this.#fellBack();
    const parses = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => this.#end(live), this.#answerMs);
      live.pending.push({ resolve, timer });
      live.process.stdin.write(`${bytes.length}\n`);
      live.process.stdin.write(bytes);
    });
    if (!parses) return this.#fellBack();
    this.#failures = 0;
    this.counts.parses++;
    return true;
  }

  /** Ends the checker: its stdin closed, so it exits, or killed when it has not within an answer's time. */
  async close(): Promise<void> {
    this.#closed = true;
    const live = await this.#live;
    this.#live = undefined;
    if (!live || live.ended) return;
    live.ended = true;
    const kill = setTimeout(() => live.process.kill(), this.#answerMs);
    live.process.stdin.end();
    await live.process.exited;
    clearTimeout(kill);
  }

  #fellBack(): false {
    this.counts.fellBack++;
    return false;
  }

  /** The checker, started at the first question and again after one ended; none once closed or given up on. */
  async #serving(): Promise<Live | undefined> {
    for (;;) {
      if (this.#closed || this.#failures >= this.#maxFailures) return undefined;
      const serving = this.#live;
      // Decided without an await between the look and the start: two questions never start two checkers.
      if (serving === undefined) {
        this.#live = this.#started();
        continue;
      }
      const live = await serving;
      if (live && !live.ended) return live;
      if (this.#live === serving) this.#live = undefined;
    }
  }

  async #started(): Promise<Live | undefined> {
    const process = await this.#start().catch(() => undefined);
    if (!process) {
      this.#failures++;
      return undefined;
    }
    this.counts.started++;
    const live: Live = { process, pending: [], buffered: "", ended: false, answered: 0 };
    process.stdin.on("error", () => this.#end(live));
    // Nothing it writes there is read: drained, so it never blocks on a full pipe.
    process.stderr.resume();
    process.stdout.setEncoding("latin1");
    process.stdout.on("data", (chunk: string) => this.#read(live, chunk));
    process.stdout.on("end", () => this.#end(live));
    process.stdout.resume();
    void process.exited.then(() => this.#end(live));
    return live;
  }

  /** Each line answers the oldest question: `1` parses, any other line does not. */
  #read(live: Live, chunk: string): void {
    live.buffered += chunk;
    let newline: number;
    while ((newline = live.buffered.indexOf("\n")) >= 0) {
      const line = live.buffered.slice(0, newline);
      live.buffered = live.buffered.slice(newline + 1);
      const asked = live.pending.shift();
      if (!asked) return this.#end(live);
      clearTimeout(asked.timer);
      live.answered++;
      asked.resolve(line === "1");
    }
    // More than an answer's worth without a line end: not a checker's talk.
    if (live.buffered.length > 16) this.#end(live);
  }

  /** The checker is done for (no answer in time, gone, talking nonsense): its open questions fall back. */
  #end(live: Live): void {
    const first = !live.ended;
    if (first) {
      live.ended = true;
      live.process.kill();
    }
    const pending = live.pending.splice(0);
    // One that leaves a question unanswered, or ends having answered none, counts against the run's
    // patience; a checker that cannot run is given up on rather than started for every candidate.
    if (pending.length > 0 || (first && live.answered === 0)) this.#failures++;
    for (const { resolve, timer } of pending) {
      clearTimeout(timer);
      resolve(false);
    }
  }
}

/**
 * An engine's warm checkers: one a lock-down and checker argv (what a job's check would run with), started on
 * first need by `start` in a sandbox locked down as `policy` says; each job's check skipped where its
 * checker says every file parses.
 */
export class WarmChecks {
  readonly #start: (policy: LockDown) => Promise<CheckerProcess | undefined>;
  /** The checkers' limits; undefined when the engine keeps none (every job keeps its check). */
  readonly #options: WarmCheckOptions | undefined;
  readonly #startAfter: number;
  readonly #maxLive: number;
  /** Each lock-down's asks, and its checker once started; the most recently asked last. */
  readonly #entries = new Map<string, { asked: number; checker?: WarmChecker }>();
  /** Checkers ended for others, still ending: close() waits for them. */
  readonly #ending = new Set<Promise<void>>();
  /** The counts of the checkers ended, and the jobs left to their own check before a checker started. */
  readonly #past = { parses: 0, fellBack: 0, started: 0 };

  constructor(
    start: (policy: LockDown) => Promise<CheckerProcess | undefined>,
    options: WarmCheckOptions | false = {},
  ) {
    this.#start = start;
    this.#options = options === false ? undefined : options;
    this.#startAfter = this.#options?.startAfter ?? 0;
    this.#maxLive = Math.max(1, this.#options?.maxLive || MAX_LIVE);
  }

  /**
   * The job as it runs after its checker's answers: without its check where the checker says every file
   * parses, as given otherwise. The checker's sandbox has the job's lock-down (its first attempt's, so a
   * rerun asks the same checker) but for its argv, the checker in place of the driver, and no network.
   */
  async checked(job: SandboxJob): Promise<SandboxJob> {
    const warm = job.warmCheck;
    const options = this.#options;
    if (!warm || !options || job.checkRuns || !job.check?.length || job.network !== undefined) return job;
    const policy: LockDown = { ...lockDown({ ...job, attempt: 1 }), argv: [...warm.server] };
    const key = JSON.stringify(policy);
    const entry = this.#entries.get(key) ?? { asked: 0 };
    // Moved to the end: the map's order is the order of last asks.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    entry.asked++;
    if (!entry.checker) {
      if (entry.asked <= this.#startAfter) {
        this.#forget();
        this.#past.fellBack += warm.sources.length;
        return job;
      }
      entry.checker = new WarmChecker(() => this.#start(policy), options);
      this.#evict();
    }
    const checker = entry.checker;
    const answers = await Promise.all(warm.sources.map((source) => checker.parses(source)));
    return answers.every(Boolean) ? { ...job, check: [] } : job;
  }

  /** The checkers' counts, summed over the engine's life: for the bench and the tests. */
  get counts(): WarmChecker["counts"] {
    const sum = { ...this.#past };
    for (const { checker } of this.#entries.values()) if (checker) addCounts(sum, checker.counts);
    return sum;
  }

  /** Ends every checker (a later run starts its own). */
  async close(): Promise<void> {
    const checkers = [...this.#entries.values()].flatMap(({ checker }) => (checker ? [checker] : []));
    this.#entries.clear();
    await Promise.all([...checkers.map((checker) => this.#end(checker)), ...this.#ending]);
  }

  /** Ends the least recently asked checkers beyond maxLive. */
  #evict(): void {
    const live = [...this.#entries.values()].filter((entry) => entry.checker);
    for (const entry of live.slice(0, Math.max(0, live.length - this.#maxLive))) {
      void tracked(this.#ending, this.#end(entry.checker!));
      delete entry.checker;
      entry.asked = 0;
    }
  }

  /** Forgets the oldest lock-downs without a checker beyond MAX_KEPT: a dataset of a thousand images. */
  #forget(): void {
    for (const [key, entry] of this.#entries) {
      if (this.#entries.size <= MAX_KEPT) return;
      if (!entry.checker) this.#entries.delete(key);
    }
  }

  async #end(checker: WarmChecker): Promise<void> {
    await checker.close();
    addCounts(this.#past, checker.counts);
  }
}

const MAX_LIVE = 4;
const MAX_KEPT = 256;

function addCounts(sum: WarmChecker["counts"], counts: WarmChecker["counts"]): void {
  sum.parses += counts.parses;
  sum.fellBack += counts.fellBack;
  sum.started += counts.started;
}
