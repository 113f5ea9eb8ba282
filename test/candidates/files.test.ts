import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { candidatesFromFiles } from "../../src/candidates/files.js";
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
