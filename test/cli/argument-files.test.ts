// FILE and REPORT arguments: files as given, directories for what they hold.
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { argumentFiles } from "../../src/cli/argument-files.js";
import { InputError } from "../../src/core/errors.js";
import { tempDir } from "../support/temp.js";

function tree(files: string[]): string {
  const dir = tempDir("cli-files");
  for (const file of files) {
    mkdirSync(join(dir, file, ".."), { recursive: true });
    writeFileSync(join(dir, file), `${file}\n`);
  }
  return dir;
}

describe("argumentFiles", () => {
  it("takes a file as typed, relative or absolute, whatever its extension", async () => {
    const dir = tree(["a/reply.md", "notes.py"]);
    expect(await argumentFiles(["a/reply.md", join(dir, "notes.py")], "FILE", dir)).toEqual([
      { absolute: join(dir, "a/reply.md"), relative: "a/reply.md" },
      { absolute: join(dir, "notes.py"), relative: join(dir, "notes.py") },
    ]);
  });

  it("takes a directory for its candidate files, in path order, named from where the user stands", async () => {
    const dir = tree([
      "in/z.md",
      "in/a.txt",
      "in/sub/b.patch",
      "in/sub/c.diff",
      "in/set.jsonl",
      "in/skip.py",
      "in/r.json",
    ]);
    const found = await argumentFiles(["in"], "FILE", dir);
    expect(found.map((m) => m.relative)).toEqual([
      "in/a.txt",
      "in/set.jsonl",
      "in/sub/b.patch",
      "in/sub/c.diff",
      "in/z.md",
    ]);
    expect(found[0]!.absolute).toBe(join(dir, "in/a.txt"));
    expect((await argumentFiles(["in/"], "REPORT", dir)).map((m) => m.relative)).toEqual(["in/r.json"]);
  });

  it("keeps the order of the arguments", async () => {
    const dir = tree(["b.md", "d/a.md"]);
    expect((await argumentFiles(["b.md", "d"], "FILE", dir)).map((m) => m.relative)).toEqual(["b.md", "d/a.md"]);
  });

  it("refuses a link out of the directory rather than read what it points at", async () => {
    const outside = tree(["secret.md"]);
    const dir = tree(["in/ok.md"]);
    symlinkSync(join(outside, "secret.md"), join(dir, "in/link.md"));
    const error = await argumentFiles(["in"], "FILE", dir).catch((e: unknown) => e);
    expect((error as InputError).in("cli").message).toBe(`FILE: 'link.md' resolves outside ${join(dir, "in")}`);
  });

  it.each([
    [["missing.md"], "FILE: 'missing.md' is not a readable file or directory"],
    [["empty"], "FILE: the directory 'empty' holds no reply, patch or dataset (.md, .txt, .patch, .diff, .jsonl)"],
  ])("%j: an InputError naming the argument", async (paths, message) => {
    const dir = tree(["empty/x.py"]);
    const error = await argumentFiles(paths, "FILE", dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).in("cli").message).toBe(message);
  });
});
