import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { candidateSource } from "../../src/candidates/sources.js";
import { candidatesFromFiles, filesSource } from "../../src/candidates/files-source.js";
import { InputError } from "../../src/core/errors.js";
import { readSettings } from "../../src/settings/settings.js";
import type { SourceEntry } from "../../src/core/model.js";
import { tempDir } from "../support/temp.js";

async function entries(files: Record<string, Buffer>): Promise<SourceEntry[]> {
  const root = tempDir("files");
  for (const [name, bytes] of Object.entries(files)) writeFileSync(join(root, name), bytes);
  const matches = Object.keys(files).map((relative) => ({ absolute: join(root, relative), relative }));
  const out: SourceEntry[] = [];
  for await (const entry of candidatesFromFiles(matches)) out.push(entry);
  return out;
}

describe("candidatesFromFiles", () => {
  it("keeps a patch file's bytes, since a line in latin1 is not UTF-8 text", async () => {
    const patch = Buffer.from("--- a/de.txt\n+++ b/de.txt\n@@ -1 +1 @@\n-Gr\xfc\xdfe\n+Hallo\n", "latin1");
    const reply = Buffer.from("```python\nprint('hi')\n```\n");
    expect(await entries({ "fix.patch": patch, "reply.md": reply })).toEqual([
      { candidate: { id: "fix.patch", source: "fix.patch", kind: "patch", text: patch.toString(), bytes: patch } },
      { candidate: { id: "reply.md", source: "reply.md", kind: "reply", text: reply.toString() } },
    ]);
  });
});

describe("filesSource", () => {
  const lines = (...values: string[]) => `${values.join("\n")}\n`;
  const good = JSON.stringify({ id: "a", reply: "x" });

  function root(files: Record<string, string>): string {
    const dir = tempDir("files-source");
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return dir;
  }

  it.each([
    ["{not json", /^set\.jsonl:2: not valid JSON \(/],
    [
      JSON.stringify({ id: "b", reply: "r", timeout: true }),
      /^set\.jsonl:2: timeout must be a string or a number, not true /,
    ],
    [JSON.stringify({ id: "b" }), /^set\.jsonl:2: the line has neither reply nor patch /],
  ])("refuses the dataset before a candidate is read when a line is %s", async (bad, detail) => {
    const dir = root({ "a.md": "prose", "set.jsonl": lines(good, bad, good) });
    const matches = ["a.md", "set.jsonl"].map((relative) => ({ absolute: join(dir, relative), relative }));
    const failure = await filesSource(async () => matches, "FILE")
      .entries()
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(InputError);
    expect((failure as InputError).input).toBe("FILE");
    expect((failure as InputError).detail).toMatch(detail);
    expect((failure as InputError).detail).toMatch(/; nothing was run$/);
  });

  it("is the action's bad input too: its files input names the line", async () => {
    const dir = root({ "set.jsonl": lines(good, "", "oops") });
    const inputs: Record<string, string> = { source: "files", files: "*.jsonl", comment: "false" };
    const settings = readSettings((name) => inputs[name] ?? "", { defaultWorkdir: dir });
    await expect(candidateSource(settings.source, {}).entries()).rejects.toThrow(
      /^Input 'files': set\.jsonl:3: not valid JSON/,
    );
  });

  it("reads a well-formed dataset as before", async () => {
    const dir = root({ "set.jsonl": lines(good, "", JSON.stringify({ id: "b", patch: "diff" })) });
    const source = filesSource(async () => [{ absolute: join(dir, "set.jsonl"), relative: "set.jsonl" }]);
    const ids: string[] = [];
    for await (const entry of await source.entries()) if ("candidate" in entry) ids.push(entry.candidate.id);
    expect(ids).toEqual(["a", "b"]);
  });
});
