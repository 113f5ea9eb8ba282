// `sandbox-gate import swe-bench` in-process, on small SWE-bench-shaped files: what reaches stdout, --out and
// stderr, and that a bad record leaves nothing half-written.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { open } from "node:fs/promises";
import { once } from "node:events";
import { join } from "node:path";
import { createGzip, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { parseDatasetLine } from "../../src/candidates/dataset-lines.js";
import { runCli, type CliIO } from "../../src/cli/commands.js";
import { ROOT, codeBlocks } from "../support/markdown-blocks.js";
import { tempDir } from "../support/temp.js";

class Sink {
  text = "";
  write(text: string): boolean {
    this.text += text;
    return true;
  }
}

const PATCH = "diff --git a/src/calc.py b/src/calc.py\n--- a/src/calc.py\n+++ b/src/calc.py\n@@ -1 +1 @@\n-a\n+b\n";
const TEST_PATCH =
  "diff --git a/tests/test_calc.py b/tests/test_calc.py\n--- a/tests/test_calc.py\n+++ b/tests/test_calc.py\n@@ -1 +1 @@\n-x\n+y\n";

function instance(n: number, more: Record<string, unknown> = {}) {
  return {
    repo: "acme/calc",
    instance_id: `acme__calc-${n}`,
    base_commit: `${n}`.repeat(40).slice(0, 40),
    patch: PATCH,
    test_patch: TEST_PATCH,
    problem_statement: "divide by zero raises the wrong error",
    FAIL_TO_PASS: JSON.stringify([`tests/test_calc.py::TestDivide::test_zero[${n}]`]),
    PASS_TO_PASS: JSON.stringify(["tests/test_calc.py::test_add"]),
    ...more,
  };
}

const jsonl = (records: unknown[]) => records.map((r) => `${JSON.stringify(r)}\n`).join("");

/** Real SWE-bench Lite instances as SWE-bench 5.0 ships them, trimmed (test/fixtures/swe-bench/README.md). */
const REAL_TEXT = readFileSync(join(import.meta.dirname, "../fixtures/swe-bench/instances.jsonl"), "utf8");
const REAL = REAL_TEXT.trim()
  .split("\n")
  .map((line) => JSON.parse(line) as { instance_id: string });

function setup(files: Record<string, string>) {
  const cwd = tempDir("cli-import");
  for (const [name, text] of Object.entries(files)) writeFileSync(join(cwd, name), text);
  const stdout = new Sink();
  const stderr = new Sink();
  return { io: { stdout, stderr, env: {}, cwd } satisfies CliIO, stdout, stderr, cwd };
}

describe("sandbox-gate import swe-bench", () => {
  it("writes one dataset line per instance to stdout, each one the dataset reader takes", async () => {
    const { io, stdout, stderr } = setup({ "instances.jsonl": jsonl([instance(1), instance(2)]) });
    expect(await runCli(["import", "swe-bench", "instances.jsonl"], io)).toBe(0);
    const lines = stdout.text.trimEnd().split("\n");
    expect(lines.map((l) => JSON.parse(l) as unknown)).toEqual(
      [1, 2].map((n) => ({
        id: `acme__calc-${n}`,
        task: `acme__calc-${n}`,
        repo: "acme/calc",
        base_commit: instance(n).base_commit,
        patch: PATCH,
        test_patch: TEST_PATCH,
        // acme/calc is no SWE-bench repository: no command, read from JUnit, so the report's ids.
        fail_to_pass: [`tests.test_calc.TestDivide::test_zero[${n}]`],
        pass_to_pass: ["tests.test_calc::test_add"],
        model: "gold",
      })),
    );
    for (const [i, line] of lines.entries())
      expect(parseDatasetLine(line, "out.jsonl", i + 1)).toMatchObject({
        candidate: { id: `acme__calc-${i + 1}`, kind: "patch", text: PATCH, task: `acme__calc-${i + 1}` },
      });
    expect(stderr.text).toBe(
      [
        "sandbox-gate: imported 2 dataset line(s) from 2 instance(s) (gold patches) to stdout",
        "sandbox-gate: warning: 2 line(s) carry no test command: SWE-bench's specs have none for acme/calc (no version); run them with --command (and --results-format)",
        "",
      ].join("\n"),
    );
  });

  it("takes a JSON array of instances and an all_preds object, and writes --out", async () => {
    const { io, stdout, stderr, cwd } = setup({
      "instances.json": JSON.stringify([instance(1), instance(2), instance(3)], null, 2),
      "all_preds.json": JSON.stringify(
        {
          "acme__calc-1": { model_name_or_path: "m", model_patch: "diff --git a/x b/x\n" },
          "acme__calc-3": { instance_id: "acme__calc-3", model_name_or_path: "m", model_patch: null },
        },
        null,
        2,
      ),
    });
    const args = ["import", "swe-bench", "instances.json", "--predictions", "all_preds.json", "--out=set.jsonl"];
    expect(await runCli(args, io)).toBe(0);
    expect(stdout.text).toBe("");
    const written = readFileSync(join(cwd, "set.jsonl"), "utf8").trimEnd().split("\n");
    expect(
      written
        .map((l) => JSON.parse(l) as { id: string; patch: string; model: string })
        .map((l) => [l.id, l.patch, l.model]),
    ).toEqual([
      ["acme__calc-1", "diff --git a/x b/x\n", "m"],
      ["acme__calc-3", "", "m"],
    ]);
    expect(stderr.text.split("\n")[0]).toBe(
      "sandbox-gate: imported 2 dataset line(s) from 3 instance(s) and their predictions to set.jsonl; 1 instance(s) without a prediction left out, 1 empty model_patch(es), judged patch_failed",
    );
  });

  it("refuses a bad record: exit 2, one line naming file:line and the instance, and no --out file", async () => {
    const { io, stdout, stderr, cwd } = setup({
      "instances.jsonl": jsonl([instance(1), instance(2)]) + "\n" + jsonl([instance(3, { test_patch: "" })]),
    });
    expect(await runCli(["import", "swe-bench", "instances.jsonl", "--out", "set.jsonl"], io)).toBe(2);
    expect(stdout.text).toBe("");
    expect(stderr.text).toBe(
      'sandbox-gate: INSTANCES: instances.jsonl:4 (acme__calc-3): test_patch must be the diff that adds the task\'s tests (a non-empty string), not ""\n',
    );
    expect(readdirSync(cwd).sort()).toEqual(["instances.jsonl"]);
  });

  it("counts and skips the predictions of instances not given, with one warning naming the first", async () => {
    const { io, stderr, cwd } = setup({
      "instances.jsonl": jsonl([instance(1)]),
      "preds.jsonl": jsonl([
        { instance_id: "acme__calc-1", model_name_or_path: "m", model_patch: "d" },
        { instance_id: "acme__calc-9", model_name_or_path: "m", model_patch: "d" },
        { instance_id: "acme__calc-8", model_name_or_path: "m", model_patch: "d" },
      ]),
    });
    const args = ["import", "swe-bench", "--predictions", "preds.jsonl", "--out", "set.jsonl", "-q", "instances.jsonl"];
    expect(await runCli(args, io)).toBe(0);
    expect(stderr.text.split("\n")[0]).toBe(
      "sandbox-gate: warning: 2 prediction(s) of instances not in 'instances.jsonl' skipped (the first: preds.jsonl:2 (acme__calc-9))",
    );
    const written = readFileSync(join(cwd, "set.jsonl"), "utf8").trimEnd().split("\n");
    expect(written.map((l) => (JSON.parse(l) as { id: string }).id)).toEqual(["acme__calc-1"]);
  });

  it.each([
    [{ "instances.jsonl": "" }, ["instances.jsonl"], "INSTANCES: 'instances.jsonl' holds no instances"],
    [{ "instances.jsonl": "{oops\n" }, ["instances.jsonl"], "INSTANCES: instances.jsonl:1: not valid JSON ("],
    [{}, ["missing.jsonl"], "INSTANCES: 'missing.jsonl' is not a readable file"],
    [
      { "instances.jsonl": jsonl([instance(1)]), "p.jsonl": "\n" },
      ["instances.jsonl", "--predictions", "p.jsonl"],
      "--predictions: 'p.jsonl' holds no predictions",
    ],
    [
      { "instances.jsonl": jsonl([instance(1)]) },
      ["instances.jsonl", "--out", "no/such/dir/set.jsonl"],
      "--out: cannot write 'no/such/dir/set.jsonl' (ENOENT)",
    ],
  ])("%j %j: exit 2 and one line", async (files, args, message) => {
    const { io, stderr } = setup(files);
    expect(await runCli(["import", "swe-bench", ...args], io)).toBe(2);
    expect(stderr.text.split("\n")).toHaveLength(2);
    expect(stderr.text.startsWith(`sandbox-gate: ${message}`), stderr.text).toBe(true);
  });

  it("streams JSONL instances: a line's dataset line is out before the next instance is written", async () => {
    // A named pipe the test writes into: were the file read whole first, no line would come out before the
    // pipe is closed, and this test would time out.
    const { io, stdout, stderr, cwd } = setup({});
    const fifo = join(cwd, "instances.jsonl");
    execFileSync("mkfifo", [fifo]);
    const running = runCli(["import", "swe-bench", "--quiet", "instances.jsonl"], io);
    const writer = await open(fifo, "w");
    for (const n of [1, 2, 3]) {
      await writer.write(jsonl([instance(n)]));
      await expect.poll(() => stdout.text.split("\n").length - 1, { timeout: 10_000 }).toBe(n);
    }
    await writer.close();
    expect(await running).toBe(0);
    // --quiet: the warnings only (acme/calc is no repository SWE-bench's specs know).
    expect(stderr.text).toMatch(/^sandbox-gate: warning: 3 line\(s\) carry no test command: [^\n]*\n$/);
  });

  it("streams gzipped JSONL instances too: a line's dataset line is out before the next is written", async () => {
    const { io, stdout, cwd } = setup({});
    const fifo = join(cwd, "instances.jsonl.gz");
    execFileSync("mkfifo", [fifo]);
    const running = runCli(["import", "swe-bench", "--quiet", "instances.jsonl.gz"], io);
    const writer = await open(fifo, "w");
    const gzip = createGzip();
    // One write at a time, in order: a FileHandle's writes must not overlap.
    let written = Promise.resolve();
    gzip.on("data", (chunk: Buffer) => {
      written = written.then(async () => void (await writer.write(chunk)));
    });
    for (const n of [1, 2, 3]) {
      gzip.write(jsonl([instance(n)]));
      // Flushed, not ended: the bytes so far unzip to the lines so far.
      await new Promise<void>((done) => gzip.flush(() => done()));
      await written;
      await expect.poll(() => stdout.text.split("\n").length - 1, { timeout: 10_000 }).toBe(n);
    }
    // Its last bytes are out once the readable side ends, not when the writable side finishes.
    const ended = once(gzip, "end");
    gzip.end();
    await ended;
    await written;
    await writer.close();
    expect(await running).toBe(0);
  });

  it("warns, even with --quiet, when the instances span repositories a run cannot hold in one workdir", async () => {
    const { io, stderr } = setup({
      "instances.jsonl": jsonl([instance(1), instance(2, { repo: "acme/other" })]),
    });
    expect(await runCli(["import", "swe-bench", "--quiet", "instances.jsonl"], io)).toBe(0);
    expect(stderr.text.split("\n").slice(1)).toEqual([
      "sandbox-gate: warning: the instances come from 2 repositories (acme/calc, acme/other); a run judges every line in one workdir, so run each repository's lines in its own clone (import with --repo OWNER/NAME)",
      "",
    ]);
  });

  it("reads .jsonl.gz and .json.gz instances and predictions as their plain forms", async () => {
    const preds = [
      { instance_id: "psf__requests-1963", model_name_or_path: "acme-7b", model_patch: "diff --git a/x b/x\n" },
      { instance_id: "django__django-11099", model_name_or_path: "acme-7b", model_patch: null },
    ];
    const plain = setup({ "i.jsonl": REAL_TEXT, "p.json": JSON.stringify(preds) });
    expect(await runCli(["import", "swe-bench", "i.jsonl", "--predictions", "p.json", "-q"], plain.io)).toBe(0);
    const zipped = setup({});
    writeFileSync(join(zipped.cwd, "i.jsonl.gz"), gzipSync(REAL_TEXT));
    writeFileSync(join(zipped.cwd, "i.json.gz"), gzipSync(JSON.stringify(REAL)));
    writeFileSync(join(zipped.cwd, "p.json.gz"), gzipSync(JSON.stringify(preds)));
    writeFileSync(join(zipped.cwd, "p.jsonl.gz"), gzipSync(jsonl(preds)));
    for (const [instances, predictions] of [
      ["i.jsonl.gz", "p.json.gz"],
      ["i.json.gz", "p.jsonl.gz"],
    ]) {
      zipped.stdout.text = "";
      zipped.stderr.text = "";
      const args = ["import", "swe-bench", instances!, "--predictions", predictions!, "-q"];
      expect(await runCli(args, zipped.io), zipped.stderr.text).toBe(0);
      expect(zipped.stdout.text).toBe(plain.stdout.text);
      // The same warnings (three repositories), nothing more.
      expect(zipped.stderr.text).toBe(plain.stderr.text);
    }
    expect(plain.stdout.text.trimEnd().split("\n")).toHaveLength(2);
  });

  it.each([
    ["INSTANCES", "i.jsonl.gz", ["i.jsonl.gz"], "unexpected end of file"],
    ["--predictions", "p.jsonl.gz", ["i.jsonl", "--predictions", "p.jsonl.gz"], "unexpected end of file"],
  ])("a corrupt gzip is one error naming the file: %s", async (input, name, args, why) => {
    const { io, stdout, stderr, cwd } = setup({ "i.jsonl": REAL_TEXT });
    // Cut short: gzip's header is there, its end is not.
    writeFileSync(join(cwd, name), gzipSync(REAL_TEXT).subarray(0, 200));
    expect(await runCli(["import", "swe-bench", ...args, "--out", "set.jsonl"], io)).toBe(2);
    expect(stderr.text).toBe(`sandbox-gate: ${input}: '${name}' is not a readable gzip file (${why})\n`);
    expect(stdout.text).toBe("");
    expect(existsSync(join(cwd, "set.jsonl"))).toBe(false);
  });

  it("says so when the gzip's data itself is bad", async () => {
    const { io, stderr, cwd } = setup({});
    const bad = Buffer.from(gzipSync(REAL_TEXT));
    bad.fill(0x55, 20, 60);
    writeFileSync(join(cwd, "i.jsonl.gz"), bad);
    expect(await runCli(["import", "swe-bench", "i.jsonl.gz"], io)).toBe(2);
    expect(stderr.text).toMatch(/^sandbox-gate: INSTANCES: 'i\.jsonl\.gz' is not a readable gzip file \([^\n]+\)\n$/);
  });

  it("--repo keeps one repository's instances and the predictions of them, counting the others", async () => {
    const { io, stdout, stderr, cwd } = setup({
      "i.jsonl": REAL_TEXT,
      "preds.jsonl": jsonl(
        REAL.map((r) => ({ instance_id: r.instance_id, model_name_or_path: "acme-7b", model_patch: "diff\n" })).concat([
          { instance_id: "pallets__flask-4045", model_name_or_path: "acme-7b", model_patch: "diff\n" },
        ]),
      ),
    });
    const args = [
      "import",
      "swe-bench",
      "i.jsonl",
      "--predictions",
      "preds.jsonl",
      "--repo",
      "psf/requests",
      "--out",
      "l.jsonl",
    ];
    expect(await runCli(args, io)).toBe(0);
    expect(stdout.text).toBe("");
    const written = readFileSync(join(cwd, "l.jsonl"), "utf8")
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(written.map((l) => [l.id, l.repo, l.command, l.results_format, l.model])).toEqual([
      [
        "psf__requests-1963",
        "psf/requests",
        "export PATH=/opt/miniconda3/envs/testbed/bin:$PATH; pytest -rA test_requests.py",
        "requests",
        "acme-7b",
      ],
      [
        "psf__requests-2317",
        "psf/requests",
        "export PATH=/opt/miniconda3/envs/testbed/bin:$PATH; pytest -rA test_requests.py",
        "requests",
        "acme-7b",
      ],
    ]);
    expect(stderr.text).toBe(
      [
        "sandbox-gate: imported 2 dataset line(s) from 2 instance(s) of psf/requests and their predictions to l.jsonl; 3 instance(s) of other repositories left out (3 prediction(s) of them)",
        "sandbox-gate: warning: 1 prediction(s) of instances not in 'i.jsonl' skipped (the first: preds.jsonl:6 (pallets__flask-4045))",
        "",
      ].join("\n"),
    );
  });

  it("--repo that matches no instance is one error naming the repositories there are", async () => {
    const { io, stderr } = setup({ "i.jsonl": REAL_TEXT });
    expect(await runCli(["import", "swe-bench", "i.jsonl", "--repo", "psf/request"], io)).toBe(2);
    expect(stderr.text).toBe(
      "sandbox-gate: --repo: 'i.jsonl' holds no instance of psf/request (its 5 are of psf/requests, django/django, sympy/sympy)\n",
    );
  });

  it.each([
    [["import"], "no format given: the formats are swe-bench"],
    [["import", "humaneval", "x.jsonl"], "unknown format 'humaneval': the formats are swe-bench"],
    [["import", "swe-bench"], "no INSTANCES given"],
    [["import", "swe-bench", "a.jsonl", "b.jsonl"], "one INSTANCES file, not 2: 'a.jsonl' 'b.jsonl'"],
    [
      ["import", "swe-bench", "--timeout", "5s", "a.jsonl"],
      "unknown flag --timeout: import takes --predictions, --repo",
    ],
    [
      ["import", "swe-bench", "--repo", "requests", "a.jsonl"],
      "--repo takes OWNER/NAME (as SWE-bench's repo: psf/requests), not 'requests'",
    ],
    [["import", "swe-bench", "a.jsonl", "--out"], "--out needs a value"],
  ])("%j is bad usage: exit 2, the reason, import's usage line", async (args, reason) => {
    const { io, stdout, stderr } = setup({});
    expect(await runCli(args, io)).toBe(2);
    expect(stdout.text).toBe("");
    const [first, usage] = stderr.text.split("\n");
    expect(first!.startsWith(`sandbox-gate: ${reason}`), first).toBe(true);
    expect(usage).toBe("usage: sandbox-gate import swe-bench [FLAG]... INSTANCES");
  });

  it("prints its help for import --help and help import", async () => {
    for (const args of [
      ["import", "swe-bench", "--help"],
      ["help", "import"],
      ["import", "-h"],
    ]) {
      const { io, stdout } = setup({});
      expect(await runCli(args, io)).toBe(0);
      expect(stdout.text).toMatch(/^usage: sandbox-gate import swe-bench \[FLAG\]\.\.\. INSTANCES\n/);
      expect(stdout.text).toContain("--predictions FILE");
      expect(stdout.text).toContain("--repo OWNER/NAME");
    }
  });
});

describe("docs/cli.md's worked example", () => {
  const blocks = codeBlocks("docs/cli.md");
  const commands = blocks
    .filter((b) => b.lang === "sh")
    .flatMap((b) => b.code.replace(/\\\n/g, " ").split("\n"))
    .filter((line) => line.startsWith("sandbox-gate import "));
  const shown = blocks
    .find((b) => b.lang === "jsonl")!
    .code.trim()
    .split("\n");

  it("runs on examples/swe-bench/ as the page says, and writes the lines it shows", async () => {
    expect(commands).toHaveLength(2);
    const out = tempDir("cli-import-docs");
    for (const command of commands) {
      // The shell's part (a comment, a redirection) is the page's; the arguments are ours to run.
      const [args = "", redirect] = command.replace(/\s#.*$/, "").split(/\s>\s/);
      expect(args).not.toMatch(/["'$*]/);
      const argv = args.trim().split(/\s+/).slice(1);
      const at = argv.indexOf("--out");
      const target = join(out, at === -1 ? redirect!.trim() : argv[at + 1]!);
      if (at !== -1) argv[at + 1] = target;
      const stdout = new Sink();
      const stderr = new Sink();
      expect(await runCli(argv, { stdout, stderr, env: {}, cwd: ROOT }), stderr.text).toBe(0);
      if (at === -1) writeFileSync(target, stdout.text);
      else
        for (const said of stderr.text.trim().split("\n"))
          expect(readFileSync(join(ROOT, "docs/cli.md"), "utf8").replace(/\s+/g, " ")).toContain(
            said.replace(/^sandbox-gate: /, "").replace(/ to .*?;/, " to model.jsonl;"),
          );
    }
    const model = readFileSync(join(out, "model.jsonl"), "utf8").trim().split("\n");
    expect(model).toHaveLength(3);
    // Every line, the empty patch's too, is one the dataset reader takes as a patch candidate.
    for (const [i, line] of model.entries())
      expect(parseDatasetLine(line, "model.jsonl", i + 1)).toMatchObject({
        candidate: { kind: "patch", task: i < 2 ? "acme__calc-12" : "acme__calc-15" },
      });
    // The page cuts the patches and the commit short: every other field is shown as written.
    const first = JSON.parse(model[0]!) as Record<string, unknown>;
    const page = JSON.parse(shown[0]!) as Record<string, unknown>;
    expect(Object.keys(page)).toEqual(Object.keys(first));
    for (const [key, value] of Object.entries(page))
      if (typeof value === "string" && value.endsWith("…"))
        expect(String(first[key]).startsWith(value.slice(0, -1)), `${key}: ${String(first[key])}`).toBe(true);
      else expect(first[key]).toEqual(value);
    expect(readFileSync(join(out, "gold.jsonl"), "utf8").trim().split("\n")).toHaveLength(2);
  });
});
