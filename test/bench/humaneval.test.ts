import { describe, expect, it } from "vitest";
import { COMMAND, agreement, datasetLine, type BenchRecord } from "../../scripts/bench/humaneval.js";
import { SYNTHETIC } from "../../scripts/bench/synthetic.js";
import { parseDatasetLine } from "../../src/candidates/dataset-lines.js";

const record = (over: Partial<BenchRecord>): BenchRecord => ({
  id: "m/HumanEval/1",
  prompt: "def f():\n",
  reply: "```python\ndef f():\n    return 1\n```",
  test: "assert f() == 1\n",
  official_category: "pass",
  ...over,
});

describe("datasetLine", () => {
  it("is a dataset line the gate reads: the reply, prompt and test as files, the concatenating command", () => {
    const entry = parseDatasetLine(JSON.stringify(datasetLine(record({}))), "x.jsonl", 1);
    expect(entry).toEqual({
      candidate: {
        id: "m/HumanEval/1",
        source: "x.jsonl:1",
        kind: "reply",
        text: record({}).reply,
        files: { "prompt.py": "def f():\n", "test.py": "assert f() == 1\n" },
        overrides: { command: COMMAND, language: "python" },
      },
    });
    expect(COMMAND).toMatch(/^cat prompt\.py solution\.py test\.py > program\.py && python3 program\.py$/);
  });
});

describe("agreement", () => {
  it("agrees on the official verdict and disagrees otherwise", () => {
    expect(agreement(record({}), "pass")).toEqual({ kind: "agree" });
    expect(agreement(record({}), "test_failed")).toEqual({ kind: "disagree", expected: "pass" });
  });

  it("takes oom for an official timeout, as a documented exception", () => {
    expect(agreement(record({ official_category: "timeout" }), "oom").kind).toBe("exception");
    expect(agreement(record({ official_category: "pass" }), "oom").kind).toBe("disagree");
  });

  it("scores a fence artifact against the first-fence run", () => {
    const r = record({
      official_category: "test_failed",
      aux_first_fence_official_3s: { category: "pass" },
      flags: ["fence_artifact_in_tested_code"],
    });
    expect(agreement(r, "pass").kind).toBe("exception");
    expect(agreement(r, "test_failed")).toEqual({ kind: "disagree", expected: "pass" });
    // Without the flag, the auxiliary run is not the reference.
    expect(agreement({ ...r, flags: [] }, "pass")).toEqual({ kind: "disagree", expected: "test_failed" });
  });

  it("lets a multi-block reply pass when the official run failed its first block", () => {
    expect(agreement(record({ official_category: "test_failed", flags: ["multi_block_reply"] }), "pass").kind).toBe(
      "exception",
    );
    expect(agreement(record({ official_category: "test_failed" }), "pass").kind).toBe("disagree");
  });

  it("excuses a third-party import failing in an image without it", () => {
    const verdict = agreement(record({ flags: ["third_party_import:sympy"] }), "test_failed");
    expect(verdict).toEqual({ kind: "exception", note: "imports sympy, which the image lacks" });
  });
});

describe("the synthetic set", () => {
  it("has 30 records with unique ids and every kind of ending", () => {
    expect(SYNTHETIC).toHaveLength(30);
    expect(new Set(SYNTHETIC.map((r) => r.id)).size).toBe(30);
    expect(new Set(SYNTHETIC.map((r) => r.official_category))).toEqual(
      new Set(["pass", "test_failed", "timeout", "syntax_error", "no_code"]),
    );
  });
});
