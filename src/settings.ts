// Every input → one typed, validated Settings object. Bad values end the run before anything runs,
// with one line naming the input.
import { cpus, totalmem } from "node:os";
import { LANGUAGE_NAMES, isLanguage } from "./languages.js";
import { STATUSES, type Language, type Status } from "./model.js";
import type { Shard } from "./shard.js";

export type Source = "comments" | "pull-request" | "files";
export type PullPolicy = "always" | "missing" | "never";
/** `candidate`: a fresh container per candidate; `run`: containers reused across one run's candidates (docs/isolation.md). */
export type Isolation = "candidate" | "run";
/** The container engine's CLI: docker (and its Engine API when the socket answers), or podman. */
export type EngineKind = "docker" | "podman";

export interface Settings {
  source: Source;
  authors: string[];
  files: string[];
  language: Language | "auto";
  /** Empty: the language preset's image. */
  image: string;
  pull: PullPolicy;
  tests: string[];
  workdir: string;
  target: string;
  command: string;
  timeoutMs: number;
  memoryBytes: number;
  cpus: number;
  pidsLimit: number;
  maxOutputBytes: number;
  tmpfsBytes: number;
  runtime: string;
  engine: EngineKind;
  concurrency: number;
  isolation: Isolation;
  /** This job's slice of the candidates; undefined runs them all. */
  shard?: Shard;
  /** A JSON report to compare with; empty for none. */
  baseline: string;
  /** Globs of shard reports to merge instead of running anything; empty to run. */
  merge: string[];
  maxCandidates: number;
  failOn: Set<Status>;
  comment: boolean;
  report: string;
  junit: string;
  token: string;
}

/** Input names with their defaults; action.yml states the same (a test keeps them in step). */
export const DEFAULTS = {
  source: "comments",
  authors: "*[bot]",
  files: "",
  language: "auto",
  image: "",
  pull: "missing",
  tests: "",
  workdir: "",
  target: "",
  command: "",
  timeout: "10s",
  memory: "256m",
  cpus: "1",
  "pids-limit": "64",
  "max-output": "64k",
  "tmpfs-size": "64m",
  runtime: "",
  engine: "docker",
  concurrency: "",
  isolation: "candidate",
  shard: "",
  baseline: "",
  merge: "",
  "max-candidates": "20",
  "fail-on": STATUSES.filter((s) => s !== "pass").join(","),
  comment: "true",
  report: "",
  junit: "",
  "github-token": "",
} as const;

export type InputName = keyof typeof DEFAULTS;

/** A bad input value: the message names the input, so one line tells the user what to fix. */
export class InputError extends Error {
  constructor(
    readonly input: string,
    detail: string,
  ) {
    super(`Input '${input}': ${detail}`);
    this.name = "InputError";
  }
}

const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
const SIZE_UNITS: Record<string, number> = { "": 1, b: 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };

/** `500ms`, `10s`, `2m`, `1.5s`; a bare number is seconds, as in most CI tools. */
export function parseDuration(input: string, value: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*(ms|s|m|h)?$/i.exec(value.trim());
  const ms = m ? Number(m[1]) * DURATION_UNITS[(m[2] ?? "s").toLowerCase()]! : NaN;
  if (!Number.isFinite(ms) || ms <= 0) {
    throw new InputError(input, `'${value}' is not a positive duration (examples: 500ms, 10s, 2m)`);
  }
  return Math.round(ms);
}

/** `64k`, `256m`, `1g` (binary units, as Docker reads them); a bare number is bytes. */
export function parseSize(input: string, value: string): number {
  const m = /^(\d+(?:\.\d+)?)\s*([kmg]?)i?b?$/i.exec(value.trim());
  const bytes = m ? Number(m[1]) * SIZE_UNITS[m[2]!.toLowerCase()]! : NaN;
  if (!Number.isFinite(bytes) || bytes < 1) {
    throw new InputError(input, `'${value}' is not a size (examples: 64k, 256m, 1g)`);
  }
  return Math.floor(bytes);
}

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

/** Reads every input through `get` (empty string = not set) into one validated object. */
export function readSettings(get: (name: InputName) => string, ctx: SettingsContext): Settings {
  const input = (name: InputName): string => {
    const v = get(name).trim();
    return v === "" ? DEFAULTS[name] : v;
  };
  const language = input("language").toLowerCase();
  if (language !== "auto" && !isLanguage(language)) {
    throw new InputError("language", `'${language}' is not one of auto, ${LANGUAGE_NAMES.join(", ")}`);
  }
  const source = parseChoice("source", input("source"), ["comments", "pull-request", "files"] as const);
  const files = parseList(input("files"));
  if (source === "files" && files.length === 0) {
    throw new InputError("files", "is required when source is 'files'");
  }
  const failOn = parseList(input("fail-on")).map((s) => parseChoice("fail-on", s, STATUSES));
  const memoryBytes = parseSize("memory", input("memory"));
  // Docker refuses containers under 6 MiB; say so here rather than per candidate.
  if (memoryBytes < 6 * 1024 ** 2) throw new InputError("memory", `'${input("memory")}' is below Docker's minimum of 6m`);
  const wanted = input("concurrency") === "" ? (ctx.cpuCount ?? cpus().length) : parseNumber("concurrency", input("concurrency"), { integer: true, min: 1 });
  const target = input("target");
  const shard = parseShard(input("shard"));
  const merge = parseList(input("merge"));
  // A merge judges nothing, so a shard of it means nothing, and its report must not claim to be one.
  if (shard && merge.length > 0) throw new InputError("shard", "cannot be combined with 'merge': a merge job runs no candidates");
  if (target && (target.startsWith("/") || target.split(/[\\/]/).includes(".."))) {
    throw new InputError("target", `'${target}' must be a relative path inside the work dir`);
  }
  return {
    source,
    authors: parseList(input("authors")),
    files,
    language: language as Language | "auto",
    image: input("image"),
    pull: parseChoice("pull", input("pull"), ["always", "missing", "never"] as const),
    tests: parseList(input("tests")),
    workdir: input("workdir") || ctx.defaultWorkdir,
    target,
    command: input("command"),
    timeoutMs: parseDuration("timeout", input("timeout")),
    memoryBytes,
    cpus: parseNumber("cpus", input("cpus"), { integer: false, min: 0.01 }),
    pidsLimit: parseNumber("pids-limit", input("pids-limit"), { integer: true, min: 8 }),
    maxOutputBytes: parseSize("max-output", input("max-output")),
    tmpfsBytes: parseSize("tmpfs-size", input("tmpfs-size")),
    runtime: input("runtime"),
    engine: parseChoice("engine", input("engine"), ["docker", "podman"] as const),
    concurrency: fitConcurrency(wanted, memoryBytes, ctx.machineBytes),
    isolation: parseChoice("isolation", input("isolation"), ["candidate", "run"] as const),
    ...(shard ? { shard } : {}),
    baseline: input("baseline"),
    merge,
    maxCandidates: parseNumber("max-candidates", input("max-candidates"), { integer: true, min: 1 }),
    failOn: new Set(failOn),
    comment: parseBoolean("comment", input("comment")),
    report: input("report"),
    junit: input("junit"),
    token: input("github-token") || ctx.defaultToken || "",
  };
}
