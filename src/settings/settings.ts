// Every input → one typed, validated Settings object. Bad values end the run before anything runs,
// with one line naming the input.
import { cpus, totalmem } from "node:os";
import { type Status } from "../core/model.js";
import { LANGUAGE_NAMES, isLanguage, type Language } from "../languages/registry.js";
import { STATUSES } from "../core/statuses.js";
import { checkRelativePath } from "../core/paths.js";
import { isRecord } from "../core/records.js";
import { globProblem } from "../core/globs.js";
import type { EngineKind, Isolation, Limits, ServiceSpec } from "../core/model.js";
import type { Shard } from "../core/shard.js";
import { InputError } from "../core/errors.js";
import { parseDuration, parseSize } from "../core/units.js";
import { parseSetupInputs } from "./setup-inputs-setting.js";
import { parseProtect, type ProtectSetting } from "./protect-setting.js";
import { parseServices, runMemoryBytes, servicesRefusal } from "./services-setting.js";

export type Source = "comments" | "pull-request" | "files";
export type PullPolicy = "always" | "missing" | "never";
// The mode names live in core (settings' parts read them too); re-exported for settings' readers.
export type { EngineKind, Isolation } from "../core/model.js";

/**
 * The formats `results-format` names, each read by its parser in verdict/results/formats.ts. The names
 * are here because settings sit below verdict; the registry there is typed by them, so a name without a
 * parser (or a parser without a name) does not compile. Besides `junit`, one per log parser of SWE-bench's
 * harness (swebench/harness/log_parsers/python.py): its name without `parse_log_`, `_` as `-`. `import
 * swe-bench` writes these names into the lines it imports.
 */
export const RESULTS_FORMATS = [
  "junit",
  "pytest",
  "pytest-options",
  "pytest-v2",
  "django",
  "sympy",
  "seaborn",
  "matplotlib",
  "astroid",
  "flask",
  "marshmallow",
  "pvlib",
  "pyvista",
  "sqlfluff",
  "xarray",
  "pydicom",
  "requests",
  "pylint",
  "astropy",
  "scikit",
  "sphinx",
] as const;
export type ResultsFormat = (typeof RESULTS_FORMATS)[number];

/** Where the candidates come from, and what of the base tree goes into their sandboxes. */
export interface SourceSettings {
  kind: Source;
  authors: string[];
  files: string[];
  /** The base tree: where globs resolve and patches apply; never written to. */
  workdir: string;
  tests: string[];
  /** The most the base tree (a patch candidate's whole checkout) may hold. */
  maxTreeBytes: number;
  maxCandidates: number;
  /** This job's slice of the candidates; undefined runs them all. */
  shard?: Shard;
}

/** How a candidate runs unless it says otherwise (a dataset line may). */
export interface RunSettings {
  language: Language | "auto";
  /** Empty: the language preset's image. */
  image: string;
  pull: PullPolicy;
  target: string;
  command: string;
  /**
   * Run once on the base tree before any candidate; every candidate starts from what it leaves, but for one
   * whose change touches `inputs` (the globs of what it reads): that one gets a set-up of its own.
   */
  setup?: { command: string; network: "none" | "bridge"; timeoutMs: number; inputs: string[] };
  /**
   * Processes a patch candidate may start: a repository's own test suite needs more than one function
   * does (a thread pool, a test runner's workers). `limits.pidsLimit` is a reply's.
   */
  patchPidsLimit: number;
  /** Started fresh beside every sandbox run (the base's too), on a network of that run's own (sandbox/services.ts). */
  services: ServiceSpec[];
  /** Hunks may be placed by fuzz, beyond what git apply accepts. */
  patchFuzz: boolean;
  /** Globs, in the sandbox's work dir, of the JUnit XML files the command writes: read back per test. */
  testResults: string[];
  /**
   * How the per-test results are read: `junit`, the `test-results` files as JUnit XML; any other, the
   * command's own output by that log parser (a dataset line's `results_format` wins).
   */
  resultsFormat: ResultsFormat;
  /** `base`: the command also runs on the unpatched base, and a patch is blamed only for what it broke. */
  compare: "none" | "base";
  /** Attempts after the first, each in a fresh container, for a candidate that ends test_failed or timeout. */
  reruns: number;
  /** What a candidate may not change (a change is `protected`, and the base's version runs). A run setting: it changes statuses. */
  protect: ProtectSetting;
  /**
   * `flaky` in `fail-on`: a pass whose attempts disagreed is `test_failed`. A run setting, not a report
   * one, since it changes a candidate's status (and so a remembered verdict's key).
   */
  failOnFlaky: boolean;
  /**
   * `tampering` in `fail-on`: a pass whose own code reaches into the judge (prepare/tamper.ts) is
   * `test_failed`. A run setting for the reason `failOnFlaky` is one.
   */
  failOnTampering: boolean;
}

