// What a resumed run carries over: a line's fingerprint, and which earlier results still hold for which lines.
import { describe, expect, it } from "vitest";
import type { Candidate } from "../../src/core/model.js";
import { lineFingerprint, resumedVerdicts } from "../../src/run/carry-over.js";
import { result } from "../report/fixtures.js";

const candidate = (id: string, patch: string, over: Partial<Candidate> = {}): Candidate => ({
  id,
  source: `data.jsonl:${id}`,
  kind: "patch",
  text: patch,
  overrides: {},
  ...over,
});

const KEY = "k".repeat(64);
const print = (c: Candidate) => lineFingerprint(c, KEY);

describe("lineFingerprint", () => {
  const base = candidate("a", "--- a/x\n+++ b/x\n", {
    repo: "o/r",
    model: "m",
    instance: { baseCommit: "abc", failToPass: ["t1"], passToPass: ["t2"] },
    files: { "b.txt": "2", "a.txt": "1" },
  });

  it("is the same for the same line wherever it stands, and 64 hex digits", () => {
    expect(print(base)).toMatch(/^[0-9a-f]{64}$/);
    expect(print({ ...base, source: "data.jsonl:99", url: "u", author: "x" })).toBe(print(base));
    expect(print({ ...base, files: { "a.txt": "1", "b.txt": "2" } })).toBe(print(base));
  });

  it("does not depend on the order the line's objects were given their keys in", () => {
    const line = candidate("a", "--- a/x\n+++ b/x\n", {
      overrides: { command: "pytest -x", image: "img:1", timeoutMs: 5000 },
      instance: { baseCommit: "abc", failToPass: ["t1"], passToPass: ["t2"] },
    });
    const reordered = candidate("a", "--- a/x\n+++ b/x\n", {
      overrides: { timeoutMs: 5000, image: "img:1", command: "pytest -x" },
      instance: { passToPass: ["t2"], failToPass: ["t1"], baseCommit: "abc" },
    });
    expect(print(reordered)).toBe(print(line));
    // A list's order is the line's content: t1 then t3 is not t3 then t1.
    const lists = (failToPass: string[]) => print({ ...line, instance: { ...line.instance, failToPass } });
    expect(lists(["t3", "t1"])).not.toBe(lists(["t1", "t3"]));
  });

  it.each([
    ["the patch", { text: "--- a/y\n+++ b/y\n" }],
    ["the test lists", { instance: { baseCommit: "abc", failToPass: ["t1", "t3"], passToPass: ["t2"] } }],
    ["the base commit", { instance: { baseCommit: "def", failToPass: ["t1"], passToPass: ["t2"] } }],
    ["the command", { overrides: { command: "pytest -x" } }],
    ["the image", { overrides: { image: "other:1" } }],
    ["the model", { model: "m2" }],
    ["a file", { files: { "a.txt": "1", "b.txt": "3" } }],
    ["the kind", { kind: "reply" as const }],
  ])("changes with %s", (_, change) => {
    expect(print({ ...base, ...change })).not.toBe(print(base));
  });

  it("changes with the key (the tests, the run settings, the limits, the gate's version)", () => {
    expect(lineFingerprint(base, "j".repeat(64))).not.toBe(print(base));
  });
});

describe("resumedVerdicts: which earlier results a resumed run carries over", () => {
  const a = candidate("a", "patch a");
  const b = candidate("b", "patch b");
  const earlier = [
    result({ id: "a", status: "test_failed", source: "old.jsonl:1", fingerprint: print(a), stdout: "1 failed" }),
    result({ id: "b", status: "sandbox_error", source: "old.jsonl:2", fingerprint: print(b) }),
    result({ id: "c", status: "pass", source: "old.jsonl:3" }),
  ];
  const lookup = resumedVerdicts(earlier, print);

  it("carries a result over to the same line (id and fingerprint), as cached, where the line is now", () => {
    const carried = lookup({ ...a, source: "data.jsonl:7" });
    expect(carried).toMatchObject({ id: "a", status: "test_failed", cached: true, source: "data.jsonl:7" });
    expect(carried?.stdout).toBe("1 failed");
  });

  it("judges again a line whose content changed under the same id", () => {
    expect(lookup(candidate("a", "patch a, fixed"))).toBeUndefined();
  });

  it("judges again a line that ended sandbox_error: our side failed, nothing was judged", () => {
    expect(lookup(b)).toBeUndefined();
  });

  it("judges a line the report lacks, and one whose result has no fingerprint (an older gate's report)", () => {
    expect(lookup(candidate("d", "patch d"))).toBeUndefined();
    expect(lookup(candidate("c", "patch c"))).toBeUndefined();
  });

  it("finds the one of several results under one id whose fingerprint matches", () => {
    const twice = [
      result({ id: "a", status: "pass", fingerprint: print(candidate("a", "other")) }),
      result({ id: "a", status: "test_failed", fingerprint: print(a) }),
    ];
    expect(resumedVerdicts(twice, print)(a)?.status).toBe("test_failed");
  });
});
