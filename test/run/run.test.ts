import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { SourceEntry } from "../../src/core/model.js";
import { runContext } from "../../src/run/pipeline.js";
import { judgeAll } from "../../src/run/run.js";
import type { RunFacts } from "../../src/core/model.js";
import { buildReport } from "../../src/report/json.js";
import type { JudgingEngine } from "../../src/sandbox/engine.js";
import type { SandboxJob } from "../../src/sandbox/job.js";
import { readSettings, type InputName } from "../../src/settings/settings.js";
import { runFacts } from "../support/facts.js";
import { tempDir } from "../support/temp.js";
import { RunImages } from "../../src/run/run-images.js";
import type { RunImage, RunImageSpec } from "../../src/sandbox/run-image.js";
import { expectValidReport } from "../support/report-schema.js";

/** Passes every job; counts image checks so "once per image" can be proved. */
class CountingEngine implements JudgingEngine {
  jobs: SandboxJob[] = [];
  imageChecks: string[] = [];
  constructor(private readonly present = true) {}
  async run(job: SandboxJob): Promise<RunFacts> {
    this.jobs.push(job);
    return runFacts({ durationMs: 5 });
  }
  async hasImage(image: string): Promise<boolean> {
    this.imageChecks.push(image);
    return this.present;
  }
  async pull(): Promise<void> {
    throw new Error("registry unreachable");
  }
}

async function* entries(...items: SourceEntry[]): AsyncGenerator<SourceEntry> {
  yield* items;
}

const reply = (id: string, text = "```python\nprint(1)\n```"): SourceEntry => ({
  candidate: { id, source: `${id}.md`, kind: "reply", text },
});

function gate(engine: JudgingEngine, inputs: Partial<Record<InputName, string>>, ...items: SourceEntry[]) {
  const settings = readSettings((name) => inputs[name] ?? "", { defaultWorkdir: "/repo", cpuCount: 2 });
  const log: string[] = [];
  const hooks = { log: (l: string) => void log.push(l) };
  return judgeAll(
    entries(...items),
    runContext({ settings, engine, testFiles: [], runId: "r" }, hooks.log),
    hooks,
  ).then((outcome) => {
    // Whatever the run, the report it gives is one docs/report.schema.json describes.
    expectValidReport(
      buildReport(outcome.results, outcome.skipped, {
        ...(settings.source.shard && { shard: settings.source.shard }),
        ...(outcome.base && { base: outcome.base }),
      }),
    );
    return { outcome, log };
  });
}

