import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readlinkSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { SandboxFile } from "../../../src/core/model.js";
import { normalisePath, paxRecord, tarPieces, tarball } from "../../../src/core/tar/pack.js";
import { tempDir } from "../../support/temp.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Writes the archive, lists it and unpacks it with the system tar. */
function unpack(files: SandboxFile[]): { dir: string; listing: string[] } {
  const dir = mkdtempSync(join(tmpdir(), "sandbox-gate-tar-"));
  dirs.push(dir);
  const archive = join(dir, "archive.tar");
  writeFileSync(archive, tarball(files));
  const listing = execFileSync("tar", ["-t", "-f", archive], { encoding: "utf8" }).split("\n").filter(Boolean);
  const out = join(dir, "out");
  mkdirSync(out);
  execFileSync("tar", ["-x", "-f", archive, "-C", out], { stdio: ["ignore", "pipe", "pipe"] });
  return { dir: out, listing };
}

function bytesOf(content: string | Uint8Array): Buffer {
  return typeof content === "string" ? Buffer.from(content, "utf8") : Buffer.from(content);
}

const allBytes = Uint8Array.from({ length: 256 }, (_, i) => i);
const longPath = `${"deeply/nested/".repeat(12)}${"x".repeat(120)}.py`;

describe("tarball", () => {
  it.each<[string, SandboxFile[]]>([
    ["text files", [{ path: "solution.py", content: "print(sum(range(10)))\n" }]],
    [
      "nested paths and an empty file",
      [
        { path: "tests/unit/test_a.py", content: "" },
        { path: "tests/b.txt", content: "b" },
      ],
    ],
    ["binary content", [{ path: "blob.bin", content: allBytes }]],
    ["a file of exactly one block", [{ path: "block", content: "z".repeat(512) }]],
    ["a path longer than 255 bytes", [{ path: longPath, content: "long\n" }]],
    ["a non-ASCII path cut mid-character by the name field", [{ path: `${"é".repeat(60)}/ü.txt`, content: "ü" }]],
  ])("round-trips %s through the system tar", (_, files) => {
    const { dir, listing } = unpack(files);
    for (const file of files) {
      expect(listing).toContain(file.path);
      expect(readFileSync(join(dir, file.path))).toEqual(bytesOf(file.content));
      expect(statSync(join(dir, file.path)).mode & 0o777).toBe(0o644 & ~process.umask());
    }
  });

  it("unpacks an executable file with mode 0755, the others with 0644", () => {
    const { dir } = unpack([
      { path: "run.sh", content: "#!/bin/sh\n", executable: true },
      { path: "data.txt", content: "x", executable: false },
    ]);
    expect(statSync(join(dir, "run.sh")).mode & 0o777).toBe(0o755 & ~process.umask());
    expect(statSync(join(dir, "data.txt")).mode & 0o777).toBe(0o644 & ~process.umask());
  });

  it("writes each parent directory once, before its files", () => {
    const { listing } = unpack([
      { path: "a/b/one.txt", content: "1" },
      { path: "a/two.txt", content: "2" },
    ]);
    expect(listing).toEqual(["a/", "a/b/", "a/b/one.txt", "a/two.txt"]);
  });

  it("normalises `.` segments and repeated slashes", () => {
    const { listing } = unpack([{ path: "./src//main.py", content: "" }]);
    expect(listing).toEqual(["src/", "src/main.py"]);
  });

  it("gives the same bytes for the same files", () => {
    const files = [{ path: "a.txt", content: "same" }];
    expect(tarball(files)).toEqual(tarball(files));
  });

  it.each([
    ["a small file", 3, 10240],
    ["a file whose end blocks spill into a second record", 18 * 512, 20480],
  ])("is whole 10 KiB records ending in two zero blocks, for %s", (_, size, length) => {
    const archive = tarball([{ path: "a.txt", content: "x".repeat(size) }]);
    expect(archive.byteLength).toBe(length);
    const headerAndData = 512 + size;
    expect(archive.subarray(headerAndData).every((byte) => byte === 0)).toBe(true);
    expect(archive.byteLength - headerAndData).toBeGreaterThanOrEqual(1024);
  });

  it.each([
    ["/etc/passwd", "is absolute"],
    ["../escape.py", "has a '..' segment"],
    ["a/../../escape.py", "has a '..' segment"],
    ["", "is empty"],
    ["./", "is empty"],
    ["a\0b", "holds a control character"],
  ])("rejects the path %j", (path, problem) => {
    expect(() => tarball([{ path, content: "x" }])).toThrow(`sandbox file path ${JSON.stringify(path)} ${problem}`);
  });

  it("rejects a path given twice", () => {
    expect(() =>
      tarball([
        { path: "a.py", content: "1" },
        { path: "./a.py", content: "2" },
      ]),
    ).toThrow('sandbox file path "./a.py" is given twice');
  });

  it.each([[["a", "a/b"]], [["a/b", "a"]]])("rejects a path that is both a file and a directory (%j)", (paths) => {
    expect(() => tarball(paths.map((path) => ({ path, content: "" })))).toThrow(
      'sandbox file path "a" is both a file and a directory',
    );
  });
});

describe("normalisePath", () => {
  it("keeps a clean relative path as it is", () => {
    expect(normalisePath("tests/test_solution.py")).toBe("tests/test_solution.py");
  });
});

