import { describe, expect, it } from "vitest";
import type { Candidate } from "../../src/core/model.js";
import {
  BasesAhead,
  CommitBases,
  candidatesByCommit,
  checkInstances,
  checkTestPatches,
  judgingOrder,
  nextBase,
  STREAM_BUDGET_BYTES,
  treeDelivery,
} from "../../src/run/commits.js";
import type { RunImages } from "../../src/run/run-images.js";
import { readSettings, type InputName } from "../../src/settings/settings.js";

const line = (id: string, instance?: Candidate["instance"]): Candidate => ({
  id,
  source: `d.jsonl:${id}`,
  kind: "patch",
  text: "",
  ...(instance && { instance }),
});
const settings = (inputs: Partial<Record<InputName, string>>) =>
  readSettings((name) => inputs[name] ?? "", { defaultWorkdir: "/repo", cpuCount: 2 });

describe("judgingOrder", () => {
  it("groups a commit's lines where its first line stands; lines without one keep their place", () => {
    const items = [
      line("a", { baseCommit: "c1" }),
      line("b", { baseCommit: "c2" }),
      line("plain"),
      line("c", { baseCommit: "c1" }),
      line("d", { baseCommit: "c2" }),
      line("e", { baseCommit: "c1" }),
    ];
    expect(judgingOrder(items).map((i) => items[i]!.id)).toEqual(["a", "c", "e", "b", "d", "plain"]);
  });
});

describe("judgingOrder by the tests lines list", () => {
  const listing = (id: string, tests: number, baseCommit?: string, image?: string): Candidate => ({
    ...line(id, {
      ...(baseCommit !== undefined && { baseCommit }),
      failToPass: ["t0"],
      passToPass: Array.from({ length: tests - 1 }, (_, n) => `t${n + 1}`),
    }),
    ...(image !== undefined && { overrides: { image } }),
  });

  it("starts the longest first where every line lists its tests: a commit's lines by their sum, ties in place", () => {
    const items = [
      listing("short", 2, "c1"),
      listing("long", 150, "c2"),
      listing("middle", 60, "c3"),
      listing("short-too", 2, "c4"),
      listing("pair-a", 40, "c5"),
      listing("pair-b", 40, "c5"),
    ];
    expect(judgingOrder(items).map((i) => items[i]!.id)).toEqual([
      "long",
      "pair-a",
      "pair-b",
      "middle",
      "short",
      "short-too",
    ]);
  });

  it("keeps an image's lines together, the images longest first by their lines' sum", () => {
    const items = [
      listing("a", 10, "c1", "img-1"),
      listing("b", 30, "c2", "img-2"),
      listing("c", 25, "c3", "img-1"),
      listing("d", 5, "c4", "img-3"),
    ];
    expect(judgingOrder(items).map((i) => items[i]!.id)).toEqual(["c", "a", "b", "d"]);
  });

  it("keeps the file's order when a line lists none: nothing foretells its length", () => {
    const items = [listing("short", 2, "c1"), line("unlisted", { baseCommit: "c2" }), listing("long", 150, "c3")];
    expect(judgingOrder(items).map((i) => items[i]!.id)).toEqual(["short", "unlisted", "long"]);
  });
});

describe("judgingOrder with lines' own images", () => {
  it("then groups an image's lines where its first line stands, commits kept together within it", () => {
    const imaged = (id: string, image: string, baseCommit?: string): Candidate => ({
      ...line(id, baseCommit === undefined ? undefined : { baseCommit }),
      overrides: { image },
    });
    const items = [
      imaged("a", "img-1", "c1"),
      imaged("b", "img-2", "c2"),
      line("plain"),
      imaged("c", "img-1", "c3"),
      imaged("d", "img-2", "c2"),
      imaged("e", "img-1", "c1"),
    ];
    expect(judgingOrder(items).map((i) => items[i]!.id)).toEqual(["a", "e", "c", "b", "d", "plain"]);
  });
});

