// The bench's tree-size figure: what a large base tree costs each patch candidate, now that the tree
// goes into the run's image once and each candidate's driver copies it into its own work dir. Patch
// candidates on a 2 000-file, 20 MB git checkout against the same on a 10-file one, in the same run,
// through the gate's real path (warm pool, run image, base copy in the sandbox). Then what `compare: base`
// adds on the small tree: one more sandbox per run (the base's own), whatever the number of patches.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { SourceEntry } from "../../src/core/model.js";
import { runContext } from "../../src/run/pipeline.js";
import { judgeAll, runImageMaker } from "../../src/run/run.js";
import { RunImages } from "../../src/run/run-images.js";
import { quantile } from "../../src/report/evaluation.js";
import { type ContainerEngine, type JudgingEngine } from "../../src/sandbox/engine.js";
import { RUN_LABEL } from "../../src/sandbox/job.js";
import { readSettings, type InputName } from "../../src/settings/settings.js";
import { machineCpuSeconds } from "./host.js";

export interface TreeFigures {
  files: number;
  bytes: number;
  /** The run image: made once per run, off every candidate's clock. */
  imageMs: number;
  medianMs: number;
  p95Ms: number;
  candidates: number;
  /** Sandboxes the run started (the base run's included) and the run's wall time, run image aside. */
  sandboxes: number;
  wallMs: number;
  /** The machine's busy CPU over the run, run image aside (the engine's and the kernel's included). */
  cpuSeconds: number;
}

/** A git checkout of `files` modules of `size` bytes each. */
function checkout(files: number, size: number): string {
  const dir = mkdtempSync(join(tmpdir(), "sandbox-gate-bench-tree-"));
  mkdirSync(join(dir, "pkg"));
  const line = "x = 1  # padding to make the module as large as a real one\n";
  for (let i = 0; i < files; i++)
    writeFileSync(join(dir, "pkg", `mod_${String(i).padStart(4, "0")}.py`), line.repeat(Math.ceil(size / line.length)));
  const git = (...args: string[]) =>
    execFileSync("git", ["-C", dir, "-c", "user.name=b", "-c", "user.email=b@b", ...args]);
  git("init", "-q");
  git("add", ".");
  git("commit", "-qm", "base");
  return dir;
}

/** Patch `n` edits one module: its first line. */
function patches(count: number): SourceEntry[] {
  return Array.from({ length: count }, (_, n) => ({
    candidate: {
      id: `patch-${n}`,
      source: `patch-${n}`,
      kind: "patch" as const,
      text: `--- a/pkg/mod_0000.py\n+++ b/pkg/mod_0000.py\n@@ -1 +1 @@\n-x = 1  # padding to make the module as large as a real one\n+x = ${n + 2}\n`,
    },
  }));
}

async function* entries(items: SourceEntry[]): AsyncGenerator<SourceEntry> {
  yield* items;
}

/** Per-candidate latency of `count` patch candidates on a checkout of `files` × `size` bytes. */
async function measure(
  newEngine: () => Promise<ContainerEngine>,
  image: string,
  files: number,
  size: number,
  count: number,
  concurrency: number,
  extra: Partial<Record<InputName, string>> = {},
): Promise<TreeFigures> {
  const workdir = checkout(files, size);
  const runId = `bench-tree-${files}-${process.pid}`;
  try {
    const inputs: Partial<Record<InputName, string>> = {
      workdir,
      image,
      pull: "never",
      language: "python",
      command: "python3 -c 'import pkg'",
      concurrency: String(concurrency),
      // The action's quota would list the patches past 20 as skipped, unrun.
      "max-candidates": String(count),
      ...extra,
    };
    const settings = readSettings((name) => inputs[name] ?? "", { defaultWorkdir: workdir });
    const engine = await newEngine();
    // Made as a run makes it: through the engine's API when the engine has one.
    const runImages = new RunImages(settings, runImageMaker("docker", engine.api), { [RUN_LABEL]: runId }, () => {});
    const started = performance.now();
    const made = await runImages.image(image, "tree", []);
    if (!made.ok) throw new Error(`the run image could not be made: ${made.reason}`);
    const imageMs = performance.now() - started;
    const latencies: number[] = [];
    let wallMs = 0;
    let cpuSeconds = 0;
    const timed: JudgingEngine = {
      hasImage: (name) => engine.hasImage(name),
      pull: (name) => engine.pull(name),
      run: async (job, hooks) => {
        const at = performance.now();
        try {
          return await engine.run(job, hooks);
        } finally {
          latencies.push(performance.now() - at);
        }
      },
    };
    const cpuStarted = machineCpuSeconds();
    const gateStarted = performance.now();
    const outcome = await judgeAll(
      entries(patches(count)),
      runContext({ settings, engine: timed, testFiles: [], runId, runImages }, () => {}),
      { log: () => {} },
    ).finally(async () => {
      wallMs = performance.now() - gateStarted;
      cpuSeconds = machineCpuSeconds() - cpuStarted;
      // As the session does: the engine's containers first (warm ones run from the run image), then the image.
      await engine.close();
      await runImages.close();
    });
    const failing = outcome.results.filter((r) => r.status !== "pass");
    if (failing.length > 0)
      throw new Error(`tree bench: ${failing.length} candidates did not pass: ${failing[0]!.feedback}`);
    const tree = await runImages.tree();
    return {
      files,
      bytes: tree.bytes,
      imageMs,
      medianMs: quantile(latencies, 0.5),
      p95Ms: quantile(latencies, 0.95),
      candidates: count,
      sandboxes: latencies.length,
      wallMs,
      cpuSeconds,
    };
  } finally {
    rmSync(workdir, { recursive: true, force: true });
  }
}

/** The two trees, small first, on one engine, then the small one with `compare: base`; `count` candidates each after a warm-up run. */
export async function treeBench(
  newEngine: () => Promise<ContainerEngine>,
  image: string,
  count: number,
  concurrency: number,
): Promise<{ small: TreeFigures; large: TreeFigures; compared: TreeFigures }> {
  await measure(newEngine, image, 10, 1024, 2, concurrency);
  const small = await measure(newEngine, image, 10, 1024, count, concurrency);
  const large = await measure(newEngine, image, 2000, 10 * 1024, count, concurrency);
  const compared = await measure(newEngine, image, 10, 1024, count, concurrency, { compare: "base" });
  return { small, large, compared };
}
