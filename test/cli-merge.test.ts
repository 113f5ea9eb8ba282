// `sandbox-gate merge` on the bundled CLI: shard reports in, one report and one decision out.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { buildReport } from "../src/report/json.js";
import { result } from "./report/fixtures.js";
import { expectValidReport } from "./support/report-schema.js";
import { tempDir } from "./support/temp.js";

const CLI = resolve(import.meta.dirname, "../dist/cli.js");

function cli(cwd: string, ...args: string[]) {
  // No docker on the PATH: merging must never need one.
  return spawnSync(process.execPath, [CLI, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, PATH: "/nonexistent" },
  });
}

const line = (n: number, status: "pass" | "test_failed") =>
  result({ id: `he/${n}`, status, source: `data.jsonl:${n}`, duration_ms: 100 * n });

function shards(): string {
  const dir = tempDir("cli-merge");
  writeFileSync(join(dir, "shard-1.json"), JSON.stringify(buildReport([line(1, "pass"), line(3, "test_failed")], [])));
  writeFileSync(join(dir, "shard-2.json"), JSON.stringify(buildReport([line(2, "pass"), line(4, "pass")], [])));
  writeFileSync(
    join(dir, "baseline.json"),
    JSON.stringify(
      buildReport(
        [1, 2, 3, 4].map((n) => line(n, n === 4 ? "test_failed" : "pass")),
        [],
      ),
    ),
  );
  return dir;
}

describe("sandbox-gate merge", () => {
  it("writes one report in dataset order, prints the figures against the baseline, and gates", () => {
    const dir = shards();
    const r = cli(
      dir,
      "merge",
      "--report",
      "merged.json",
      "--baseline",
      "baseline.json",
      "shard-2.json",
      "shard-1.json",
    );
    expect(r.status).toBe(1);
    const merged = JSON.parse(readFileSync(join(dir, "merged.json"), "utf8"));
    expectValidReport(merged);
    expect(merged.summary).toEqual({ total: 4, by_status: expect.objectContaining({ pass: 3, test_failed: 1 }) });
    expect(merged.results.map((x: { id: string }) => x.id)).toEqual(["he/1", "he/2", "he/3", "he/4"]);
    expect(r.stdout.split("\n")[0]).toMatch(/^id\s+status/);
    expect(r.stderr).toContain("pass rate 75.0% (3 of 4); time per candidate: median 200 ms, p95 400 ms");
    expect(r.stderr).toContain(
      "against the baseline: pass rate 75.0% → 75.0% (+0.0 points); 1 newly failing, 1 newly passing",
    );
    expect(r.stderr).toContain("newly failing: he/3 (pass → test_failed)");
    expect(r.stderr).toContain("newly passing: he/4 (test_failed → pass)");
    expect(r.stderr.trim().split("\n").at(-1)).toBe("1 of 4 candidates failed the gate (1 test_failed)");
  });

  it("passes when fail-on spares what failed", () => {
    expect(cli(shards(), "merge", "--fail-on", "sandbox_error", "shard-1.json", "shard-2.json").status).toBe(0);
  });

  it.each([
    [
      ["shard-1.json", "shard-1.json"],
      "sandbox-gate: REPORT: candidate \"he/1\" (data.jsonl:1) is in both 'shard-1.json' and 'shard-1.json'",
    ],
    [["nope.json"], "sandbox-gate: REPORT: 'nope.json' is not a readable file or directory"],
    [["--baseline", "shard-9.json", "shard-1.json"], "sandbox-gate: --baseline: cannot read 'shard-9.json': ENOENT"],
    [["--baseline", ".", "shard-1.json"], "sandbox-gate: --baseline: cannot read '.': EISDIR"],
  ])("%j → exit 2 with one line naming the culprit", (args, message) => {
    const r = cli(shards(), "merge", ...args);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim()).toBe(message);
  });

  it("refuses a file that is not a report, and run-only flags", () => {
    const dir = shards();
    writeFileSync(join(dir, "junk.json"), "{}");
    expect(cli(dir, "merge", "junk.json").stderr.trim()).toBe(
      `sandbox-gate: REPORT: 'junk.json' is not a sandbox-gate JSON report: no "version": 1`,
    );
    const r = cli(dir, "merge", "--timeout", "5s", "shard-1.json");
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^sandbox-gate: .*--timeout/);
  });
});

describe("sandbox-gate run: the evaluation inputs", () => {
  it.each([
    [["--shard", "5/4"], "--shard: '5/4' is not i/n"],
    [["--isolation", "none"], "--isolation: 'none' is not one of candidate, run"],
    [["--baseline", "no-such-report.json"], "--baseline: cannot read 'no-such-report.json': ENOENT"],
  ])("%j → exit 2 before anything runs", (flags, message) => {
    const r = cli(shards(), "run", ...flags, resolve(import.meta.dirname, "../examples/replies/pass.md"));
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain(message);
  });
});

describe("sandbox-gate run --shard, then merge", () => {
  // Prose replies are no_code: judged without an engine, so the whole round trip runs anywhere.
  it("stamps each shard's report, and merge refuses a split with a shard missing", () => {
    const dir = tempDir("cli-shards");
    const replies = ["a.md", "b.md", "c.md"].map((name) => {
      writeFileSync(join(dir, name), "I would rather explain the idea in words than write the code.\n");
      return name;
    });
    for (const index of [1, 2]) {
      const r = cli(dir, "run", "--shard", `${index}/2`, "--report", `s${index}.json`, ...replies);
      expect(r.status, r.stderr).toBe(1);
      const written = JSON.parse(readFileSync(join(dir, `s${index}.json`), "utf8"));
      expectValidReport(written);
      expect(written).toMatchObject({ shard: { index, count: 2 }, summary: { total: index === 1 ? 2 : 1 } });
    }
    const lost = cli(dir, "merge", "s1.json");
    expect(lost.status).toBe(2);
    expect(lost.stderr.trim()).toBe("sandbox-gate: REPORT: shard 2/2 is missing (1 of 2 given)");
    const whole = cli(dir, "merge", "--report", "merged.json", "s2.json", "s1.json");
    expect(whole.status).toBe(1);
    const merged = JSON.parse(readFileSync(join(dir, "merged.json"), "utf8"));
    expect(merged.shard).toBeUndefined();
    expect(merged.results.map((r: { id: string }) => r.id)).toEqual(replies);
  });
});
