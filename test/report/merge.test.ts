import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildReport } from "../../src/report/json.js";
import { loadReport, mergeReports, parseReport } from "../../src/report/merge.js";
import { result } from "./fixtures.js";
import { tempDir } from "../support/temp.js";
import { inputError } from "../support/input-error.js";

const line = (n: number, status: "pass" | "test_failed" = "pass") => result({ id: `he/${n}`, status, source: `data.jsonl:${n}` });
const report = (...results: ReturnType<typeof line>[]) => buildReport(results, []);

describe("parseReport", () => {
  it("reads back what buildReport wrote", () => {
    const written = buildReport([line(1), line(2, "test_failed")], [{ id: "s", source: "data.jsonl:9", reason: "quota" }]);
    expect(parseReport(JSON.stringify(written), "r.json", "merge")).toEqual(written);
    const shard = buildReport([line(2)], [], { index: 2, count: 4 });
    expect(parseReport(JSON.stringify(shard), "r.json", "merge")).toEqual(shard);
    expect(shard.shard).toEqual({ index: 2, count: 4 });
  });

  it.each([
    ["not json", /not JSON/],
    ["[]", /"version": 1/],
    [JSON.stringify({ version: 2, results: [] }), /"version": 1/],
    [JSON.stringify({ version: 1 }), /no "results" list/],
    [JSON.stringify({ version: 1, results: [{ ...line(1), status: "great" }] }), /results\[0\]\.status/],
    [JSON.stringify({ version: 1, results: [{ ...line(1), duration_ms: "1" }] }), /results\[0\]\.duration_ms/],
    [JSON.stringify({ version: 1, results: [{ ...line(1), truncated: {} }] }), /results\[0\]\.truncated/],
    [JSON.stringify({ version: 1, results: [{ ...line(1), changed_files: [1] }] }), /results\[0\]\.changed_files/],
    [JSON.stringify({ version: 1, results: [], skipped: [{ id: 1 }] }), /"skipped"/],
    [JSON.stringify({ version: 1, results: [], shard: { index: 5, count: 4 } }), /"shard"/],
    [JSON.stringify({ version: 1, results: [], shard: { index: 1.5, count: 4 } }), /"shard"/],
    [JSON.stringify({ version: 1, results: [], shard: "1/4" }), /"shard"/],
  ])("refuses %s, naming the file and the input", (text, detail) => {
    const error = inputError(() => parseReport(text, "shard-2.json", "baseline"));
    expect(error.input).toBe("baseline");
    expect(error.message).toMatch(/'shard-2\.json' is not a sandbox-gate JSON report/);
    expect(error.message).toMatch(detail);
  });
});

describe("loadReport", () => {
  it("names a missing file", async () => {
    const dir = tempDir("merge");
    await expect(loadReport(join(dir, "nope.json"), "nope.json", "merge")).rejects.toThrow("Input 'merge': cannot read 'nope.json': ENOENT");
    writeFileSync(join(dir, "r.json"), JSON.stringify(report(line(1))));
    expect((await loadReport(join(dir, "r.json"), "r.json", "merge")).results).toHaveLength(1);
  });
});

describe("mergeReports", () => {
  it("puts round-robin shards back in dataset order and joins the skipped lists", () => {
    const a = { ...report(line(1), line(3), line(10)), skipped: [{ id: "he/99", source: "data.jsonl:99", reason: "quota" }] };
    const b = report(line(2), line(4, "test_failed"));
    const merged = mergeReports([{ name: "b.json", report: b }, { name: "a.json", report: a }], "merge");
    expect(merged.results.map((r) => r.id)).toEqual(["he/1", "he/2", "he/3", "he/4", "he/10"]);
    expect(merged.skipped.map((s) => s.id)).toEqual(["he/99"]);
  });

  it("orders by file, then line; keeps the given order where there is no line", () => {
    const r = (id: string, source: string) => result({ id, status: "pass", source });
    const merged = mergeReports([{ name: "x", report: buildReport([r("z", "b.jsonl:1"), r("m", "replies/m.md"), r("y", "a.jsonl:2"), r("k", "replies/k.md")], []) }], "merge");
    expect(merged.results.map((x) => x.id)).toEqual(["y", "z", "k", "m"]);
  });

  it("refuses the same candidate in two reports", () => {
    const error = inputError(() => mergeReports([{ name: "1.json", report: report(line(1)) }, { name: "again.json", report: report(line(1)) }], "merge"));
    expect(error.message).toBe(`Input 'merge': candidate "he/1" (data.jsonl:1) is in both '1.json' and 'again.json'`);
  });

  it("keeps two lines that share an id: they are different candidates", () => {
    const twin = result({ id: "he/1", status: "pass", source: "data.jsonl:7" });
    expect(mergeReports([{ name: "1", report: report(line(1)) }, { name: "2", report: report(twin) }], "merge").results).toHaveLength(2);
  });

  describe("shard reports", () => {
    const shard = (index: number, count: number, ...lines: number[]) => ({
      name: `shard-${index}.json`,
      report: buildReport(lines.map((n) => line(n)), [], { index, count }),
    });
    const merged = (...reports: Parameters<typeof mergeReports>[0]) => () => mergeReports(reports, "merge");

    it("merges every shard of a split, an empty one included", () => {
      expect(mergeReports([shard(2, 3, 2), shard(1, 3, 1, 4), shard(3, 3)], "merge").results.map((r) => r.id)).toEqual(["he/1", "he/2", "he/4"]);
    });

    it.each([
      ["one missing", [shard(1, 3, 1), shard(3, 3, 3)], "Input 'merge': shard 2/3 is missing (2 of 3 given)"],
      ["two missing", [shard(2, 4, 2), shard(4, 4, 4)], "Input 'merge': shards 1/4, 3/4 are missing (2 of 4 given)"],
      ["one given twice", [shard(1, 2, 1), { ...shard(1, 2, 3), name: "again.json" }], "Input 'merge': shard 1/2 is given twice: 'shard-1.json' and 'again.json'"],
      ["two splits mixed", [shard(1, 2, 1), shard(2, 3, 2)], "Input 'merge': 'shard-2.json' is shard 2/3, but shard 1/2 ('shard-1.json') is of 2: merge the shards of one split"],
      ["a whole run's report with shards", [shard(1, 2, 1), { name: "all.json", report: report(line(2)) }], "Input 'merge': 'all.json' is no shard's report, but shard 1/2 ('shard-1.json') is: merge the shards of one split"],
    ])("refuses %s with one line naming them", (_, reports, message) => {
      const error = inputError(merged(...reports));
      expect(error.message).toBe(message);
    });
  });
});
