// The one reader of JSON-lines files: numbered from 1, blank lines skipped, a BOM dropped, `file:line` named.
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { jsonLine, jsonLines, streamedJsonLines, type JsonLine } from "../../src/core/json-lines.js";

describe("jsonLine", () => {
  it("gives a line's value and where it stands", () => {
    expect(jsonLine('{"a": 1}', "d.jsonl", 7)).toEqual({ n: 7, where: "d.jsonl:7", ok: true, value: { a: 1 } });
  });

  it("says why a line is not JSON, naming the file and the line", () => {
    const line = jsonLine("{oops", "d.jsonl", 3);
    expect(line).toMatchObject({ n: 3, where: "d.jsonl:3", ok: false });
    expect(line.ok ? "" : line.problem).toMatch(/^not valid JSON \(.+\)$/);
  });

  it("drops a BOM that opens the file, and only there", () => {
    expect(jsonLine('\uFEFF{"a": 1}', "d.jsonl", 1)).toMatchObject({ ok: true, value: { a: 1 } });
    expect(jsonLine('\uFEFF{"a": 1}', "d.jsonl", 2)).toMatchObject({ ok: false });
  });
});

describe("jsonLines", () => {
  it("numbers every line, skips the blank ones, and reads \\r\\n as \\n", () => {
    const lines = [...jsonLines('{"a": 1}\r\n\n   \n[2]\n', "d.jsonl")];
    expect(lines.map((l) => [l.where, l.ok && l.value, l.last])).toEqual([
      ["d.jsonl:1", { a: 1 }, false],
      ["d.jsonl:4", [2], false],
    ]);
    expect([...jsonLines("", "d.jsonl")]).toEqual([]);
  });

  it("marks the last line when no newline ends it (a write cut short), and only then", () => {
    expect([...jsonLines('1\n{"cut', "d.jsonl")].map((l) => [l.ok, l.last])).toEqual([
      [true, false],
      [false, true],
    ]);
    expect([...jsonLines('1\n{"cut\n', "d.jsonl")].map((l) => [l.ok, l.last])).toEqual([
      [true, false],
      [false, false],
    ]);
  });
});

describe("streamedJsonLines", () => {
  it("reads a stream as jsonLines reads the text, however its chunks fall", async () => {
    const text = '\uFEFF{"a": 1}\r\n\n{oops\n[2]';
    const read: JsonLine[] = [];
    for await (const line of streamedJsonLines(
      Readable.from(['\uFEFF{"a"', ": 1}\r", "\n\n{oo", "ps\n[2]"]),
      "d.jsonl",
    ))
      read.push(line);
    // The same lines, values and problems; only `last` is the text reader's own.
    expect([...jsonLines(text, "d.jsonl")]).toMatchObject(read);
    expect(read.map((l) => l.where)).toEqual(["d.jsonl:1", "d.jsonl:3", "d.jsonl:4"]);
  });
});