describe("candidatesByCommit", () => {
  it("counts the candidates at each commit, two names of one commit together; carried-over results not", () => {
    const carried = { ...line("done", { baseCommit: "c2" }), status: "pass" } as unknown as Candidate;
    const items = [
      line("a", { baseCommit: "c1" }),
      line("b", { baseCommit: "c2" }),
      line("plain"),
      line("c", { baseCommit: "C1" }),
      carried,
    ];
    expect(candidatesByCommit(items, (name) => name.toLowerCase())).toEqual(
      new Map([
        ["c1", 2],
        ["c2", 1],
      ]),
    );
    expect(candidatesByCommit(items)).toEqual(
      new Map([
        ["c1", 1],
        ["c2", 1],
        ["C1", 1],
      ]),
    );
  });
});

describe("treeDelivery", () => {
  const MiB = 1024 ** 2;
  const alone = { candidates: 1, treeBytes: 40 * MiB, setup: false, imageWorkdir: false, compareBase: false };

  it("streams the tree of a commit with one candidate and nothing else that starts from it, however large", () => {
    expect(treeDelivery(alone)).toBe("stream");
    expect(treeDelivery({ ...alone, treeBytes: 4096 * MiB })).toBe("stream");
  });

  it("streams the tree to a few candidates while it is streamed again no more than the budget", () => {
    expect(treeDelivery({ ...alone, candidates: 4 })).toBe("stream");
    expect(treeDelivery({ ...alone, candidates: 4, treeBytes: STREAM_BUDGET_BYTES / 3 })).toBe("stream");
    expect(treeDelivery({ ...alone, candidates: 100, treeBytes: MiB })).toBe("stream");
  });

  it("shares a run image once the tree would be streamed again past the budget", () => {
    expect(treeDelivery({ ...alone, candidates: 4, treeBytes: STREAM_BUDGET_BYTES / 3 + 1 })).toBe("share");
    expect(treeDelivery({ ...alone, candidates: 200, treeBytes: MiB })).toBe("share");
  });

  it("shares a run image when something must be kept in it, or when the count is not known", () => {
    expect(treeDelivery({ ...alone, candidates: 0 })).toBe("share");
    expect(treeDelivery({ ...alone, setup: true })).toBe("share");
    expect(treeDelivery({ ...alone, imageWorkdir: true })).toBe("share");
    expect(treeDelivery({ ...alone, compareBase: true })).toBe("share");
  });
});

describe("CommitBases", () => {
  it("releases a commit's base once, when its last candidate is done, and warns of a removal that failed", async () => {
    const released: string[] = [];
    const runImages = {
      commit: (name: string) => `sha-${name}`,
      release: async (sha: string) => (released.push(sha), sha === "sha-c2" ? ["run-image-2: busy"] : []),
    } as unknown as RunImages;
    const warnings: string[] = [];
    const items = [line("a", { baseCommit: "c1" }), line("b", { baseCommit: "c2" }), line("c", { baseCommit: "c1" })];
    const bases = new CommitBases(items, runImages, (w) => warnings.push(w));
    await bases.done(items[0]!);
    expect(released).toEqual([]);
    await bases.done(items[1]!);
    await bases.done(items[2]!);
    expect(released).toEqual(["sha-c2", "sha-c1"]);
    expect(warnings).toEqual(["sandbox-gate: the base of commit c2 could not be removed: run-image-2: busy"]);
  });

  it("counts two names of one commit as one base: released after the last of either, counted together", async () => {
    const released: string[] = [];
    const runImages = {
      commit: (name: string) => `sha-${name.toLowerCase()}`,
      release: async (sha: string) => (released.push(sha), []),
    } as unknown as RunImages;
    const items = [line("a", { baseCommit: "c1" }), line("b", { baseCommit: "C1" })];
    const bases = new CommitBases(items, runImages, () => {});
    expect([bases.candidates("sha-c1"), bases.candidates("sha-c2")]).toEqual([2, 0]);
    await bases.done(items[0]!);
    expect(released).toEqual([]);
    await bases.done(items[1]!);
    expect(released).toEqual(["sha-c1"]);
    // What treeDelivery reads stays the run's count while candidates finish.
    expect(bases.candidates("sha-c1")).toBe(2);
  });
});