describe("judgeAll", () => {
  it("runs no more sandboxes than its concurrency, with the next candidate prepared while they run", async () => {
    let running = 0;
    let peak = 0;
    const ends: Array<() => void> = [];
    const engine: JudgingEngine = {
      run: async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => ends.push(resolve));
        running -= 1;
        return runFacts({});
      },
      hasImage: async () => true,
      pull: async () => {},
    };
    let prepared = 0;
    const settings = readSettings((name) => ({ concurrency: "1", pull: "never" })[name as string] ?? "", {
      defaultWorkdir: "/repo",
      cpuCount: 2,
    });
    const ctx = runContext(
      {
        settings,
        engine,
        testFiles: [],
        runId: "r",
        // Called as a candidate is placed, its last step before the sandbox.
        prepareImage: async () => void (prepared += 1),
      },
      () => {},
    );
    const outcome = judgeAll(entries(reply("a"), reply("b"), reply("c")), ctx, { log: () => {} });
    await expect.poll(() => ends.length).toBe(1);
    // The first runs; the second is placed too, and waits for the one slot; the third waits for either.
    await expect.poll(() => prepared).toBe(2);
    await new Promise((r) => setTimeout(r, 50));
    expect([running, prepared]).toEqual([1, 2]);
    while ((await Promise.race([outcome.then(() => "done"), new Promise((r) => setTimeout(r, 10, "open"))])) !== "done")
      ends.shift()?.();
    expect(peak).toBe(1);
    expect((await outcome).results.map((r) => r.status)).toEqual(["pass", "pass", "pass"]);
  });

  it("starts candidates in the judging order, whatever order their preparing ends in (Turns)", async () => {
    const started: string[] = [];
    const engine: JudgingEngine = {
      run: async (job) => {
        started.push(String(job.files.find((f) => f.path === "solution.py")?.content).trim());
        return runFacts({});
      },
      hasImage: async () => true,
      pull: async () => {},
    };
    const settings = readSettings((name) => ({ concurrency: "2", pull: "never" })[name as string] ?? "", {
      defaultWorkdir: "/repo",
      cpuCount: 2,
    });
    let placed = 0;
    const ctx = runContext(
      {
        settings,
        engine,
        testFiles: [],
        runId: "r",
        // The first candidate's placing (its last step before the sandbox) ends well after the second's:
        // two slots are free, so without turns the second would start first.
        prepareImage: async () => {
          placed += 1;
          if (placed === 1) await new Promise((resolve) => setTimeout(resolve, 200));
          return undefined;
        },
      },
      () => {},
    );
    const code = (id: string) => reply(id, `\`\`\`python\nprint('${id}')\n\`\`\``);
    const outcome = await judgeAll(entries(code("a"), code("b"), code("c")), ctx, { log: () => {} });
    expect(started).toEqual(["print('a')", "print('b')", "print('c')"]);
    expect(outcome.results.map((r) => r.id)).toEqual(["a", "b", "c"]);
  });

  it("runs up to max-candidates and lists the rest as skipped, never run", async () => {
    const engine = new CountingEngine();
    const { outcome } = await gate(
      engine,
      { "max-candidates": "2", pull: "never" },
      reply("a"),
      reply("b"),
      reply("c"),
      reply("d"),
    );
    expect(outcome.results.map((r) => r.id)).toEqual(["a", "b"]);
    expect(outcome.skipped.map((s) => [s.id, s.reason])).toEqual([
      ["c", "over the max-candidates quota of 2"],
      ["d", "over the max-candidates quota of 2"],
    ]);
    expect(engine.jobs).toHaveLength(2);
  });

  it("lets the quota take the best-ranked entries, judged and listed in their own order", async () => {
    const engine = new CountingEngine();
    const ranked = (id: string, rank: number): SourceEntry => ({ ...reply(id), rank });
    const { outcome } = await gate(
      engine,
      { "max-candidates": "3", pull: "never" },
      ranked("a", 5),
      ranked("b", 1),
      ranked("c", 4),
      ranked("d", 3),
      ranked("e", 0),
      ranked("f", 2),
    );
    expect(outcome.results.map((r) => r.id)).toEqual(["b", "e", "f"]);
    expect(outcome.skipped.map((s) => s.id)).toEqual(["a", "c", "d"]);
    expect(engine.jobs).toHaveLength(3);
  });

  it("keeps an invalid dataset line in its place as a result that says why", async () => {
    const { outcome } = await gate(
      new CountingEngine(),
      { pull: "never" },
      reply("a"),
      { problem: { id: "d.jsonl:2", source: "d.jsonl:2", problem: "not valid JSON" } },
      reply("c"),
    );
    expect(outcome.results.map((r) => [r.id, r.status])).toEqual([
      ["a", "pass"],
      ["d.jsonl:2", "no_code"],
      ["c", "pass"],
    ]);
    expect(outcome.results[1]!.feedback).toContain("d.jsonl:2: not valid JSON");
  });

  it("checks each image once, and a failed pull makes every candidate sandbox_error with the reason", async () => {
    const engine = new CountingEngine(false);
    const { outcome } = await gate(engine, { pull: "missing" }, reply("a"), reply("b"), reply("c"));
    expect(engine.imageChecks).toEqual(["python:3.12-slim"]);
    expect(outcome.results.map((r) => r.status)).toEqual(["sandbox_error", "sandbox_error", "sandbox_error"]);
    expect(outcome.results[0]!.feedback).toContain("registry unreachable");
    expect(engine.jobs).toHaveLength(0);
  }, 20_000);

  it("logs one audit line per candidate with no candidate text", async () => {
    const { log } = await gate(
      new CountingEngine(),
      { pull: "never" },
      reply("a", "```python\nSECRET_MARKER = 1\n```"),
    );
    const audit = log.filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(audit).toEqual([
      {
        event: "sandbox-gate.candidate",
        run: "r",
        candidate: "a",
        code_length: 31,
        status: "pass",
        exit: 0,
        duration_ms: 5,
      },
    ]);
    expect(log.join("\n")).not.toContain("SECRET_MARKER");
  });
});

