import { describe, expect, it } from "vitest";
import type { SourceEntry } from "../../src/core/model.js";
import { runContext } from "../../src/run/pipeline.js";
import { judgeAll } from "../../src/run/run.js";
import type { RunFacts } from "../../src/core/model.js";
import { buildReport } from "../../src/report/json.js";
import type { JudgingEngine, SandboxJob } from "../../src/sandbox/engine.js";
import { readSettings, type InputName } from "../../src/settings/settings.js";
import { runFacts } from "../support/facts.js";
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
