// The bench's SWE-bench-style figure: candidates per second on the boltons tasks (test/fixtures,
// scripts/fixtures/cut-swe-tasks.py) through the gate, each task at its own base commit with its
// test_patch, against a plain harness's loop in the same process (per candidate: `git archive` of the base,
// `git apply` of the patch and the test_patch, one `docker run --rm --network none` of pytest, its JUnit
// read back; a setup run in each candidate's container), at the same concurrency; and what the per-commit
// base costs: the time to make each commit's run image, read off the gate's log. Both loops' verdicts are
// held to the plain harness's expected file. `one-per-commit` takes one gold line of each commit, as on
// SWE-bench Lite, where every instance is a commit of its own and the gate's per-commit base is shared by nobody.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { mapLimit } from "../../src/core/map-limit.js";
import { cliRun } from "./gate-cli.js";
import type { CostMeter, Costs } from "./counts.js";
import { machineCpuSeconds } from "./host.js";

const FIXTURES = resolve(dirname(fileURLToPath(import.meta.url)), "../../test/fixtures");
const TASKS = join(FIXTURES, "boltons-tasks.jsonl");
const RESULTS = "results/junit.xml";

export interface Line {
  id: string;
  task: string;
  base_commit: string;
  patch: string;
  test_patch: string;
  fail_to_pass: string[];
  pass_to_pass: string[];
  command: string;
}
type Resolved = "full" | "partial" | "no";

export interface SweLoop {
  wallMs: number;
  /** The machine's busy CPU over the loop (docker's and the kernel's included). */
  cpuSeconds: number;
  resolved: Map<string, Resolved | undefined>;
  /** Forks, context switches, execs and syscalls over the loop (scripts/bench/counts.ts). */
  costs?: Costs;
}

export interface SweFigures {
  candidates: number;
  commits: number;
  concurrency: number;
  gate: SweLoop & { imageMs: number[]; setupMs: number[] };
  plain: SweLoop;
  /** Candidates whose verdict differs from the expected file's, by loop. */
  disagreements: { gate: string[]; plain: string[] };
  setup?: string;
  lines: SweLines;
}

/** Which of the tasks' lines a run takes: all of them, or one gold line of each commit. */
export type SweLines = "all" | "one-per-commit";

/** The lines `which` takes, in the file's order. */
export function pickLines(lines: readonly Line[], which: SweLines): Line[] {
  if (which === "all") return [...lines];
  const seen = new Set<string>();
  return lines.filter((line) => {
    if (!line.id.endsWith("-gold") || seen.has(line.base_commit)) return false;
    seen.add(line.base_commit);
    return true;
  });
}

const readLines = (): Line[] =>
  readFileSync(TASKS, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Line);

/** SWE-bench's rule; a listed test missing or skipped has not passed. */
export function resolvedOf(passed: (id: string) => boolean, line: Line): Resolved {
  const f2p = line.fail_to_pass.map(passed);
  const p2p = line.pass_to_pass.every(passed);
  if (f2p.every(Boolean) && p2p) return "full";
  return f2p.some(Boolean) && p2p ? "partial" : "no";
}

/** The passing test ids of pytest's JUnit XML: a few lines of regex, not the gate's reader. */
export function passedIds(xml: string): Set<string> {
  const unescape = (s: string) =>
    s
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&");
  const passed = new Set<string>();
  for (const m of xml.matchAll(/<testcase\b([^>]*?)(?:\/>|>([\s\S]*?)<\/testcase>)/g)) {
    const attr = (name: string) => unescape(new RegExp(`\\b${name}="([^"]*)"`).exec(m[1]!)?.[1] ?? "");
    if (!/<(failure|error|skipped)\b/.test(m[2] ?? "")) passed.add(`${attr("classname")}::${attr("name")}`);
  }
  return passed;
}

function sh(script: string, input?: Buffer): Promise<{ code: number | null; stdout: string }> {
  return new Promise((done, fail) => {
    const child = spawn("sh", ["-c", script], { stdio: ["pipe", "pipe", "ignore"] });
    const out: Buffer[] = [];
    child.stdout.on("data", (b: Buffer) => out.push(b));
    child.on("error", fail);
    child.on("close", (code) => done({ code, stdout: Buffer.concat(out).toString("utf8") }));
    child.stdin.on("error", () => {});
    child.stdin.end(input ?? Buffer.alloc(0));
  });
}

const quote = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;