describe("judgeAll with a setup over several commits", () => {
  /**
   * A repository of two commits (a.py holds `x = 1`, then `x = 2`), four patch lines on the first and two on the
   * second, judged with a setup: `build` makes the run images, the engine runs `job`.
   */
  async function twoCommits(build: (spec: RunImageSpec) => Promise<RunImage>, run: JudgingEngine["run"]) {
    const workdir = tempDir("run-bases-ahead");
    const git = (...args: string[]) =>
      execFileSync("git", ["-C", workdir, "-c", "user.name=t", "-c", "user.email=t@t", ...args], { encoding: "utf8" });
    git("init", "-q");
    const commits = [1, 2].map((x) => {
      writeFileSync(join(workdir, "a.py"), `x = ${x}\n`);
      git("add", ".");
      git("commit", "-qm", `x = ${x}`);
      return git("rev-parse", "HEAD").trim();
    });
    const patch = (x: number, id: string): SourceEntry => ({
      candidate: {
        id,
        source: `d.jsonl:${id}`,
        kind: "patch",
        text: `--- a/a.py\n+++ b/a.py\n@@ -1 +1 @@\n-x = ${x}\n+x = ${x + 10}\n`,
        instance: { baseCommit: commits[x - 1]! },
      },
    });
    const settings = readSettings(
      (name) => ({ workdir, image: "env", setup: "true", pull: "never", concurrency: "2" })[name as string] ?? "",
      { defaultWorkdir: workdir, cpuCount: 2 },
    );
    const log: string[] = [];
    const runImages = new RunImages(settings, { build, remove: async () => undefined }, {}, (l) => void log.push(l));
    const engine: JudgingEngine = { run, hasImage: async () => true, pull: async () => {} };
    const ctx = runContext({ settings, engine, testFiles: [], runId: "r", runImages }, (l) => void log.push(l));
    const lines = [patch(1, "a1"), patch(1, "a2"), patch(1, "a3"), patch(1, "a4"), patch(2, "b1"), patch(2, "b2")];
    const outcome = await judgeAll(entries(...lines), ctx, { log: (l) => void log.push(l) });
    await runImages.close();
    return { outcome, log };
  }
  /** Which commit's tree a run image is made of: its a.py. */
  const treeOf = (spec: RunImageSpec) => Buffer.from(spec.files.find((f) => f.path === "a.py")!.content).toString();

  it("makes the next commit's run image while this commit's candidates run, each once", async () => {
    const events: string[] = [];
    let askedForSecond!: () => void;
    const second = new Promise<void>((resolve) => (askedForSecond = resolve));
    const { outcome } = await twoCommits(
      async (spec) => {
        const tree = treeOf(spec);
        events.push(`build ${tree.trim()}`);
        if (tree === "x = 2\n") askedForSecond();
        return { ok: true, image: `run-${tree.trim().slice(-1)}` };
      },
      async (job) => {
        // The first commit's candidates end only once the second commit's image is asked for, or after 5 s
        // (without making ahead it is asked for only as the first candidate of that commit is placed).
        if (job.image === "run-1") await Promise.race([second, new Promise((r) => setTimeout(r, 5000))]);
        events.push(`ran on ${job.image}`);
        return runFacts({});
      },
    );
    expect(outcome.results.map((r) => r.status)).toEqual(["pass", "pass", "pass", "pass", "pass", "pass"]);
    expect(events.filter((e) => e.startsWith("build"))).toEqual(["build x = 1", "build x = 2"]);
    expect(events.indexOf("build x = 2")).toBeLessThan(events.indexOf("ran on run-1"));
  }, 30_000);

  it("reports a run image made ahead that failed on its own commit's candidates, ours, never theirs, and makes it once", async () => {
    const built: string[] = [];
    const { outcome } = await twoCommits(
      async (spec) => {
        const tree = treeOf(spec);
        built.push(tree.trim());
        return tree === "x = 2\n"
          ? { ok: false, reason: "the setup exited with code 3", output: "no such module\n", bySetup: true }
          : { ok: true, image: "run-1" };
      },
      async () => runFacts({}),
    );
    expect(built).toEqual(["x = 1", "x = 2"]);
    expect(outcome.results.map((r) => [r.id, r.status])).toEqual([
      ["a1", "pass"],
      ["a2", "pass"],
      ["a3", "pass"],
      ["a4", "pass"],
      ["b1", "sandbox_error"],
      ["b2", "sandbox_error"],
    ]);
    for (const result of outcome.results.slice(4)) {
      expect(result.feedback).toContain("the run's base could not be made: the setup exited with code 3");
      expect(result.feedback).toContain("no such module");
    }
  });
});
