// `npm run bench`: throughput of the sandbox modes on real model replies. Prints figures; asserts nothing.
//
//   npm run bench -- [--limit N] [--modes a,b,c,d,e] [--rounds 3] [--dataset corpus.jsonl|synthetic] [--tree 40] [--library 30]
//                    [--concurrency N] [--image IMG] [--library 30] [--results 3] [--swe 1] [--swe-image IMG]
//                    [--timeout 3s] [--meter 2000] [--setup-inputs 1] [--services 1] [--syscalls]
//
// --modes "" runs none of the modes: the other figures alone (e.g. `--modes "" --tree 0 --library 0 --results 0 --swe 1`).
// --skip-official timeout: leaves out the records whose official verdict is listed (comma-separated). The
// corpus's two `timeout` replies grow memory until the limit kills them: they time the limit, not the
// sandbox, and in the sequential naive loop they are seconds of its total (issue 21 measures without them).
// --results N: the results reader on a hostile 8 MiB JUnit file, N times (0 skips it); after the modes: its
// garbage (≈ 120 MB a read, which V8 gives back late) would otherwise count in the modes' peak RSS.
// --meter N: the time accounting's cost, N readings of a real container's counters, and what a median
// candidate's readings come to beside the machine's CPU per candidate (0 skips it).
// --timeout: the candidates' timeout (the gate's default when empty); HumanEval's harness uses 3 s.
// Every figure of candidates (each mode, the SWE loops) comes with what a candidate costs the machine in
// forks, context switches and execs by command name (scripts/bench/counts.ts: /proc/stat, and BSD process
// accounting where `accton` is installed, Debian's `acct`); --syscalls adds the machine's syscalls, counted
// by perf on every CPU (an enabled tracepoint taxes every syscall, so the CPU-s beside it is a little higher).
// --swe N: the SWE-bench-style tasks cut from boltons (test/fixtures/boltons-tasks.jsonl) through the gate
// against a plain harness's loop, N times, with and without a setup, and one gold line per commit without
// (as SWE-bench Lite has it: no commit's base shared) (0 skips it); --swe-image has pytest.
// --setup-inputs N: what per-candidate set-ups cost (issue 31): ten patch candidates on test/fixtures/repos/deps
// (its setup installs requirements.txt offline from a vendored wheel) on --swe-image, a run where none changes
// the manifests against one where one in ten adds the vendored package, N times (0 skips it).
// --services N: ten python replies with one Redis service each (sandbox-gate-test/redis:1) against the same
// ten without, N times (0 skips it). Both hold each run's verdicts to what they must be, and throw if not.
//
// The dataset defaults to the HumanEval replies beside the checkout, read in place; without them, the
// bench's own synthetic set.
//
// Modes: a = sandbox-gate with its defaults (warm pool over the Engine API); a-cli = the same through the
// docker CLI engine; b = the naive loop, one sequential `docker run --rm` per candidate with the gate's
// flags; c = the ceiling, `concurrency` loops of bare `docker run --rm IMG true` with the same flags;
// d = sandbox-gate with `isolation: run`; e = the candidates as plain host subprocesses (the floor
// without isolation); f = sandbox-gate with `isolation: namespace` (root and a local docker: a bwrap
// sandbox per candidate from docker's config).
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire, syncBuiltinESMExports } from "node:module";
import { cpus, tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { readDataset } from "../src/candidates/dataset-lines.js";
import { classify } from "../src/verdict/classify.js";
import { LANGUAGES } from "../src/languages/registry.js";
import type { RunFacts, Status } from "../src/core/model.js";
import { runContext } from "../src/run/pipeline.js";
import { mapLimit } from "../src/core/map-limit.js";
import { judgeAll } from "../src/run/run.js";
import { extractCode } from "../src/prepare/extract.js";
import { quantile } from "../src/report/evaluation.js";
import { StreamCapture } from "../src/sandbox/capture.js";
import { CliEngine } from "../src/sandbox/engines/cli/cli-engine.js";
import { cliRunArgs, lockDown } from "../src/sandbox/policy.js";
import { PhaseParser, driverInput, newNonce } from "../src/sandbox/driver.js";
import { type ContainerEngine, type JudgingEngine } from "../src/sandbox/engine.js";
import { RUN_LABEL, type SandboxJob } from "../src/sandbox/job.js";
import { createEngine } from "../src/sandbox/select.js";
import { tarball } from "../src/core/tar/pack.js";
import { type ModeSettings, readSettings, type InputName, type Settings } from "../src/settings/settings.js";
import { inShard } from "../src/core/shard.js";
import {
  COMMAND,
  PROMPT_FILE,
  TARGET,
  TEST_FILE,
  agreement,
  datasetLine,
  type BenchRecord,
} from "./bench/humaneval.js";
import { SYNTHETIC } from "./bench/synthetic.js";
import { type LatencyFigures, type LibraryFigures, libraryBench } from "./bench/library.js";
import { type TreeFigures, treeBench } from "./bench/tree.js";
import { type ResultsFigures, resultsBench } from "./bench/results.js";
import { type SweFigures, sweBench } from "./bench/swe.js";
import { type MeterFigures, meterBench, readingsPerCandidate } from "./bench/meter.js";
import { cpuPerCandidate, formatHostFacts, hostFacts, machineCpuSeconds } from "./bench/host.js";
import { type SetupInputsFigures, type SetupRun, setupInputsBench } from "./bench/setup-inputs.js";
import { REDIS_IMAGE, type ServicesFigures, servicesBench } from "./bench/services.js";
import { DEPS } from "../test/support/fixture-repo.js";
import { type CostMeter, type Costs, addCosts, costMeter, formatCosts } from "./bench/counts.js";

/** The setup of the SWE figure's second run: the package compiled once per commit, as a real setup might. */
const SWE_SETUP = "python3 -m compileall -q boltons";
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const CORPUS = resolve(ROOT, "../shared/corpus/humaneval-replies/corpus.jsonl");
const MB = 1024 * 1024;
const log = (line: string) => void process.stderr.write(`${line}\n`);

// Engine calls are counted where they leave the process: each docker CLI spawned, each request to the
// engine's socket. Patching the builtins (and syncing their ESM bindings) keeps src/ free of bench hooks.
const engineCalls = { count: 0 };
{
  const require = createRequire(import.meta.url);
  const childProcess = require("node:child_process") as typeof import("node:child_process");
  const http = require("node:http") as typeof import("node:http");
  const originalSpawn = childProcess.spawn;
  childProcess.spawn = ((command: string, ...rest: unknown[]) => {
    if (command === "docker") engineCalls.count++;
    return (originalSpawn as (...a: unknown[]) => unknown)(command, ...rest);
  }) as typeof childProcess.spawn;
  const originalRequest = http.request;
  http.request = ((...args: unknown[]) => {
    if (typeof args[0] === "object" && args[0] !== null && "socketPath" in args[0]) engineCalls.count++;
    return (originalRequest as (...a: unknown[]) => unknown)(...args);
  }) as typeof http.request;
  syncBuiltinESMExports();
}

interface Bench {
  records: BenchRecord[];
  settings: Settings;
  datasetPath: string;
  runId: string;
  concurrency: number;
}

/** What one mode measured; latencies are per candidate that reached a sandbox, in ms. */
interface Measured {
  latencies: number[];
  statuses?: Map<string, Status>;
  peakRssBytes?: number;
}

interface Mode {
  label: string;
  run: (bench: Bench) => Promise<Measured>;
}

const MODES: Record<string, Mode> = {
  a: {
    label: "sandbox-gate, defaults",
    run: async (bench) => gateMode(bench, await createEngine(bench.settings.mode, log)),
  },
  "a-cli": { label: "sandbox-gate, docker CLI engine", run: (bench) => gateMode(bench, new CliEngine()) },
  b: { label: "naive: sequential docker run --rm", run: naiveMode },
  c: { label: "ceiling: bare docker run --rm true", run: ceilingMode },
  d: {
    label: "sandbox-gate, isolation: run",
    run: async (bench) =>
      gateMode(bench, await createEngine({ ...bench.settings.mode, isolation: "run" }, log), { isolation: "run" }),
  },
  e: { label: "floor: plain host subprocesses", run: plainMode },
  f: {
    label: "sandbox-gate, isolation: namespace",
    run: async (bench) =>
      gateMode(bench, await createEngine({ ...bench.settings.mode, isolation: "namespace" }, log), {
        isolation: "namespace",
      }),
  },
};

// ---------------------------------------------------------------------------------------------------
// a: the gate itself, in this process, reading the dataset as a nightly run would.

async function gateMode(bench: Bench, engine: ContainerEngine, mode: Partial<ModeSettings> = {}): Promise<Measured> {
  const latencies: number[] = [];
  const timed: JudgingEngine = {
    run: async (job) => {
      const started = performance.now();
      try {
        return await engine.run(job);
      } finally {
        latencies.push(performance.now() - started);
      }
    },
    hasImage: (image) => engine.hasImage(image),
    pull: (image) => engine.pull(image),
  };
  const rss = rssSampler();
  try {
    const settings = { ...bench.settings, mode: { ...bench.settings.mode, ...mode } };
    const outcome = await judgeAll(
      readDataset(bench.datasetPath, "bench.jsonl"),
      runContext({ settings, engine: timed, testFiles: [], runId: bench.runId }, () => {}),
      { log: () => {} },
    );
    return { latencies, statuses: new Map(outcome.results.map((r) => [r.id, r.status])), peakRssBytes: rss.stop() };
  } finally {
    rss.stop();
    await engine.close();
  }
}

function rssSampler(): { stop: () => number } {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 50);
  return {
    stop: () => {
      clearInterval(timer);
      return Math.max(peak, process.memoryUsage.rss());
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// b, c, e: the comparison loops, fed the same extracted code, files and limits as the gate.

interface Prepared {
  record: BenchRecord;
  /** Undefined when the reply holds no code: nothing to run. */
  job?: SandboxJob;
}

function prepare(bench: Bench): Prepared[] {
  const { settings } = bench;
  return bench.records.map((record) => {
    const extraction = extractCode(record.reply, "python");
    if (extraction.kind === "none") return { record };
    return {
      record,
      job: {
        image: settings.run.image,
        files: [
          { path: PROMPT_FILE, content: record.prompt },
          { path: TEST_FILE, content: record.test },
          { path: TARGET, content: extraction.code },
        ],
        check: LANGUAGES.python.check(TARGET),
        command: COMMAND,
        limits: settings.limits,
        labels: { [RUN_LABEL]: bench.runId },
      },
    };
  });
}

/** Runs `items` through `work` with `limit` at once, timing each. */
async function timedLoop<T>(
  items: T[],
  limit: number,
  work: (item: T) => Promise<Status | undefined>,
): Promise<Measured> {
  const latencies: number[] = [];
  const outcomes = await mapLimit(items, limit, async (item) => {
    const started = performance.now();
    const status = await work(item);
    if (status !== "no_code") latencies.push(performance.now() - started);
    return status;
  });
  return { latencies, statuses: statusMap(items, outcomes) };
}

function statusMap<T>(items: T[], outcomes: Array<Status | undefined>): Map<string, Status> | undefined {
  const map = new Map<string, Status>();
  items.forEach((item, i) => {
    const id = (item as { record?: BenchRecord }).record?.id;
    const status = outcomes[i];
    if (id !== undefined && status !== undefined) map.set(id, status);
  });
  return map.size > 0 ? map : undefined;
}

/** A child's exit, with its streams fed to the given sinks; killed by `kill()` on timeout. */
function runChild(
  argv: string[],
  options: {
    input?: Buffer;
    detached?: boolean;
    cwd?: string;
    onStdout?: (b: Buffer) => void;
    onStderr?: (b: Buffer) => void;
  },
) {
  const child = spawn(argv[0]!, argv.slice(1), {
    stdio: ["pipe", "pipe", "pipe"],
    detached: options.detached ?? false,
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  child.stdout.on("data", options.onStdout ?? (() => {}));
  child.stderr.on("data", options.onStderr ?? (() => {}));
  child.stdin.on("error", () => {});
  child.stdin.end(options.input ?? Buffer.alloc(0));
  const exit = new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => resolve(code ?? (signal ? 128 + 9 : null)));
  });
  return { child, exit };
}

/** b: one `docker run --rm` per candidate, one after another; a timeout kills the container by name. */
async function naiveMode(bench: Bench): Promise<Measured> {
  return timedLoop(prepare(bench), 1, async ({ job }) => {
    if (!job) return "no_code";
    const name = `sandbox-gate-bench-${randomBytes(6).toString("hex")}`;
    const stdout = new StreamCapture(job.limits.maxOutputBytes);
    const stderr = new StreamCapture(job.limits.maxOutputBytes);
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    const nonce = newNonce();
    const parser = new PhaseParser({
      nonce,
      onRunOutput: (chunk) => stderr.push(chunk),
      onRun: () => {
        timer = setTimeout(() => {
          timedOut = true;
          runChild(["docker", "kill", name], {});
        }, job.limits.timeoutMs);
      },
    });
    const args = cliRunArgs(lockDown(job), name, "docker");
    const { exit } = runChild(["docker", args[0]!, "--rm", ...args.slice(1)], {
      input: Buffer.concat(driverInput(nonce, [tarball(job.files)])),
      onStdout: (b) => stdout.push(b),
      onStderr: (b) => parser.push(b),
    });
    const exitCode = await exit;
    clearTimeout(timer);
    parser.end();
    // With --rm nothing is left to inspect: a SIGKILL we did not send is taken for the OOM killer.
    return classify(
      facts({
        phase: parser.phase,
        exitCode,
        timedOut,
        oomKilled: exitCode === 137 && !timedOut,
        checkOutput: parser.text,
      }),
    );
  });
}

/** c: `concurrency` loops of bare containers, as many as there are candidates, with the gate's flags. */
async function ceilingMode(bench: Bench): Promise<Measured> {
  const job = prepare(bench).find((p) => p.job)?.job;
  if (!job) throw new Error("no candidate with code to take the flags from");
  const measured = await timedLoop(bench.records, bench.concurrency, async () => {
    const args = cliRunArgs(lockDown(job), `sandbox-gate-bench-${randomBytes(6).toString("hex")}`, "docker");
    const image = args.indexOf("--") + 1;
    await runChild(["docker", args[0]!, "--rm", ...args.slice(1, image + 1), "true"], {}).exit;
    return undefined;
  });
  return { latencies: measured.latencies };
}

/** e: the same check and command on the host, each in its own temp dir and process group, with the timeout. */
async function plainMode(bench: Bench): Promise<Measured> {
  const root = await mkdtemp(join(tmpdir(), "sandbox-gate-bench-"));
  try {
    return await timedLoop(prepare(bench), bench.concurrency, async ({ job }) => {
      if (!job) return "no_code";
      const dir = await mkdtemp(join(root, "c-"));
      for (const file of job.files) await writeFile(join(dir, file.path), file.content);
      const check = await runChild(job.check!, { cwd: dir }).exit;
      if (check !== 0) return "syntax_error";
      const stderr = new StreamCapture(job.limits.maxOutputBytes);
      // No sandbox here, so at least an address-space cap keeps a runaway list from eating the host.
      const { child, exit } = runChild(["sh", "-c", `ulimit -v ${job.limits.memoryBytes / 1024}; ${job.command}`], {
        cwd: dir,
        detached: true,
        onStderr: (b) => stderr.push(b),
      });
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        process.kill(-child.pid!, "SIGKILL");
      }, job.limits.timeoutMs);
      const exitCode = await exit;
      clearTimeout(timer);
      const oomKilled = exitCode !== 0 && stderr.result().text.includes("MemoryError");
      return classify(facts({ phase: "run", exitCode, timedOut, oomKilled, checkOutput: "" }));
    });
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

function facts(f: Pick<RunFacts, "phase" | "exitCode" | "timedOut" | "oomKilled" | "checkOutput">): RunFacts {
  const empty = { text: "", truncated: false, bytes: 0 };
  return { ...f, signal: null, stdout: empty, stderr: empty, durationMs: 0 };
}

// ---------------------------------------------------------------------------------------------------
// Figures.

/** One mode's totals, over one round or all of them. */
interface Row {
  mode: string;
  label: string;
  n: number;
  wallMs: number;
  latencies: number[];
  calls: number;
  cpuSeconds: number;
  costs: Costs;
  statuses?: Map<string, Status>;
  peakRssBytes?: number;
}

async function measure(mode: string, bench: Bench, meter: CostMeter): Promise<Row> {
  const { label, run } = MODES[mode]!;
  const span = await meter.start();
  const calls = engineCalls.count;
  const cpu = machineCpuSeconds();
  const started = performance.now();
  const measured = await run(bench);
  const wallMs = performance.now() - started;
  const row: Row = {
    mode,
    label,
    n: bench.records.length,
    wallMs,
    latencies: measured.latencies,
    calls: engineCalls.count - calls,
    cpuSeconds: machineCpuSeconds() - cpu,
    costs: await span.stop(),
  };
  if (measured.statuses) row.statuses = measured.statuses;
  if (measured.peakRssBytes !== undefined) row.peakRssBytes = measured.peakRssBytes;
  await new CliEngine().removeLabelled(`${RUN_LABEL}=${bench.runId}`);
  log(`  ${mode}: ${row.n} candidates in ${(wallMs / 1000).toFixed(1)} s`);
  return row;
}

/** The rounds' rows of each mode added up, in the modes' order. */
function total(rows: Row[], modes: string[]): Row[] {
  return modes.map((mode) => {
    const of = rows.filter((row) => row.mode === mode);
    const sum = (pick: (row: Row) => number) => of.reduce((acc, row) => acc + pick(row), 0);
    const row: Row = {
      mode,
      label: of[0]!.label,
      n: sum((r) => r.n),
      wallMs: sum((r) => r.wallMs),
      latencies: of.flatMap((r) => r.latencies),
      calls: sum((r) => r.calls),
      cpuSeconds: sum((r) => r.cpuSeconds),
      costs: of.map((r) => r.costs).reduce(addCosts),
    };
    if (of.some((r) => r.statuses)) row.statuses = new Map(of.flatMap((r) => [...(r.statuses ?? [])]));
    if (of.some((r) => r.peakRssBytes !== undefined))
      row.peakRssBytes = Math.max(...of.map((r) => r.peakRssBytes ?? 0));
    return row;
  });
}

function agreementSummary(records: BenchRecord[], statuses: Map<string, Status>) {
  let agree = 0;
  const exceptions: string[] = [];
  const disagreements: string[] = [];
  for (const record of records) {
    const status = statuses.get(record.id);
    if (status === undefined) continue;
    const verdict = agreement(record, status);
    if (verdict.kind === "agree") agree++;
    else if (verdict.kind === "exception") exceptions.push(`${record.id}: ${status} (${verdict.note})`);
    else disagreements.push(`${record.id}: ${status}, expected ${verdict.expected}`);
  }
  return { agree, exceptions, disagreements };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const throughput = (row: Row) => row.n / (row.wallMs / 1000);

function print(
  rows: Row[],
  bench: Pick<Bench, "records" | "settings" | "concurrency">,
  source: string,
  rounds: number,
): void {
  const out = (line = "") => process.stdout.write(`${line}\n`);
  out(`\nsandbox-gate bench: ${bench.records.length} candidates from ${source}, in ${rounds} interleaved round(s)`);
  out(
    `image ${bench.settings.run.image}, concurrency ${bench.concurrency}, ${cpus().length} CPUs, timeout ${seconds(bench.settings.limits.timeoutMs)}, memory ${bench.settings.limits.memoryBytes / MB} MiB\n`,
  );
  const table = [
    ["mode", "", "wall", "cand/s", "median", "p95", "calls/cand", "cpu-s/cand", "agreement"],
    ...rows.map((row) => {
      const agreed = row.statuses ? agreementSummary(bench.records, row.statuses) : undefined;
      return [
        row.mode,
        row.label,
        seconds(row.wallMs),
        throughput(row).toFixed(2),
        seconds(quantile(row.latencies, 0.5)),
        seconds(quantile(row.latencies, 0.95)),
        (row.calls / row.n).toFixed(2),
        cpuPerCandidate(row.cpuSeconds, row.n),
        agreed
          ? `${agreed.agree + agreed.exceptions.length}/${row.statuses!.size} (${agreed.exceptions.length} documented)`
          : "-",
      ];
    }),
  ];
  const widths = table[0]!.map((_, col) => Math.max(...table.map((r) => r[col]!.length)));
  for (const r of table)
    out(
      r
        .map((cell, col) => cell.padEnd(widths[col]!))
        .join("  ")
        .trimEnd(),
    );

  const by = new Map(rows.map((row) => [row.mode, row]));
  const ratio = (a: string, b: string, what: string, target?: number) => {
    const x = by.get(a);
    const y = by.get(b);
    if (!x || !y) return;
    const value = throughput(x) / throughput(y);
    const verdict = target === undefined ? "" : `; target ≥ ${target}: ${value >= target ? "met" : "NOT met"}`;
    out(`  ${a}/${b} = ${value.toFixed(2)}  (${what}${verdict})`);
  };
  out("\nwhat a candidate costs the machine over each mode's span (others' work included; execs by command");
  out("name as they exited, with acct's CPU, a floor; docker's daemons run on and are counted only in CPU-s):");
  for (const row of rows) out(`  ${row.mode}: ${formatCosts(row.costs, row.n)}`);
  out("\nthroughput ratios:");
  ratio("a", "c", "gate vs ceiling", 0.95);
  ratio("a", "b", "gate vs naive loop", 1.5);
  ratio("d", "b", "run-scoped reuse vs naive loop", 4);
  ratio("f", "b", "fresh namespaces per candidate vs naive loop", 8);
  ratio("e", "a", "no isolation vs gate");
  for (const row of rows) {
    if (row.peakRssBytes !== undefined) {
      const mb = row.peakRssBytes / MB;
      out(
        `peak RSS of the bench process during ${row.mode} (gate + tsx + dataset): ${mb.toFixed(0)} MB (target < 200 MB: ${mb < 200 ? "met" : "NOT met"})`,
      );
    }
  }
  for (const row of rows) {
    if (!row.statuses) continue;
    const { exceptions, disagreements } = agreementSummary(bench.records, row.statuses);
    const counts = new Map<Status, number>();
    for (const status of row.statuses.values()) counts.set(status, (counts.get(status) ?? 0) + 1);
    out(`\n${row.mode} verdicts: ${[...counts].map(([s, n]) => `${n} ${s}`).join(", ")}`);
    for (const line of exceptions) out(`  documented: ${line}`);
    for (const line of disagreements) out(`  DISAGREES: ${line}`);
  }
}

/** The tree-size figure: per-candidate time on a large base tree against a small one, same run; what compare adds. */
function printTree({ small, large, compared }: Awaited<ReturnType<typeof treeBench>>): void {
  const out = (line = "") => process.stdout.write(`${line}\n`);
  const cpu = (t: TreeFigures) => `${cpuPerCandidate(t.cpuSeconds, t.candidates)} CPU-s/cand`;
  const row = (t: TreeFigures) =>
    `  ${String(t.files).padStart(5)} files, ${(t.bytes / MB).toFixed(1).padStart(5)} MB: per candidate median ${seconds(t.medianMs)}, p95 ${seconds(t.p95Ms)}, ${cpu(t)}; run image made once in ${seconds(t.imageMs)}`;
  const ratio = large.medianMs / small.medianMs;
  out("\nbase tree size (patch candidates on a git checkout; the tree goes into the run image once):");
  out(row(small));
  out(row(large));
  out(`  large/small per-candidate median = ${ratio.toFixed(2)} (target ≤ 1.3: ${ratio <= 1.3 ? "met" : "NOT met"})`);
  out(`\ncompare: base on the ${small.files}-file tree (the base run once per run, beside the patches):`);
  const run = (t: TreeFigures) =>
    `${t.sandboxes} sandboxes for ${t.candidates} patches, run ${seconds(t.wallMs)}, per sandbox median ${seconds(t.medianMs)}, ${cpu(t)}`;
  out(`  without: ${run(small)}`);
  out(`  with:    ${run(compared)}`);
  out(`  with/without run time = ${(compared.wallMs / small.wallMs).toFixed(2)}`);
}

/** The time accounting's figure: a reading's cost, and what a candidate's readings come to beside its own cost. */
function printMeter(figures: MeterFigures | undefined, gate: Row | undefined): void {
  const out = (line = "") => process.stdout.write(`${line}\n`);
  out("\ntime accounting (the CPU counters of a candidate's cgroup, docs/judging.md):");
  if (figures === undefined) {
    out("  no counters on this machine: the wall clock decides (no cost)");
    return;
  }
  const { readings, tasks, wallUs, cpuUs } = figures;
  out(
    `  one reading of a container with ${tasks} tasks: ${wallUs.toFixed(0)} µs, CPU ${cpuUs.toFixed(0)} µs (n = ${readings})`,
  );
  if (gate === undefined || gate.latencies.length === 0) return;
  const median = quantile(gate.latencies, 0.5);
  const perCandidate = (readingsPerCandidate(median) * cpuUs) / 1000;
  const machine = (gate.cpuSeconds / gate.n) * 1000;
  out(
    `  a median candidate of mode a (${median.toFixed(0)} ms): ${readingsPerCandidate(median)} readings, CPU ${perCandidate.toFixed(2)} ms = ${((100 * perCandidate) / machine).toFixed(2)} % of the machine's CPU per candidate (${machine.toFixed(0)} ms)`,
  );
}

/** The results reader's figure: the gate's own event loop on one hostile file, off every candidate's clock. */
function printResults({ bytes, cases, ms, cpuMs, rssGrowthMb }: ResultsFigures): void {
  const out = (line = "") => process.stdout.write(`${line}\n`);
  out(
    `\nresults reader: hostile ${(bytes / MB).toFixed(1)} MiB file (deep nesting, ${cases} cases, MB-long attributes), ms:`,
  );
  out(`  ${ms.join(", ")} (median ${quantile(ms, 0.5)}); CPU ${cpuMs.join(", ")} (median ${quantile(cpuMs, 0.5)})`);
  out(`  the process's RSS grew ${rssGrowthMb} MB over the ${ms.length} read(s) (garbage until V8 collects it)`);
}

/** The library figure: one judge() on a warm sandbox against a bare docker exec, same run. */
function printLibrary({ judge, exec }: LibraryFigures): void {
  const out = (line = "") => process.stdout.write(`${line}\n`);
  const row = (label: string, f: LatencyFigures) =>
    `  ${label.padEnd(52)} p50 ${f.p50Ms.toFixed(0)} ms, p95 ${f.p95Ms.toFixed(0)} ms, ${cpuPerCandidate(f.cpuSeconds, f.n)} CPU-s each (n = ${f.n})`;
  out("\nlibrary: one judgement of a python reply, one at a time (an agent loop's turn):");
  out(row("judge() on a warm sandbox (fresh container each)", judge));
  out(row("bare docker exec in one running container", exec));
  const perExec = judge.p50Ms / exec.p50Ms;
  out(`  judge()/exec p50 = ${perExec.toFixed(2)} (target ≤ 1.2: ${perExec <= 1.2 ? "met" : "NOT met"})`);
}

/** The SWE-bench-style figure: the gate against the plain harness on the same tasks, and each commit's base. */
function printSwe(runs: SweFigures[]): void {
  const out = (line = "") => process.stdout.write(`${line}\n`);
  out(`\nSWE-bench-style tasks (boltons' history), concurrency ${runs[0]!.concurrency}:`);
  const list = (ms: number[]) => ms.map((m) => (m / 1000).toFixed(1)).join(", ");
  for (const run of runs) {
    const { candidates } = run;
    const rate = (ms: number) => (candidates / (ms / 1000)).toFixed(2);
    const agreed = (ids: string[]) => `${candidates - ids.length}/${candidates} agree`;
    const lines = run.lines === "all" ? "every line" : "one gold line per commit";
    out(
      `  ${lines}, ${candidates} candidates on ${run.commits} base commits, ${run.setup ? `with setup \`${run.setup}\`` : "without setup"}:`,
    );
    out(
      `    gate:  ${seconds(run.gate.wallMs)}, ${rate(run.gate.wallMs)} cand/s, ${cpuPerCandidate(run.gate.cpuSeconds, candidates)} CPU-s/cand (${agreed(run.disagreements.gate)} with the plain harness's expected file)`,
    );
    out(
      `    plain: ${seconds(run.plain.wallMs)}, ${rate(run.plain.wallMs)} cand/s, ${cpuPerCandidate(run.plain.cpuSeconds, candidates)} CPU-s/cand (${agreed(run.disagreements.plain)})`,
    );
    for (const [name, loop] of [
      ["gate", run.gate],
      ["plain", run.plain],
    ] as const)
      if (loop.costs) out(`    ${name} costs per candidate: ${formatCosts(loop.costs, candidates)}`);
    out(`    gate/plain throughput = ${(run.plain.wallMs / run.gate.wallMs).toFixed(2)}`);
    const images = run.gate.imageMs.length + run.gate.setupMs.length;
    const all = [...run.gate.imageMs, ...run.gate.setupMs];
    out(
      `    per-commit base: ${images} run images for ${run.commits} commits, made in ${list(all)} s (median ${seconds(quantile(all, 0.5))}, sum ${seconds(all.reduce((a, b) => a + b, 0))} of the gate's ${seconds(run.gate.wallMs)})`,
    );
    for (const id of run.disagreements.gate) out(`    DISAGREES (gate): ${id}`);
    for (const id of run.disagreements.plain) out(`    DISAGREES (plain): ${id}`);
  }
}

/** A run of ten through the CLI: its wall time, candidates a second and CPU-s per candidate. */
function runFigures(run: { wallMs: number; cpuSeconds: number }, candidates: number): string {
  return `${seconds(run.wallMs)}, ${(candidates / (run.wallMs / 1000)).toFixed(2)} cand/s, ${cpuPerCandidate(run.cpuSeconds, candidates)} CPU-s/cand`;
}

/** The per-candidate set-up figure: a run where one candidate in ten changes the manifests against one where none does. */
function printSetupInputs(runs: SetupInputsFigures[]): void {
  const out = (line = "") => process.stdout.write(`${line}\n`);
  const first = runs[0]!;
  out(
    `\nper-candidate set-ups (setup-inputs): ${first.candidates} patch candidates on test/fixtures/repos/deps, concurrency ${first.concurrency}, setup \`${DEPS.setup}\``,
  );
  const setups = (run: SetupRun) =>
    [
      `the base's set-up ${run.baseSetupMs.map((ms) => seconds(ms)).join(", ")}`,
      ...run.ownSetupMs.map((ms) => `the candidate's own ${seconds(ms)}`),
    ].join(", ");
  for (const [i, run] of runs.entries()) {
    if (runs.length > 1) out(`  run ${i + 1} (${i % 2 === 1 ? "B first" : "A first"}):`);
    out(`  A, none of ten changes the manifests: ${runFigures(run.none, run.candidates)}; ${setups(run.none)}`);
    out(`  B, one in ten adds tinydep:           ${runFigures(run.one, run.candidates)}; ${setups(run.one)}`);
    out(
      `  B/A wall time = ${(run.one.wallMs / run.none.wallMs).toFixed(2)}, CPU = ${(run.one.cpuSeconds / run.none.cpuSeconds).toFixed(2)} (verdicts and set-ups as they must be)`,
    );
  }
}

/** The services figure: the same ten with one Redis service each against without. */
function printServices(runs: ServicesFigures[]): void {
  const out = (line = "") => process.stdout.write(`${line}\n`);
  const first = runs[0]!;
  out(
    `\nservices: ${first.candidates} python replies, concurrency ${first.concurrency}, with one Redis (${REDIS_IMAGE}) each and without`,
  );
  for (const [i, run] of runs.entries()) {
    if (runs.length > 1) out(`  run ${i + 1} (${i % 2 === 1 ? "with Redis first" : "without first"}):`);
    out(`  without services: ${runFigures(run.without, run.candidates)}`);
    out(`  with one Redis:   ${runFigures(run.withRedis, run.candidates)}`);
    const extra = (run.withRedis.wallMs - run.without.wallMs) / run.candidates;
    out(
      `  with/without wall time = ${(run.withRedis.wallMs / run.without.wallMs).toFixed(2)}, CPU = ${(run.withRedis.cpuSeconds / run.without.cpuSeconds).toFixed(2)}; ${seconds(extra)} more wall time a candidate (all ten pass; each saw its own Redis, or none)`,
    );
  }
}

// ---------------------------------------------------------------------------------------------------

function loadRecords(path: string | undefined): { records: BenchRecord[]; source: string } {
  const file = path === "synthetic" ? undefined : path ? resolve(path) : existsSync(CORPUS) ? CORPUS : undefined;
  if (!file) return { records: [...SYNTHETIC], source: "the bench's synthetic set (scripts/bench/synthetic.ts)" };
  const records = readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as BenchRecord);
  return { records, source: file };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      limit: { type: "string" },
      modes: { type: "string", default: "a,b,c,d,e" },
      dataset: { type: "string" },
      concurrency: { type: "string", default: "" },
      image: { type: "string", default: "sandbox-gate-test/bookworm:1" },
      rounds: { type: "string", default: "3" },
      tree: { type: "string", default: "40" },
      library: { type: "string", default: "30" },
      results: { type: "string", default: "3" },
      swe: { type: "string", default: "1" },
      "setup-inputs": { type: "string", default: "1" },
      services: { type: "string", default: "1" },
      meter: { type: "string", default: "2000" },
      timeout: { type: "string", default: "" },
      "swe-image": { type: "string", default: "sandbox-gate-test/python-dev:1" },
      "skip-official": { type: "string", default: "" },
      syscalls: { type: "boolean", default: false },
    },
  });
  const modes = values.modes
    .split(",")
    .map((m) => m.trim())
    .filter(Boolean);
  const unknown = modes.filter((m) => !(m in MODES));
  if (unknown.length) throw new Error(`unknown mode(s) ${unknown.join(", ")}; known: ${Object.keys(MODES).join(", ")}`);
  const loaded = loadRecords(values.dataset);
  const skipped = new Set(values["skip-official"].split(",").filter(Boolean));
  const kept = loaded.records.filter((record) => !skipped.has(record.official_category));
  if (skipped.size > 0)
    log(`left out ${loaded.records.length - kept.length} record(s) officially ${[...skipped].join(" or ")}`);
  const records = values.limit ? kept.slice(0, Number(values.limit)) : kept;

  const rounds = Math.max(1, Math.min(Number(values.rounds) || 1, records.length));

  // The host first: a figure read without it may be taken for another machine's (issue 32).
  for (const line of formatHostFacts(hostFacts())) process.stdout.write(`${line}\n`);
  const work = await mkdtemp(join(tmpdir(), "sandbox-gate-bench-"));
  // Accounting goes into the work dir's file, on from here until the bench ends.
  const meter = costMeter(join(work, "pacct"), values.syscalls);
  try {
    const inputs: Partial<Record<InputName, string>> = {
      source: "files",
      files: "bench.jsonl",
      image: values.image,
      pull: "never",
      "max-candidates": String(records.length),
      comment: "false",
      concurrency: values.concurrency,
      timeout: values.timeout,
    };
    const settings = readSettings((name) => inputs[name] ?? "", { defaultWorkdir: work });
    const runId = `bench-${randomBytes(4).toString("hex")}`;
    if (modes.length > 0) log(`running ${modes.join(", ")} on ${records.length} candidates in ${rounds} round(s)`);
    // Ctrl-C: leave no container of the bench behind.
    process.once("SIGINT", () => {
      meter.close();
      void new CliEngine().removeLabelled(`${RUN_LABEL}=${runId}`).finally(() => process.exit(130));
    });
    // Other work on the machine comes and goes: each mode runs a round-robin slice in every round, and
    // the order turns from round to round, so no mode always meets a busy (or a quiet) moment.
    const rows: Row[] = [];
    // `--modes ""` runs none of them: the other figures alone.
    for (let round = 0; round < (modes.length > 0 ? rounds : 0); round++) {
      const slice = records.filter((_, i) => inShard(i, { index: round + 1, count: rounds }));
      const datasetPath = join(work, `round-${round}.jsonl`);
      await writeFile(datasetPath, slice.map((r) => `${JSON.stringify(datasetLine(r))}\n`).join(""));
      const bench: Bench = { records: slice, settings, datasetPath, runId, concurrency: settings.mode.concurrency };
      for (const mode of [...modes.slice(round % modes.length), ...modes.slice(0, round % modes.length)])
        rows.push(await measure(mode, bench, meter));
    }
    const totals = total(rows, modes);
    if (modes.length > 0)
      print(totals, { records, settings, concurrency: settings.mode.concurrency }, loaded.source, rounds);
    if (Number(values.results) > 0) printResults(resultsBench(Number(values.results)));
    if (Number(values.meter) > 0)
      printMeter(
        meterBench(values.image, Number(values.meter), runId),
        totals.find((row) => row.mode === "a"),
      );
    if (Number(values.tree) > 0) {
      printTree(
        await treeBench(
          () => createEngine(settings.mode, log),
          values.image,
          Number(values.tree),
          settings.mode.concurrency,
        ),
      );
    }
    if (Number(values.library) > 0) printLibrary(await libraryBench(values.image, Number(values.library)));
    if (Number(values.swe) > 0) {
      const runs: SweFigures[] = [];
      for (let i = 0; i < Number(values.swe); i++) {
        runs.push(await sweBench(values["swe-image"], settings.mode.concurrency, meter));
        runs.push(await sweBench(values["swe-image"], settings.mode.concurrency, meter, SWE_SETUP));
        runs.push(await sweBench(values["swe-image"], settings.mode.concurrency, meter, undefined, "one-per-commit"));
      }
      printSwe(runs);
    }
    if (Number(values["setup-inputs"]) > 0) {
      const runs: SetupInputsFigures[] = [];
      // Repeated, the two runs take turns at going first.
      for (let i = 0; i < Number(values["setup-inputs"]); i++)
        runs.push(await setupInputsBench(values["swe-image"], settings.mode.concurrency, i % 2 === 1));
      printSetupInputs(runs);
    }
    if (Number(values.services) > 0) {
      const runs: ServicesFigures[] = [];
      for (let i = 0; i < Number(values.services); i++)
        runs.push(await servicesBench(values.image, settings.mode.concurrency, i % 2 === 1));
      printServices(runs);
    }
  } finally {
    meter.close();
    await rm(work, { recursive: true, force: true });
  }
}

await main();
