// judgeAll's evaluation-run behaviour: shard slices and progress lines.
import { describe, expect, it } from "vitest";
import type { SourceEntry } from "../../src/core/model.js";
import { runContext } from "../../src/run/pipeline.js";
import { judgeAll } from "../../src/run/run.js";
import { buildReport } from "../../src/report/json.js";
import type { JudgingEngine } from "../../src/sandbox/engine.js";
import { readSettings, type InputName } from "../../src/settings/settings.js";
import { runFacts } from "../support/facts.js";
import { expectValidReport } from "../support/report-schema.js";

const passing = runFacts({ durationMs: 5 });

const engine: JudgingEngine = {
  run: async () => passing,
  hasImage: async () => true,
  pull: async () => {},
};

async function* dataset(n: number): AsyncGenerator<SourceEntry> {
  for (let i = 1; i <= n; i++) {
    // Line 4 is broken: it still takes its place in the shard order.
    if (i === 4) yield { problem: { id: `d.jsonl:${i}`, source: `d.jsonl:${i}`, problem: "not valid JSON" } };
    else yield { candidate: { id: `c${i}`, source: `d.jsonl:${i}`, kind: "reply", text: "```python\nprint(1)\n```" } };
  }
}

async function gate(n: number, inputs: Partial<Record<InputName, string>> = {}) {
  const lines: string[] = [];
  const settings = readSettings((name) => inputs[name] ?? "", { defaultWorkdir: "/repo", cpuCount: 2 });
  const log = (line: string) => void lines.push(line);
  const outcome = await judgeAll(dataset(n), runContext({ settings, engine, testFiles: [], runId: "r" }, log), { log });
  expectValidReport(
    buildReport(outcome.results, outcome.skipped, {
      ...(settings.source.shard && { shard: settings.source.shard }),
      ...(outcome.base && { base: outcome.base }),
    }),
  );
  // The audit lines and the image check are not what these tests are about.
  return { ...outcome, lines: lines.filter((line) => !line.startsWith("{") && !line.startsWith("image ")) };
}

describe("judgeAll with shards", () => {
  it("runs a round-robin slice; the slices together are the whole dataset, in order", async () => {
    const whole = (await gate(10)).results.map((r) => r.id);
    const shards = await Promise.all([1, 2, 3].map((i) => gate(10, { shard: `${i}/3` })));
    expect(shards[1]!.results.map((r) => r.id)).toEqual(["c2", "c5", "c8"]);
    expect(shards[0]!.results.map((r) => r.id)).toEqual(["c1", "d.jsonl:4", "c7", "c10"]);
    const merged = shards.flatMap((s) => s.results.map((r) => r.id));
    expect(merged.sort()).toEqual([...whole].sort());
    expect(shards[0]!.lines[0]).toBe("shard 1/3: 4 candidates");
  });

  it("applies the quota inside the shard: other shards' candidates are not listed as skipped", async () => {
    const { results, skipped } = await gate(10, { shard: "2/2", "max-candidates": "3" });
    expect(results.map((r) => r.id)).toEqual(["c2", "d.jsonl:4", "c6"]);
    expect(skipped.map((s) => s.id)).toEqual(["c8", "c10"]);
  });
});

describe("judgeAll progress", () => {
  it("logs each candidate in a small run", async () => {
    const { lines } = await gate(3);
    expect(lines).toEqual(["[1/3] c1: pass (0.01 s)", "[2/3] c2: pass (0.01 s)", "[3/3] c3: pass (0.01 s)"]);
  });

  it("tells how far the judging is: 0 of the total once the candidates are known, then after each", async () => {
    const settings = readSettings((name) => (name === "shard" ? "1/2" : ""), { defaultWorkdir: "/repo", cpuCount: 2 });
    const told: string[] = [];
    const log = () => {};
    const ctx = runContext({ settings, engine, testFiles: [], runId: "r" }, log);
    await judgeAll(dataset(5), ctx, { log, judged: (done, total) => void told.push(`${done}/${total}`) });
    expect(told).toEqual(["0/3", "1/3", "2/3", "3/3"]);
  });

  it("logs progress lines, not one per candidate, in a long run", async () => {
    const { lines } = await gate(50, { "max-candidates": "50" });
    expect(lines.every((line) => line.startsWith("progress: "))).toBe(true);
    expect(lines.at(-1)).toMatch(/^progress: 50\/50 \(100%\), .* candidates\/s, done; 1 not passing$/);
    expect(lines.length).toBeLessThan(5);
  });
});