describe("paxRecord", () => {
  it.each([
    // The length field counts its own digits, including when they tip it over a power of ten.
    ["a".repeat(90), 99],
    ["a".repeat(91), 101],
    ["a".repeat(92), 102],
  ])("gives a record whose length prefix is its byte length", (value, length) => {
    const record = paxRecord("path", value);
    expect(record.byteLength).toBe(length);
    expect(record.toString("utf8")).toBe(`${length} path=${value}\n`);
  });
});

describe("links, owners and a directory to put everything under", () => {
  it("keeps a symbolic link as a link, long targets included, as tar reads them", () => {
    const dir = tempDir("tar-links");
    const long = `${"deep/".repeat(30)}target.txt`;
    const archive = tarball(
      [
        { path: "real.txt", content: "data" },
        { path: "link.txt", content: "", linkTarget: "real.txt" },
        { path: "far.txt", content: "", linkTarget: long },
      ],
      { under: "sandbox-gate/base", owner: 65534 },
    );
    execFileSync("tar", ["-x", "-f", "-", "-C", dir], { input: archive });
    expect(readlinkSync(join(dir, "sandbox-gate/base/link.txt"))).toBe("real.txt");
    expect(readlinkSync(join(dir, "sandbox-gate/base/far.txt"))).toBe(long);
    expect(readFileSync(join(dir, "sandbox-gate/base/real.txt"), "utf8")).toBe("data");
    const listing = execFileSync("tar", ["-t", "-v", "--numeric-owner", "-f", "-"], {
      input: archive,
      encoding: "utf8",
    });
    expect(
      listing
        .split("\n")
        .filter(Boolean)
        .every((line) => line.includes("65534/65534")),
    ).toBe(true);
    expect(listing).toMatch(/^d\S+ 65534\/65534 .* sandbox-gate\/$/m);
  });

  it("makes the empty directories `dirs` names beside `under`, with their parents, each once, owned as the rest", () => {
    const dir = tempDir("tar-dirs");
    const archive = tarball([{ path: "pkg/a.py", content: "x = 1\n" }], {
      under: "work",
      owner: 65534,
      dirs: ["sandbox-gate/base", "work/empty"],
    });
    execFileSync("tar", ["-x", "-f", "-", "-C", dir], { input: archive });
    expect(readFileSync(join(dir, "work/pkg/a.py"), "utf8")).toBe("x = 1\n");
    expect(statSync(join(dir, "sandbox-gate/base")).isDirectory()).toBe(true);
    expect(statSync(join(dir, "work/empty")).isDirectory()).toBe(true);
    const listing = execFileSync("tar", ["-t", "-v", "--numeric-owner", "-f", "-"], {
      input: archive,
      encoding: "utf8",
    });
    const names = listing
      .split("\n")
      .filter(Boolean)
      .map((line) => (expect(line).toContain("65534/65534"), line.split(" ").at(-1)));
    expect(names).toEqual([
      "work/",
      "sandbox-gate/",
      "sandbox-gate/base/",
      "work/empty/",
      "work/pkg/",
      "work/pkg/a.py",
    ]);
    expect(() => tarball([], { dirs: ["../up"] })).toThrow(/has a '\.\.' segment/);
  });

  it("refuses a link path outside the tree like any other path", () => {
    expect(() => tarball([{ path: "../x", content: "", linkTarget: "y" }])).toThrow(/has a '\.\.' segment/);
  });
});

describe("tarball's time stamps", () => {
  it("stamps the base's entries with a fixed date, and a candidate's with the time it is given, as tar unpacks them", () => {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-gate-tar-"));
    dirs.push(dir);
    const files = [{ path: "calc.py", content: "x = 1\n" }];
    const now = Math.floor(Date.now() / 1000);
    for (const [name, archive] of [
      ["base", tarball(files)],
      ["candidate", tarball(files, { mtime: now })],
    ] as const) {
      mkdirSync(join(dir, name));
      execFileSync("tar", ["-x", "-f", "-", "-C", join(dir, name)], { input: archive });
    }
    expect(statSync(join(dir, "base", "calc.py")).mtime.toISOString()).toBe("2000-01-01T00:00:00.000Z");
    // Newer than the base: a .pyc compiled from the base's calc.py by a setup no longer matches it.
    expect(statSync(join(dir, "candidate", "calc.py")).mtimeMs).toBe(now * 1000);
  });
});

describe("tarPieces", () => {
  it("hands each file's own bytes on, not a copy, in the archive tarball makes of them", () => {
    const content = Buffer.alloc(70_000, "y");
    const files = [
      { path: "big.bin", content },
      { path: "pkg/a.py", content: "x = 1\n" },
    ];
    const pieces = tarPieces(files);
    // The same memory: a commit's whole tree is streamed per candidate without being copied in node.
    expect(
      pieces.filter((piece) => piece.buffer === content.buffer && piece.byteOffset === content.byteOffset),
    ).toHaveLength(1);
    expect(pieces.every((piece) => piece.byteLength > 0)).toBe(true);
    expect(Buffer.concat(pieces)).toEqual(tarball(files));
    expect(Buffer.concat(pieces).byteLength % 10240).toBe(0);
  });
});