/** How the sandboxes are run: which engine, how isolated, how many at once. */
export interface ModeSettings {
  engine: EngineKind;
  isolation: Isolation;
  concurrency: number;
  /**
   * Candidates run beside services: each sandbox joins a network made for its run, so none is made
   * ahead of need (the Engine API's warm containers would be made for a network no other run joins).
   */
  services: boolean;
}

/** Which replies decide: `latest`, each author's most recent one; `all`, every one. */
export type Decide = "latest" | "all";

/** What the run leaves behind and how it decides. */
export interface ReportSettings {
  failOn: Set<Status>;
  /** The k of pass@k, for datasets whose lines carry `task`. */
  passAtK: number[];
  decide: Decide;
  comment: boolean;
  report: string;
  junit: string;
  /** A JSON report to compare with; empty for none. */
  baseline: string;
  /** Globs of shard reports to merge instead of running anything; empty to run. */
  merge: string[];
  /** A JSONL file for the per-candidate audit lines; empty for none. */
  auditLog: string;
  /** A directory for SWE-bench's own output (report/swe-bench-report.ts) beside the report; empty for none. */
  sweBenchReport: string;
  /** A report (or a partial one) of an earlier run: what it judged and still holds is carried over; empty for none. */
  resume: string;
  /** A report made elsewhere to post as the comment and a check (the fork-safe commenter); empty to run. */
  postReport: string;
}

/** The sticky comment and the verdicts it remembers. */
export interface ConversationSettings {
  /** Judge every reply again, ignoring the verdicts remembered in the sticky comment. */
  rejudge: boolean;
  /** Keeps several gates' comments apart; empty for the default (workflow, job, matrix values). */
  commentKey: string;
  /** The job's matrix values, from the hidden `matrix` input; empty outside a matrix job. */
  matrix: Record<string, string>;
}

export interface Settings {
  source: SourceSettings;
  run: RunSettings;
  /** Every sandbox's limits; a candidate may bring its own timeout. */
  limits: Limits;
  mode: ModeSettings;
  reports: ReportSettings;
  conversation: ConversationSettings;
  token: string;
}

/**
 * `fail-on` words that are no status but mark a pass that proves nothing: `flaky` (its attempts disagreed),
 * `tampering` (its own code reaches into the judge). Either turns such a pass into `test_failed`.
 */
export const FAIL_ON_MARKS = ["flaky", "tampering"] as const;

/** The process limits when `pids-limit` is not set: a function's reply, and a repository's test suite. */
const REPLY_PIDS = 64;
const PATCH_PIDS = 256;

/** Input names with their defaults; action.yml states the same (a test keeps them in step). */
export const DEFAULTS = {
  source: "comments",
  authors: "*[bot]",
  files: "",
  language: "auto",
  image: "",
  pull: "missing",
  tests: "",
  protect: "default",
  workdir: "",
  target: "",
  command: "",
  "patch-fuzz": "false",
  timeout: "10s",
  // Empty: five times the candidate's timeout, a minute over it at least (sandbox/charged-time.ts).
  "wall-timeout": "",
  memory: "256m",
  cpus: "1",
  // Empty: 64 for a reply, 256 for a patch (its repository's own test suite).
  "pids-limit": "",
  "max-output": "64k",
  "tmpfs-size": "64m",
  // Empty: tmpfs-size, since every candidate's work dir holds the tree.
  "max-tree-size": "",
  setup: "",
  "setup-network": "none",
  // Empty: the package manifests and lock files (settings/setup-inputs-setting.ts).
  "setup-inputs": "",
  "test-results": "",
  "results-format": "junit",
  compare: "none",
  reruns: "0",
  "setup-timeout": "10m",
  services: "",
  runtime: "",
  engine: "docker",
  concurrency: "",
  isolation: "candidate",
  shard: "",
  baseline: "",
  merge: "",
  "max-candidates": "20",
  "pass-at-k": "1,5,10",
  // A pass whose own code reaches into the judge proves nothing: `tampering` is in by default.
  "fail-on": [...STATUSES.filter((s) => s !== "pass"), "tampering"].join(","),
  comment: "true",
  report: "",
  junit: "",
  "swe-bench-report": "",
  resume: "",
  "github-token": "",
  decide: "latest",
  rejudge: "false",
  "comment-key": "",
  "audit-log": "",
  "post-report": "",
  matrix: "",
} as const;

export type InputName = keyof typeof DEFAULTS;