/** The plain harness: each candidate its own base tree, patched with git, one bare `docker run` of its command. */
export async function plainLoop(
  repo: string,
  lines: Line[],
  image: string,
  concurrency: number,
  setup?: string,
): Promise<SweLoop> {
  const work = mkdtempSync(join(tmpdir(), "sandbox-gate-bench-swe-plain-"));
  const cpu = machineCpuSeconds();
  const started = performance.now();
  try {
    const verdicts = await mapLimit(lines, concurrency, async (line) => {
      const dir = mkdtempSync(join(work, "c-"));
      const apply = (patch: string) => sh(`cd ${quote(dir)} && git apply --whitespace=nowarn -`, Buffer.from(patch));
      await sh(`git -C ${quote(repo)} archive ${line.base_commit} | tar -x -C ${quote(dir)}`);
      if ((await apply(line.patch)).code !== 0 || (await apply(line.test_patch)).code !== 0) return "no" as const;
      // Without a gate there is no base to share: the setup runs in every candidate's container.
      const prepare = setup ? `{ ${setup}; } >/dev/null 2>&1 && ` : "";
      const run = `mkdir -p /tmp/w && cd /tmp/w && tar -x && ${prepare}{ ${line.command}; } >/dev/null 2>&1; cat ${RESULTS}`;
      const { stdout } = await sh(
        `tar -c -C ${quote(dir)} . | docker run --rm -i --network none ${quote(image)} sh -c ${quote(run)}`,
      );
      const passed = passedIds(stdout);
      return resolvedOf((id) => passed.has(id), line);
    });
    return {
      wallMs: performance.now() - started,
      cpuSeconds: machineCpuSeconds() - cpu,
      resolved: new Map(lines.map((l, i) => [l.id, verdicts[i]])),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The gate through its CLI, in this process, over the tasks file; the run images' times from its log. */
async function gateLoop(repo: string, tasks: string, image: string, concurrency: number, setup?: string) {
  const report = join(repo, "..", "report.json");
  const args = ["--workdir", repo, "--image", image, "--pull", "never", "--test-results", RESULTS];
  args.push("--timeout", "60s", "--max-candidates", "100", "--concurrency", String(concurrency));
  if (setup) args.push("--setup", setup);
  const { wallMs, cpuSeconds, report: read, log } = await cliRun([...args, tasks], repo, report);
  const times = (pattern: RegExp) =>
    log.flatMap((l) => {
      const m = pattern.exec(l);
      return m ? [Number(m[1]) * 1000] : [];
    });
  return {
    wallMs,
    cpuSeconds,
    resolved: new Map(read.results.map((r) => [r.id, (r as { resolved?: Resolved }).resolved])),
    imageMs: times(/run image .*made in ([\d.]+) s/),
    setupMs: times(/setup .*took ([\d.]+) s/),
  };
}

const disagreeing = (loop: SweLoop, expected: Map<string, Resolved>) =>
  [...expected].filter(([id, want]) => loop.resolved.get(id) !== want).map(([id]) => id);

/** What `loop` costs, counted around it. */
async function counted<T extends SweLoop>(meter: CostMeter, loop: () => Promise<T>): Promise<T> {
  const span = await meter.start();
  const figures = await loop();
  return { ...figures, costs: await span.stop() };
}

/** The gate and the plain loop over the tasks, plain first, on a fresh clone of the fixture history. */
export async function sweBench(
  image: string,
  concurrency: number,
  meter: CostMeter,
  setup?: string,
  which: SweLines = "all",
): Promise<SweFigures> {
  const root = mkdtempSync(join(tmpdir(), "sandbox-gate-bench-swe-"));
  try {
    const repo = join(root, "boltons");
    execFileSync("git", ["clone", "-q", join(FIXTURES, "boltons-tasks.bundle"), repo]);
    const lines = pickLines(readLines(), which);
    const tasks = join(root, "tasks.jsonl");
    writeFileSync(tasks, lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
    const expected = JSON.parse(readFileSync(join(FIXTURES, "boltons-expected.json"), "utf8")) as {
      candidates: Record<string, { resolved: Resolved }>;
    };
    const picked = new Set(lines.map((line) => line.id));
    const want = new Map(
      Object.entries(expected.candidates).flatMap(([id, c]) => (picked.has(id) ? [[id, c.resolved] as const] : [])),
    );
    const plain = await counted(meter, () => plainLoop(repo, lines, image, concurrency, setup));
    const gate = await counted(meter, () => gateLoop(repo, tasks, image, concurrency, setup));
    return {
      candidates: lines.length,
      commits: new Set(lines.map((l) => l.base_commit)).size,
      concurrency,
      gate,
      plain,
      disagreements: { gate: disagreeing(gate, want), plain: disagreeing(plain, want) },
      ...(setup && { setup }),
      lines: which,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
