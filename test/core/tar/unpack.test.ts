import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tarball } from "../../../src/core/tar/pack.js";
import { untar } from "../../../src/core/tar/unpack.js";
import { tempDir } from "../../support/temp.js";

describe("untar", () => {
  it("reads back GNU tar's regular files, long names and ./ prefixes included, and passes over directories and links", () => {
    const dir = tempDir("untar");
    const deep = `${"nested-directory/".repeat(8)}report.xml`;
    mkdirSync(join(dir, deep, ".."), { recursive: true });
    writeFileSync(join(dir, deep), "<testsuites/>");
    writeFileSync(join(dir, "junit.xml"), Buffer.from([0x3c, 0xe9, 0x3e]));
    execFileSync("ln", ["-s", "junit.xml", join(dir, "link.xml")]);
    const tar = execFileSync("tar", ["-c", "-f", "-", "-C", dir, "./junit.xml", "./link.xml", `./${deep}`]);
    const { files, notes } = untar(tar);
    expect(notes).toEqual([]);
    expect(files.map((f) => f.path)).toEqual(["junit.xml", deep]);
    expect(files[0]!.data).toEqual(Buffer.from([0x3c, 0xe9, 0x3e]));
    expect(files[1]!.data.toString()).toBe("<testsuites/>");
  });

  it("reads the gate's own writer, pax names included", () => {
    const long = `${"x".repeat(150)}.xml`;
    const { files } = untar(
      tarball([
        { path: long, content: "a" },
        { path: "b.xml", content: "bb" },
      ]),
    );
    expect(files.map((f) => [f.path, f.data.toString()])).toEqual([
      [long, "a"],
      ["b.xml", "bb"],
    ]);
  });

  it("says where a cut or garbled tar stops, and keeps what came before", () => {
    const tar = tarball([
      { path: "a.xml", content: "a" },
      { path: "b.xml", content: "b".repeat(2000) },
    ]);
    const cut = untar(tar.subarray(0, 512 * 3 + 100));
    expect(cut.files.map((f) => f.path)).toEqual(["a.xml"]);
    expect(cut.notes).toEqual(['the results\' tar is cut inside "b.xml"']);
    const garbled = Buffer.concat([tar.subarray(0, 1024), Buffer.alloc(512, "z")]);
    expect(untar(garbled).notes).toEqual(["the results' tar is not readable past 1 file(s)"]);
    expect(untar(new Uint8Array(0))).toEqual({ files: [], notes: [] });
  });
});