function parseNumber(input: string, value: string, { integer, min }: { integer: boolean; min: number }): number {
  const n = Number(value.trim());
  if (value.trim() === "" || !Number.isFinite(n) || (integer && !Number.isInteger(n)) || n < min) {
    throw new InputError(input, `'${value}' is not ${integer ? "a whole number" : "a number"} ≥ ${min}`);
  }
  return n;
}

function parseChoice<T extends string>(input: string, value: string, choices: readonly T[]): T {
  const v = value.trim().toLowerCase();
  if (!(choices as readonly string[]).includes(v)) {
    throw new InputError(input, `'${value}' is not one of ${choices.join(", ")}`);
  }
  return v as T;
}

function parseBoolean(input: string, value: string): boolean {
  return parseChoice(input, value, ["true", "false"] as const) === "true";
}

/** Comma- or newline-separated list, blanks dropped. */
export function parseList(value: string): string[] {
  return value
    .split(/[,\n]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Globs of files inside the sandbox's work dir, each checked by the one path rule. */
function parseGlobs(input: string, value: string): string[] {
  const globs = parseList(value);
  for (const glob of globs) {
    const problem = globProblem(glob);
    if (problem) throw new InputError(input, `'${glob}' ${problem}`);
  }
  return globs;
}

/** `2/4` → the second of four shards; empty → no sharding. */
export function parseShard(value: string): Shard | undefined {
  const v = value.trim();
  if (v === "") return undefined;
  const m = /^(\d+)\s*\/\s*(\d+)$/.exec(v);
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (!m || count < 1 || index < 1 || index > count) {
    throw new InputError("shard", `'${value}' is not i/n with 1 ≤ i ≤ n (examples: 1/4, 4/4)`);
  }
  return { index, count };
}

const COMMENT_KEY_MAX = 200;

/**
 * The hidden `matrix` input (`${{ toJSON(matrix) }}`): the leg's values, flattened to text. `null` or
 * empty outside a matrix job. Nested values (an `include` of objects) are kept as their JSON.
 */
export function parseMatrix(value: string): Record<string, string> {
  const v = value.trim();
  if (v === "" || v === "null") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(v);
  } catch {
    throw new InputError("matrix", "is not JSON: leave it unset, the action fills it in");
  }
  if (!isRecord(parsed)) throw new InputError("matrix", "is not a JSON object: leave it unset, the action fills it in");
  return Object.fromEntries(
    Object.entries(parsed).map(([k, item]) => [k, typeof item === "string" ? item : JSON.stringify(item)]),
  );
}

/** The largest sandbox count whose memory limits fit in what the machine has, leaving room for the engine. */
export function fitConcurrency(wanted: number, memoryBytes: number, machineBytes = totalmem()): number {
  const budget = Math.floor((machineBytes * 0.75) / memoryBytes);
  return Math.max(1, Math.min(wanted, budget));
}

export interface SettingsContext {
  /** The base tree when `workdir` is empty: GITHUB_WORKSPACE in the action, the cwd in the CLI. */
  defaultWorkdir: string;
  /** What the gate uses when `github-token` is empty. */
  defaultToken?: string;
  cpuCount?: number;
  machineBytes?: number;
}

function parseLanguage(value: string): Language | "auto" {
  const language = value.toLowerCase();
  if (language === "auto" || isLanguage(language)) return language;
  throw new InputError("language", `'${language}' is not one of auto, ${LANGUAGE_NAMES.join(", ")}`);
}

/** One input's value, its default when empty. */
type Input = (name: InputName) => string;

/**
 * The inputs other inputs depend on or are checked against, validated first and in this order, so the
 * first wrong input named is the same whichever sections it feeds.
 */
function readCrossChecked(input: Input, ctx: SettingsContext) {
  const language = parseLanguage(input("language"));
  const source = parseChoice("source", input("source"), ["comments", "pull-request", "files"] as const);
  const files = parseList(input("files"));
  if (source === "files" && files.length === 0) {
    throw new InputError("files", "is required when source is 'files'");
  }
  const failOnWords = parseList(input("fail-on")).map((s) =>
    parseChoice("fail-on", s, [...STATUSES, ...FAIL_ON_MARKS] as const),
  );
  const memoryBytes = parseSize("memory", input("memory"));
  // Docker refuses containers under 6 MiB; say so here rather than per candidate.
  if (memoryBytes < 6 * 1024 ** 2)
    throw new InputError("memory", `'${input("memory")}' is below Docker's minimum of 6m`);
  const wanted =
    input("concurrency") === ""
      ? (ctx.cpuCount ?? cpus().length)
      : parseNumber("concurrency", input("concurrency"), { integer: true, min: 1 });
  return {
    language,
    source,
    files,
    failOnWords,
    memoryBytes,
    wanted,
    ...readJobShape(input),
  };
}

/** What this job is (a shard, a merge, a commenter) and where it runs: the combinations that make no sense are refused. */
function readJobShape(input: Input) {
  const target = input("target");
  const shard = parseShard(input("shard"));
  const merge = parseList(input("merge"));
  // A merge judges nothing, so a shard of it means nothing, and its report must not claim to be one.
  if (shard && merge.length > 0)
    throw new InputError("shard", "cannot be combined with 'merge': a merge job runs no candidates");
  const postReport = input("post-report");
  // The commenter posts a report made elsewhere: it judges nothing, so nothing else may ask it to.
  if (postReport && merge.length > 0)
    throw new InputError("post-report", "cannot be combined with 'merge': the commenter runs nothing");
  // A resumed run carries verdicts over into a run that judges: a merge or the commenter judges nothing.
  if (input("resume") && merge.length > 0)
    throw new InputError("resume", "cannot be combined with 'merge': a merge judges nothing to resume");
  // A shard's slice is taken by position after the carry-over: a carried line of another slice would land in this one's report.
  if (input("resume") && shard)
    throw new InputError(
      "resume",
      "cannot be combined with 'shard' yet: resume the whole run, or run the shards afresh",
    );
  if (input("resume") && postReport)
    throw new InputError("resume", "cannot be combined with 'post-report': the commenter judges nothing");
  // The default command runs the candidate's own file (python3 solution.py), never the tests: a gate with
  // tests and no command would pass wrong code that merely runs. A job that judges nothing needs none.
  if (parseList(input("tests")).length > 0 && input("command").trim() === "" && !postReport && merge.length === 0)
    throw new InputError(
      "command",
      "is required when 'tests' is set: the default command runs the candidate's file, never the tests (e.g. command: python3 -m pytest -q)",
    );
  const commentKey = input("comment-key");
  if (commentKey.length > COMMENT_KEY_MAX)
    throw new InputError("comment-key", `is ${commentKey.length} characters long; at most ${COMMENT_KEY_MAX}`);
  const targetPath = target ? checkRelativePath(target) : undefined;
  if (targetPath && !targetPath.ok)
    throw new InputError("target", `'${target}' ${targetPath.why}: it must be a relative path inside the work dir`);
  const pids =
    input("pids-limit") === "" ? undefined : parseNumber("pids-limit", input("pids-limit"), { integer: true, min: 8 });
  const workdirBytes = parseSize("tmpfs-size", input("tmpfs-size"));
  const setup = input("setup");
  const setupNetwork = parseChoice("setup-network", input("setup-network"), ["none", "bridge"] as const);
  const setupTimeoutMs = parseDuration("setup-timeout", input("setup-timeout"));
  const services = parseServices(input("services"));
  const setupInputs = parseSetupInputs(parseList(input("setup-inputs")));
  return {
    target,
    shard,
    merge,
    postReport,
    commentKey,
    pids,
    workdirBytes,
    setup,
    setupNetwork,
    setupTimeoutMs,
    services,
    setupInputs,
  };
}

type CrossChecked = ReturnType<typeof readCrossChecked>;

function readSource(input: Input, ctx: SettingsContext, early: CrossChecked): SourceSettings {
  return {
    kind: early.source,
    authors: parseList(input("authors")),
    files: early.files,
    workdir: input("workdir") || ctx.defaultWorkdir,
    tests: parseList(input("tests")),
    maxTreeBytes:
      input("max-tree-size") === "" ? early.workdirBytes : parseSize("max-tree-size", input("max-tree-size")),
    maxCandidates: parseNumber("max-candidates", input("max-candidates"), { integer: true, min: 1 }),
    ...(early.shard ? { shard: early.shard } : {}),
  };
}

function readRun(input: Input, early: CrossChecked): RunSettings {
  const { setup, setupNetwork, setupTimeoutMs, setupInputs } = early;
  return {
    language: early.language,
    image: input("image"),
    pull: parseChoice("pull", input("pull"), ["always", "missing", "never"] as const),
    target: early.target,
    command: input("command"),
    ...(setup && {
      setup: { command: setup, network: setupNetwork, timeoutMs: setupTimeoutMs, inputs: setupInputs },
    }),
    services: early.services,
    patchPidsLimit: early.pids ?? PATCH_PIDS,
    patchFuzz: parseBoolean("patch-fuzz", input("patch-fuzz")),
    testResults: parseGlobs("test-results", input("test-results")),
    resultsFormat: parseChoice("results-format", input("results-format"), RESULTS_FORMATS),
    compare: parseChoice("compare", input("compare"), ["none", "base"] as const),
    reruns: parseNumber("reruns", input("reruns"), { integer: true, min: 0 }),
    protect: parseProtect(parseList(input("protect"))),
    failOnFlaky: early.failOnWords.includes("flaky"),
    failOnTampering: early.failOnWords.includes("tampering"),
  };
}

function readLimits(input: Input, early: CrossChecked): Limits {
  const timeoutMs = parseDuration("timeout", input("timeout"));
  const wall = input("wall-timeout");
  const wallTimeoutMs = wall === "" ? undefined : parseDuration("wall-timeout", wall);
  if (wallTimeoutMs !== undefined && wallTimeoutMs < timeoutMs) {
    throw new InputError(
      "wall-timeout",
      `${wall} is shorter than timeout (${input("timeout")}): the backstop must leave the candidate its time`,
    );
  }
  return {
    timeoutMs,
    ...(wallTimeoutMs !== undefined && { wallTimeoutMs }),
    memoryBytes: early.memoryBytes,
    cpus: parseNumber("cpus", input("cpus"), { integer: false, min: 0.01 }),
    pidsLimit: early.pids ?? REPLY_PIDS,
    maxOutputBytes: parseSize("max-output", input("max-output")),
    workdirBytes: early.workdirBytes,
    runtime: input("runtime"),
  };
}

function readMode(input: Input, ctx: SettingsContext, early: CrossChecked): ModeSettings {
  const engine = parseChoice("engine", input("engine"), ["docker", "podman"] as const);
  const isolation = parseChoice("isolation", input("isolation"), ["candidate", "run", "namespace"] as const);
  if (isolation === "namespace") namespaceCrossCheck(engine, input("runtime"));
  const services = early.services.length > 0;
  const refusal = services ? servicesRefusal(engine, isolation) : undefined;
  if (refusal) throw new InputError("services", refusal);
  return {
    engine,
    isolation,
    // A run's services take memory beside its sandbox: as many runs at once as the machine holds with them.
    concurrency: fitConcurrency(early.wanted, runMemoryBytes(early.memoryBytes, early.services), ctx.machineBytes),
    services,
  };
}

/**
 * `isolation: namespace` runs each candidate in a bwrap sandbox made from a config docker made: never
 * silently weaker, so what it cannot honour is refused (the host's side, root and bwrap, in sandbox/select.ts).
 */
function namespaceCrossCheck(engine: EngineKind, runtime: string): void {
  if (engine === "podman")
    throw new InputError(
      "isolation",
      "'namespace' needs engine: docker (it runs each candidate in a bwrap sandbox from a config docker made); use isolation: candidate with podman",
    );
  if (runtime !== "")
    throw new InputError(
      "isolation",
      `'namespace' runs each candidate in a bwrap sandbox, so runtime '${runtime}' cannot apply; use isolation: candidate with a runtime`,
    );
}

function readReports(input: Input, early: CrossChecked): ReportSettings {
  const failOn = early.failOnWords.filter(
    (word): word is Status => !(FAIL_ON_MARKS as readonly string[]).includes(word),
  );
  return {
    failOn: new Set(failOn),
    passAtK: parseList(input("pass-at-k")).map((k) => parseNumber("pass-at-k", k, { integer: true, min: 1 })),
    comment: parseBoolean("comment", input("comment")),
    report: input("report"),
    junit: input("junit"),
    baseline: input("baseline"),
    merge: early.merge,
    decide: parseChoice("decide", input("decide"), ["latest", "all"] as const),
    auditLog: input("audit-log"),
    sweBenchReport: input("swe-bench-report"),
    resume: input("resume"),
    postReport: early.postReport,
  };
}

/** Reads every input through `get` (empty string = not set) into one validated object. */
export function readSettings(get: (name: InputName) => string, ctx: SettingsContext): Settings {
  const input: Input = (name) => {
    const v = get(name).trim();
    return v === "" ? DEFAULTS[name] : v;
  };
  const early = readCrossChecked(input, ctx);
  // Each section in the order the inputs were always read, so the same wrong input is named first.
  return {
    source: readSource(input, ctx, early),
    run: readRun(input, early),
    limits: readLimits(input, early),
    mode: readMode(input, ctx, early),
    reports: readReports(input, early),
    conversation: {
      rejudge: parseBoolean("rejudge", input("rejudge")),
      commentKey: early.commentKey,
      matrix: parseMatrix(input("matrix")),
    },
    token: input("github-token") || ctx.defaultToken || "",
  };
}
