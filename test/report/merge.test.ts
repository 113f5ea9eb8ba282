import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildReport } from "../../src/report/json.js";
import { loadReport, loadResumable, mergeReports, parseReport, parseResumable } from "../../src/report/merge.js";
import { result } from "./fixtures.js";
import type { InputError } from "../../src/core/errors.js";
import { tempDir } from "../support/temp.js";
import { inputError } from "../support/input-error.js";
import { expectValidReport } from "../support/report-schema.js";

const line = (n: number, status: "pass" | "test_failed" = "pass") =>
  result({ id: `he/${n}`, status, source: `data.jsonl:${n}` });
const report = (...results: ReturnType<typeof line>[]) => buildReport(results, []);

describe("parseReport", () => {
  it("reads back what buildReport wrote", () => {
    const written = buildReport(
      [line(1), line(2, "test_failed")],
      [{ id: "s", source: "data.jsonl:9", reason: "quota" }],
    );
    expect(parseReport(JSON.stringify(written), "r.json", "merge")).toEqual(written);
    const shard = buildReport([line(2)], [], { shard: { index: 2, count: 4 } });
    expect(parseReport(JSON.stringify(shard), "r.json", "merge")).toEqual(shard);
    expect(shard.shard).toEqual({ index: 2, count: 4 });
    expectValidReport(written);
    expectValidReport(shard);
  });

  it("reads an older run's report, written before the optional fields", () => {
    const older = {
      version: 1,
      summary: {
        total: 1,
        by_status: {
          no_code: 0,
          patch_failed: 0,
          syntax_error: 0,
          timeout: 0,
          oom: 0,
          test_failed: 0,
          pass: 1,
          sandbox_error: 0,
        },
      },
      results: [
        {
          id: "a",
          source: "a.md",
          language: "python",
          status: "pass",
          exit_code: 0,
          signal: null,
          duration_ms: 5,
          stdout: "",
          stderr: "",
          truncated: { stdout: false, stderr: false },
          feedback: "",
        },
      ],
      skipped: [],
    };
    expect(parseReport(JSON.stringify(older), "old.json", "baseline")).toEqual(older);
  });

  it("reads a newer run's report and ignores what it added; a report written from it drops that again", () => {
    const written = report(line(1));
    const newer = {
      ...written,
      added: { by: "a later version" },
      results: [{ ...written.results[0], added_too: true }],
    };
    const read = parseReport(JSON.stringify(newer), "new.json", "merge");
    expect(read).toEqual(newer);
    expect(buildReport(mergeReports([{ name: "new.json", report: read }], "merge").results, [])).toEqual(written);
  });

  const valid = report(line(1));
  const changed = (change: object) => JSON.stringify({ ...valid, ...change });
  const withResult = (fields: object) => changed({ results: [{ ...valid.results[0], ...fields }] });

  it.each([
    ["not json", /: not JSON \(/],
    ["[]", /: no "version": 1$/],
    [changed({ version: 2 }), /: no "version": 1$/],
    [changed({ results: undefined }), /: results is missing$/],
    [changed({ summary: undefined }), /: summary is missing$/],
    [
      withResult({ status: "great" }),
      /: results\[0\]\.status "great" is not one of no_code, patch_failed, protected, syntax_error, timeout, oom, test_failed, pass, sandbox_error$/,
    ],
    [withResult({ id: undefined }), /: results\[0\]\.id is missing$/],
    [withResult({ duration_ms: "1" }), /: results\[0\]\.duration_ms must be a whole number, not "1"$/],
    [withResult({ exit_code: "1" }), /: results\[0\]\.exit_code must be a whole number or null, not "1"$/],
    [withResult({ truncated: {} }), /: results\[0\]\.truncated\.stdout is missing$/],
    [withResult({ changed_files: [1] }), /: results\[0\]\.changed_files\[0\] must be a string, not 1$/],
    [changed({ skipped: [{ id: 1 }] }), /: skipped\[0\]\.source is missing$/],
    [changed({ skipped: undefined }), /: skipped is missing$/],
    [changed({ shard: { index: 5, count: 4 } }), /: shard\.index 5 is more than shard\.count 4$/],
    [changed({ shard: { index: 0, count: 4 } }), /: shard\.index must be ≥ 1, not 0$/],
    [changed({ shard: { index: 1.5, count: 4 } }), /: shard\.index must be a whole number, not 1\.5$/],
    [changed({ shard: "1/4" }), /: shard must be an object, not "1\/4"$/],
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
    await expect(loadReport(join(dir, "nope.json"), "nope.json", "merge")).rejects.toThrow(
      "Input 'merge': cannot read 'nope.json': ENOENT",
    );
    writeFileSync(join(dir, "r.json"), JSON.stringify(report(line(1))));
    expect((await loadReport(join(dir, "r.json"), "r.json", "merge")).results).toHaveLength(1);
  });
});

describe("mergeReports", () => {
  it("puts round-robin shards back in dataset order and joins the skipped lists", () => {
    const a = {
      ...report(line(1), line(3), line(10)),
      skipped: [{ id: "he/99", source: "data.jsonl:99", reason: "quota" }],
    };
    const b = report(line(2), line(4, "test_failed"));
    const merged = mergeReports(
      [
        { name: "b.json", report: b },
        { name: "a.json", report: a },
      ],
      "merge",
    );
    expect(merged.results.map((r) => r.id)).toEqual(["he/1", "he/2", "he/3", "he/4", "he/10"]);
    expect(merged.skipped.map((s) => s.id)).toEqual(["he/99"]);
  });

  it("keeps each line's resolved through a report file and counts them again over the merged set", () => {
    const a = report(result({ id: "t/1", source: "tasks.jsonl:1", status: "pass", resolved: "full" }));
    const b = report(result({ id: "t/2", source: "tasks.jsonl:2", status: "test_failed", resolved: "partial" }));
    const read = (r: typeof a, name: string) => ({ name, report: parseReport(JSON.stringify(r), name, "merge") });
    const merged = mergeReports([read(b, "b.json"), read(a, "a.json")], "merge");
    expect(merged.results.map((r) => [r.id, r.resolved])).toEqual([
      ["t/1", "full"],
      ["t/2", "partial"],
    ]);
    expect(buildReport(merged.results, merged.skipped).summary.resolved).toEqual({ full: 1, partial: 1, no: 0 });
  });

  it("orders by file, then line; keeps the given order where there is no line", () => {
    const r = (id: string, source: string) => result({ id, status: "pass", source });
    const merged = mergeReports(
      [
        {
          name: "x",
          report: buildReport(
            [r("z", "b.jsonl:1"), r("m", "replies/m.md"), r("y", "a.jsonl:2"), r("k", "replies/k.md")],
            [],
          ),
        },
      ],
      "merge",
    );
    expect(merged.results.map((x) => x.id)).toEqual(["y", "z", "k", "m"]);
  });

  it("refuses the same candidate in two reports", () => {
    const error = inputError(() =>
      mergeReports(
        [
          { name: "1.json", report: report(line(1)) },
          { name: "again.json", report: report(line(1)) },
        ],
        "merge",
      ),
    );
    expect(error.message).toBe(`Input 'merge': candidate "he/1" (data.jsonl:1) is in both '1.json' and 'again.json'`);
  });

  it("keeps two lines that share an id: they are different candidates", () => {
    const twin = result({ id: "he/1", status: "pass", source: "data.jsonl:7" });
    expect(
      mergeReports(
        [
          { name: "1", report: report(line(1)) },
          { name: "2", report: report(twin) },
        ],
        "merge",
      ).results,
    ).toHaveLength(2);
  });

  describe("shard reports", () => {
    const shard = (index: number, count: number, ...lines: number[]) => ({
      name: `shard-${index}.json`,
      report: buildReport(
        lines.map((n) => line(n)),
        [],
        { shard: { index, count } },
      ),
    });
    const merged =
      (...reports: Parameters<typeof mergeReports>[0]) =>
      () =>
        mergeReports(reports, "merge");

    it("merges every shard of a split, an empty one included", () => {
      expect(mergeReports([shard(2, 3, 2), shard(1, 3, 1, 4), shard(3, 3)], "merge").results.map((r) => r.id)).toEqual([
        "he/1",
        "he/2",
        "he/4",
      ]);
    });

    it.each([
      ["one missing", [shard(1, 3, 1), shard(3, 3, 3)], "Input 'merge': shard 2/3 is missing (2 of 3 given)"],
      ["two missing", [shard(2, 4, 2), shard(4, 4, 4)], "Input 'merge': shards 1/4, 3/4 are missing (2 of 4 given)"],
      [
        "one given twice",
        [shard(1, 2, 1), { ...shard(1, 2, 3), name: "again.json" }],
        "Input 'merge': shard 1/2 is given twice: 'shard-1.json' and 'again.json'",
      ],
      [
        "two splits mixed",
        [shard(1, 2, 1), shard(2, 3, 2)],
        "Input 'merge': 'shard-2.json' is shard 2/3, but shard 1/2 ('shard-1.json') is of 2: merge the shards of one split",
      ],
      [
        "a whole run's report with shards",
        [shard(1, 2, 1), { name: "all.json", report: report(line(2)) }],
        "Input 'merge': 'all.json' is no shard's report, but shard 1/2 ('shard-1.json') is: merge the shards of one split",
      ],
    ])("refuses %s with one line naming them", (_, reports, message) => {
      const error = inputError(merged(...reports));
      expect(error.message).toBe(message);
    });
  });
});

describe("parseResumable: what a resumed run reads", () => {
  const results = [line(1), line(2, "test_failed")];
  const partial = results.map((r) => `${JSON.stringify(r)}\n`).join("");

  it("reads a JSON report's results, and a partial report's lines (an empty one is nothing judged yet)", () => {
    expect(parseResumable(JSON.stringify(report(...results)), "r.json", "resume")).toEqual(results);
    expect(parseResumable(partial, "r.json.partial.jsonl", "resume")).toEqual(results);
    expect(parseResumable(JSON.stringify(results[0]), "one.jsonl", "resume")).toEqual([results[0]]);
    expect(parseResumable("", "r.json.partial.jsonl", "resume")).toEqual([]);
  });

  it("drops a last line the kill cut off mid-write, and only that one", () => {
    const cut = `${partial}${JSON.stringify(line(3)).slice(0, 40)}`;
    expect(parseResumable(cut, "p.jsonl", "resume")).toEqual(results);
    const inside = `${JSON.stringify(line(3)).slice(0, 40)}\n${partial}`;
    expect(inputError(() => parseResumable(inside, "p.jsonl", "resume")).detail).toMatch(
      /^'p\.jsonl' is neither a sandbox-gate JSON report nor a partial one \(one result a line\): line 1: not valid JSON/,
    );
  });

  it("refuses what is not ours, naming the file and the line: one error, input resume", () => {
    const foreign = inputError(() =>
      parseResumable('{"instance_id": "x", "model_patch": ""}\n', "preds.jsonl", "resume"),
    );
    expect(foreign.input).toBe("resume");
    expect(foreign.detail).toMatch(/^'preds\.jsonl' is neither .*: line 1: /);
    expect(inputError(() => parseResumable("hello\nworld\n", "notes.txt", "resume")).detail).toContain(
      "'notes.txt' is neither",
    );
    // A report of another version is not read as lines: what it is, is the news.
    expect(inputError(() => parseResumable('{"version": 2}', "new.json", "resume")).detail).toContain(
      "'new.json' is not a sandbox-gate JSON report",
    );
  });

  it("names a missing file, and the partial report a run cut short left beside it", async () => {
    const dir = tempDir("resume");
    const missing = await loadResumable(join(dir, "r.json"), "r.json", "resume").catch((e: InputError) => e);
    expect((missing as InputError).detail).toBe("cannot read 'r.json': ENOENT");
    writeFileSync(join(dir, "r.json.partial.jsonl"), partial);
    const hinted = await loadResumable(join(dir, "r.json"), "r.json", "resume").catch((e: InputError) => e);
    expect((hinted as InputError).detail).toBe(
      "cannot read 'r.json': ENOENT; a run cut short left 'r.json.partial.jsonl': resume from that",
    );
    expect(await loadResumable(join(dir, "r.json.partial.jsonl"), "p", "resume")).toEqual(results);
  });
});
