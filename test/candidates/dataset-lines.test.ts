import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { datasetEntry, parseDatasetLine, readDataset } from "../../src/candidates/dataset-lines.js";
import { type SourceEntry } from "../../src/core/model.js";
import { tempDir } from "../support/temp.js";

const parse = (value: unknown) =>
  parseDatasetLine(typeof value === "string" ? value : JSON.stringify(value), "d.jsonl", 1);

describe("parseDatasetLine", () => {
  it("reads a reply line with every override", () => {
    const entry = parse({
      id: "a",
      reply: "r",
      files: { "t.py": "x" },
      command: "python3 t.py",
      language: "python",
      target: "s.py",
      timeout: "2s",
    });
    expect(entry).toEqual({
      candidate: {
        id: "a",
        source: "d.jsonl:1",
        kind: "reply",
        text: "r",
        files: { "t.py": "x" },
        overrides: { command: "python3 t.py", language: "python", target: "s.py", timeoutMs: 2000 },
      },
    });
  });

  it("reads a patch line and a numeric timeout in seconds", () => {
    expect(parse({ id: 7, patch: "diff", timeout: 1.5 })).toEqual({
      candidate: { id: "7", source: "d.jsonl:1", kind: "patch", text: "diff", overrides: { timeoutMs: 1500 } },
    });
  });

  it.each([
    ["{not json", /^not valid JSON \(/],
    [[1, 2], /^the line must be an object, not a list$/],
    [{ id: "x" }, /^the line has neither reply nor patch$/],
    [{ id: "x", reply: 5, patch: "diff" }, /^reply must be a string, not 5$/],
    [{ id: "x", reply: "r", files: { a: 1 } }, /^files\.a must be a string, not 1$/],
    [{ id: "x", reply: "r", files: { "tests/t.py": null } }, /^files\["tests\/t\.py"\] must be a string, not null$/],
    [{ id: "x", reply: "r", files: "t.py" }, /^files must be an object, not "t\.py"$/],
    [
      { id: "x", reply: "r", language: "cobol" },
      /^language "cobol" is not one of python, javascript, typescript, bash, php$/,
    ],
    [{ id: "x", reply: "r", timeout: "-1" }, /^Input 'timeout': '-1' is not a positive duration/],
    [{ id: "x", reply: "r", timeout: true }, /^timeout must be a string or a number, not true$/],
    [{ id: "x", reply: "r", command: ["ls"] }, /^command must be a string, not a list$/],
    [{ id: null, reply: "r" }, /^id must be a string or a number, not null$/],
    // The path rule of every path inside the sandbox (prepare/paths.ts), for this line only.
    [
      { id: "x", reply: "r", target: "../x.py" },
      /^'target' "\.\.\/x\.py" has a '\.\.' segment: it must be a relative path inside the work dir$/,
    ],
    [{ id: "x", reply: "r", target: "/etc/x.py" }, /^'target' "\/etc\/x\.py" is absolute/],
    [
      { id: "x", reply: "r", files: { "tests/../../x": "y" } },
      /^a 'files' path "tests\/\.\.\/\.\.\/x" has a '\.\.' segment/,
    ],
    [{ id: "x", reply: "r", files: { ".git/hooks/pre-commit": "y" } }, /is inside \.git/],
  ])("reports %j as a problem", (line, problem) => {
    const entry = parse(line) as { problem: { problem: string } };
    expect(entry.problem.problem).toMatch(problem);
  });

  it("files a problem under the line's own id when it has one", () => {
    expect(parse({ id: "x", reply: "r", command: 1 })).toMatchObject({ problem: { id: "x", source: "d.jsonl:1" } });
    expect(parse({ id: 7, command: 1 })).toMatchObject({ problem: { id: "7" } });
    expect(parse({ id: " ", command: 1 })).toMatchObject({ problem: { id: "d.jsonl:1" } });
  });

  it("keeps the line's model (SWE-bench's model_name_or_path) and repo on the candidate; an empty model is refused", () => {
    expect(parse({ id: "a", patch: "p", model: "acme/agent-7b", repo: "o/r" })).toMatchObject({
      candidate: { model: "acme/agent-7b", repo: "o/r" },
    });
    expect(parse({ id: "a", patch: "p", model: "" })).toMatchObject({ problem: { id: "a" } });
    expect(parse({ id: "a", patch: "p", model: 7 })).toMatchObject({ problem: { id: "a" } });
  });

  it("ignores the fields an evaluation set adds (task_id, prompt, …); a reply wins over a patch", () => {
    expect(parse({ id: "a", task_id: "HumanEval/0", prompt: "def f():", reply: "r", patch: "diff" })).toEqual({
      candidate: { id: "a", source: "d.jsonl:1", kind: "reply", text: "r", overrides: {} },
    });
  });
});

describe("datasetEntry", () => {
  it("reads a value of a line's shape, not only a line", () => {
    expect(datasetEntry({ id: "j", reply: "r", timeout: "2s" }, "judge()", "j")).toEqual({
      candidate: { id: "j", source: "judge()", kind: "reply", text: "r", overrides: { timeoutMs: 2000 } },
    });
  });

  it("words a problem with the checker it is given", () => {
    const check = () => ({ ok: false as const, problem: "the candidate has neither reply nor patch" });
    expect(datasetEntry({ id: "j" }, "judge()", "j", check)).toEqual({
      problem: { id: "j", source: "judge()", problem: "the candidate has neither reply nor patch" },
    });
  });
});

describe("readDataset", () => {
  it("streams lines with their numbers; a bad line does not stop the rest", async () => {
    const dir = tempDir("dataset");
    const path = join(dir, "d.jsonl");
    writeFileSync(path, ['{"id":"a","reply":"x"}', "", "oops", '{"reply":"y"}', ""].join("\r\n"));
    const entries: SourceEntry[] = [];
    for await (const entry of readDataset(path, "d.jsonl")) entries.push(entry);
    expect(entries.map((e) => ("candidate" in e ? e.candidate.id : `problem ${e.problem.source}`))).toEqual([
      "a",
      "problem d.jsonl:3",
      "d.jsonl:4",
    ]);
  });
});

describe("parseDatasetLine: SWE-bench's fields", () => {
  it("reads base_commit, test_patch and the test lists into the candidate's instance", () => {
    const entry = parse({
      id: "django-1",
      patch: "--- a/x\n+++ b/x\n",
      base_commit: "abc1234",
      test_patch: "--- a/t\n+++ b/t\n",
      fail_to_pass: ["t::a"],
      pass_to_pass: ["t::b", "t::c"],
    });
    expect("candidate" in entry && entry.candidate.instance).toEqual({
      baseCommit: "abc1234",
      testPatch: "--- a/t\n+++ b/t\n",
      failToPass: ["t::a"],
      passToPass: ["t::b", "t::c"],
    });
  });

  it("leaves a line without them as it was: no instance", () => {
    const entry = parse({ id: "a", reply: "r" });
    expect("candidate" in entry && "instance" in entry.candidate).toBe(false);
  });

  it("carries the line's image, a digest pin too, and files a malformed one as the line's problem", () => {
    const pinned = `swebench/sweb.eval.x86_64.django_1776_django-11099@sha256:${"0f".repeat(32)}`;
    expect(parse({ id: "a", patch: "p", image: pinned })).toMatchObject({
      candidate: { overrides: { image: pinned } },
    });
    expect(parse({ id: "a", patch: "p", image: "Django:latest" })).toEqual({
      problem: {
        id: "a",
        source: "d.jsonl:1",
        problem:
          "'image' \"Django:latest\" has a malformed name part \"Django\" (lower-case letters and digits, joined by '.', '_', '__' or '-')",
      },
    });
    expect(parse({ id: "b", reply: "r", image: "--privileged" })).toMatchObject({
      problem: { id: "b", problem: expect.stringMatching(/^'image' "--privileged" has a malformed name part/) },
    });
    expect(parse({ id: "c", reply: "r", image: "" })).toMatchObject({ problem: { id: "c" } });
  });

  it("carries a line's image_workdir, normalised, and files one that is no directory of an image as its problem", () => {
    expect(parse({ id: "a", patch: "p", image: "swe/x:1", image_workdir: "/testbed/" })).toMatchObject({
      candidate: { overrides: { image: "swe/x:1", imageWorkdir: "/testbed" } },
    });
    expect(parse({ id: "a", patch: "p", image_workdir: "testbed" })).toEqual({
      problem: {
        id: "a",
        source: "d.jsonl:1",
        problem:
          "'image_workdir' \"testbed\" is not an absolute path: it must be an absolute directory of the image, as /testbed",
      },
    });
    expect(parse({ id: "b", patch: "p", image_workdir: "/tmp" })).toMatchObject({
      problem: { id: "b", problem: expect.stringContaining("is inside /tmp") },
    });
  });

  it("refuses, naming the field, a base_commit without a patch, an empty one, and lists that are not of ids", () => {
    const problem = (value: unknown) => {
      const entry = parse(value);
      return "problem" in entry ? entry.problem.problem : undefined;
    };
    expect(problem({ id: "a", reply: "r", base_commit: "abc" })).toBe(
      'the line has "base_commit" without "patch", which it needs',
    );
    expect(problem({ id: "a", patch: "p", base_commit: "" })).toBe("base_commit must not be empty");
    expect(problem({ id: "a", patch: "p", fail_to_pass: "t::a" })).toBe('fail_to_pass must be a list, not "t::a"');
    expect(problem({ id: "a", patch: "p", pass_to_pass: ["ok", 3] })).toBe("pass_to_pass[1] must be a string, not 3");
    expect(problem({ id: "a", patch: "p", test_patch: ["x"] })).toBe("test_patch must be a string, not a list");
  });
});
