import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseDatasetLine, readDataset, type DatasetEntry } from "../../src/candidates/dataset.js";
import { tempDir } from "../support/temp.js";

const parse = (value: unknown) => parseDatasetLine(typeof value === "string" ? value : JSON.stringify(value), "d.jsonl:1", "d.jsonl:1");

describe("parseDatasetLine", () => {
  it("reads a reply line with every override", () => {
    const entry = parse({ id: "a", reply: "r", files: { "t.py": "x" }, command: "python3 t.py", language: "python", target: "s.py", timeout: "2s" });
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
    ["{not json", /not valid JSON/],
    [[1, 2], /not a JSON object/],
    [{ id: "x" }, /neither a string 'reply' nor a string 'patch'/],
    [{ id: "x", reply: "r", files: { a: 1 } }, /'files' must map paths to strings/],
    [{ id: "x", reply: "r", language: "cobol" }, /unknown language "cobol"/],
    [{ id: "x", reply: "r", timeout: "-1" }, /timeout/],
    [{ id: "x", reply: "r", command: ["ls"] }, /'command' must be a string/],
    // The path rule of every path inside the sandbox (prepare/paths.ts), for this line only.
    [{ id: "x", reply: "r", target: "../x.py" }, /^'target' "\.\.\/x\.py" has a '\.\.' segment: it must be a relative path inside the work dir$/],
    [{ id: "x", reply: "r", target: "/etc/x.py" }, /^'target' "\/etc\/x\.py" is absolute/],
    [{ id: "x", reply: "r", files: { "tests/../../x": "y" } }, /^a 'files' path "tests\/\.\.\/\.\.\/x" has a '\.\.' segment/],
    [{ id: "x", reply: "r", files: { ".git/hooks/pre-commit": "y" } }, /is inside \.git/],
  ])("reports %j as a problem", (line, problem) => {
    const entry = parse(line) as { problem: { problem: string } };
    expect(entry.problem.problem).toMatch(problem);
  });
});

describe("readDataset", () => {
  it("streams lines with their numbers; a bad line does not stop the rest", async () => {
    const dir = tempDir("dataset");
    const path = join(dir, "d.jsonl");
    writeFileSync(path, ['{"id":"a","reply":"x"}', "", "oops", '{"reply":"y"}', ""].join("\r\n"));
    const entries: DatasetEntry[] = [];
    for await (const entry of readDataset(path, "d.jsonl")) entries.push(entry);
    expect(entries.map((e) => ("candidate" in e ? e.candidate.id : `problem ${e.problem.source}`))).toEqual(["a", "problem d.jsonl:3", "d.jsonl:4"]);
  });
});