describe("checkInstances", () => {
  it("refuses lines that list their tests without test-results, naming the input and the line, before anything runs", async () => {
    const items = [line("a"), line("b", { failToPass: ["t::x"] })];
    await expect(checkInstances(items, settings({}))).rejects.toThrow(
      /Input 'test-results'.*d\.jsonl:b: the line lists fail_to_pass\/pass_to_pass/,
    );
    await expect(checkInstances(items, settings({ "test-results": "results/*.xml" }))).resolves.toBeUndefined();
  });

  it("lets a line with a log format list its tests without test-results: they are read off the command's output", async () => {
    const logged = {
      ...line("b", { failToPass: ["tests/test_x.py::test_a"] }),
      overrides: { resultsFormat: "pytest" },
    };
    await expect(checkInstances([line("a"), logged], settings({}))).resolves.toBeUndefined();
    await expect(
      checkInstances([line("a"), line("c", { failToPass: ["x"] })], settings({ "results-format": "django" })),
    ).resolves.toBeUndefined();
    // A junit line among them still needs the files named.
    const junitLine = { ...line("d", { failToPass: ["t::x"] }), overrides: { resultsFormat: "junit" } };
    await expect(checkInstances([logged, junitLine], settings({ "results-format": "pytest" }))).rejects.toThrow(
      /Input 'test-results'.*d\.jsonl:d: the line lists fail_to_pass/,
    );
  });
});

describe("checkTestPatches", () => {
  const TEST_PATCH = "--- a/tests/test_x.py\n+++ b/tests/test_x.py\n@@ -1 +1,2 @@\n import x\n+def test_new(): pass\n";
  /** Commit c1 has the test file the test_patch expects; c2 has another; every read is counted. */
  function bases() {
    const reads: Array<[string | undefined, string[]]> = [];
    const contents: Record<string, string> = { "sha-c1": "import x\n", "sha-c2": "import y\n", checkout: "import x\n" };
    const baseFiles = async (commit: string | undefined, paths: string[]) => {
      reads.push([commit, paths]);
      return {
        ok: true as const,
        files: new Map([["tests/test_x.py", Buffer.from(contents[commit ?? "checkout"]!)]]),
        executable: new Set<string>(),
      };
    };
    const commitOf = (name: string | undefined) => (name === undefined ? undefined : `sha-${name}`);
    return { reads, baseFiles, commitOf };
  }

  it("applies each test_patch to its base once per pair, however many lines share it", async () => {
    const { reads, baseFiles, commitOf } = bases();
    const lines = [
      line("a", { baseCommit: "c1", testPatch: TEST_PATCH }),
      line("b", { baseCommit: "c1", testPatch: TEST_PATCH }),
      line("plain", { testPatch: TEST_PATCH }),
      line("none", { baseCommit: "c1" }),
      line("empty", { baseCommit: "c2", testPatch: " " }),
    ];
    await expect(checkTestPatches(lines, settings({}), commitOf, baseFiles)).resolves.toBeUndefined();
    expect(reads).toEqual([
      ["sha-c1", ["tests/test_x.py"]],
      [undefined, ["tests/test_x.py"]],
    ]);
  });

  it("refuses a test_patch that does not apply to its base as bad input, naming the first line that carries it", async () => {
    const { baseFiles, commitOf } = bases();
    const lines = [
      line("a", { baseCommit: "c1", testPatch: TEST_PATCH }),
      line("b", { baseCommit: "c2", testPatch: TEST_PATCH }),
      line("c", { baseCommit: "c2", testPatch: TEST_PATCH }),
    ];
    await expect(checkTestPatches(lines, settings({}), commitOf, baseFiles)).rejects.toThrow(
      /^Input 'test_patch': d\.jsonl:b: the line's test_patch does not apply to its base_commit "c2" \(sha-c2\): .*tests\/test_x\.py.*; nothing was run$/,
    );
  });
  it("names the first line in the dataset's order, though a later line's base was read first", async () => {
    const { commitOf } = bases();
    const contents: Record<string, string> = { "sha-c1": "import x\n", "sha-c2": "import y\n", "sha-c3": "import z\n" };
    const ended: string[] = [];
    // c3's read is slow, c2's quick: both are refused, and c3's line comes first.
    const baseFiles = async (commit: string | undefined) => {
      await new Promise((resolve) => setTimeout(resolve, commit === "sha-c3" ? 50 : 0));
      ended.push(commit!);
      return {
        ok: true as const,
        files: new Map([["tests/test_x.py", Buffer.from(contents[commit!]!)]]),
        executable: new Set<string>(),
      };
    };
    const lines = [
      line("a", { baseCommit: "c1", testPatch: TEST_PATCH }),
      line("b", { baseCommit: "c3", testPatch: TEST_PATCH }),
      line("c", { baseCommit: "c2", testPatch: TEST_PATCH }),
    ];
    await expect(checkTestPatches(lines, settings({}), commitOf, baseFiles)).rejects.toThrow(
      /^Input 'test_patch': d\.jsonl:b: the line's test_patch does not apply to its base_commit "c3" \(sha-c3\)/,
    );
    expect(ended).toEqual(["sha-c1", "sha-c2", "sha-c3"]);
  });
});

describe("nextBase", () => {
  it("is the next commit in the order after this candidate's, never one further on", () => {
    const bases = ["c1", "c1", "c1", "c2", "c2", "c3"];
    expect([0, 1, 2, 3, 4, 5].map((at) => nextBase(bases, at))).toEqual(["c2", "c2", "c2", "c3", "c3", undefined]);
  });

  it("stops at a line whose base cannot be made ahead: nothing beyond it", () => {
    const bases = ["c1", "c1", undefined, "c2", undefined];
    expect([0, 1, 2, 3, 4].map((at) => nextBase(bases, at))).toEqual([
      undefined,
      undefined,
      "c2",
      undefined,
      undefined,
    ]);
  });
});

describe("BasesAhead", () => {
  const lines = [
    line("a1", { baseCommit: "c1" }),
    line("b1", { baseCommit: "c2" }),
    line("a2", { baseCommit: "c1" }),
    line("b2", { baseCommit: "c2" }),
    line("c1", { baseCommit: "c3" }),
  ];
  /** The commits asked for as each line, in the judging order, gets its run image. */
  function asked(items: Candidate[], inputs: Partial<Record<InputName, string>>, make = true): string[] {
    const names: string[] = [];
    const order = judgingOrder(items);
    const ahead = new BasesAhead(items, order, settings(inputs), make ? (name) => void names.push(name) : undefined);
    for (const index of order) ahead.made(items[index]!);
    return names;
  }
  const inputs = { setup: "true", image: "env" };

  it("with a setup and the run's image, asks once for the next commit as a candidate gets its run image", () => {
    const names: string[] = [];
    const ahead = new BasesAhead(lines, judgingOrder(lines), settings(inputs), (name) => void names.push(name));
    ahead.made(lines[2]!);
    expect(names).toEqual(["c2"]);
    ahead.made(lines[0]!);
    expect(names).toEqual(["c2"]);
    ahead.made(lines[3]!);
    expect(names).toEqual(["c2", "c3"]);
    ahead.made(lines[1]!);
    ahead.made(lines[4]!);
    expect(names).toEqual(["c2", "c3"]);
    expect(asked(lines, inputs)).toEqual(["c2", "c3"]);
  });

  it("asks for nothing without a setup, without the run's image, or without run images", () => {
    expect(asked(lines, { image: "env" })).toEqual([]);
    expect(asked(lines, { setup: "true" })).toEqual([]);
    expect(asked(lines, inputs, false)).toEqual([]);
  });

  it("asks for nothing ahead of a line with its own image or image_workdir, or a reply, nor for one", () => {
    const own = (id: string, baseCommit: string, overrides: Candidate["overrides"]): Candidate => ({
      ...line(id, { baseCommit }),
      overrides,
    });
    const a = line("a", { baseCommit: "c1" });
    const b = line("b", { baseCommit: "c2" });
    const reply = (candidate: Candidate): Candidate => ({ ...candidate, kind: "reply" });
    expect(asked([a, own("b", "c2", { image: "other" })], inputs)).toEqual([]);
    expect(asked([a, own("b", "c2", { imageWorkdir: "/testbed" })], inputs)).toEqual([]);
    expect(asked([a, reply(b)], inputs)).toEqual([]);
    // Nor when the line whose candidate got its run image is one of those.
    expect(asked([own("a", "c1", { image: "other" }), b], inputs)).toEqual([]);
    expect(asked([reply(a), b], inputs)).toEqual([]);
    // The same lines, all eligible: c2 is asked for.
    expect(asked([a, b], inputs)).toEqual(["c2"]);
  });
});
