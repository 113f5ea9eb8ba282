import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { Candidate, RunFacts } from "../../src/core/model.js";
import { judgeCandidate, type RunContext } from "../../src/run/pipeline.js";
import { LANGUAGES } from "../../src/languages/registry.js";
import { GitObjects } from "../../src/prepare/git-objects.js";
import { buildReport } from "../../src/report/json.js";
import { RESULT_SCHEMA } from "../../src/core/schemas/report.js";
import type { JudgingEngine } from "../../src/sandbox/engine.js";
import type { SandboxJob } from "../../src/sandbox/job.js";
import { readSettings, type InputName } from "../../src/settings/settings.js";
import { captured, runFacts } from "../support/facts.js";
import { type CaseSpec, junitXml, results } from "../support/junit.js";
import { expectValidReport } from "../support/report-schema.js";
import { tempDir } from "../support/temp.js";
import { RunImages } from "../../src/run/run-images.js";
import { BaselineRuns } from "../../src/verdict/baseline-runs.js";
import { RUN_TREE, type RunImage, type RunImageSpec } from "../../src/sandbox/run-image.js";
import { STREAM_BUDGET_BYTES } from "../../src/run/commits.js";

const out = captured;
const facts = runFacts;

/** An engine that records each job and answers with the facts it was given. */
class ScriptedEngine implements JudgingEngine {
  jobs: SandboxJob[] = [];
  constructor(private readonly answer: (job: SandboxJob) => RunFacts | Promise<RunFacts> = () => facts()) {}
  async run(job: SandboxJob): Promise<RunFacts> {
    this.jobs.push(job);
    return this.answer(job);
  }
  async hasImage(): Promise<boolean> {
    return true;
  }
  async pull(): Promise<void> {}
}

function context(
  engine: JudgingEngine,
  inputs: Partial<Record<InputName, string>> = {},
  imageProblem?: string,
): RunContext {
  return {
    settings: readSettings((name) => inputs[name] ?? "", { defaultWorkdir: "/repo", cpuCount: 2 }),
    engine,
    testFiles: [{ path: "test_solution.py", content: "from solution import add\nassert add(1, 2) == 3\n" }],
    runId: "run-1",
    prepareImage: async () => imageProblem,
    baselineRuns: new BaselineRuns(),
  };
}

const reply = (text: string, over: Partial<Candidate> = {}): Candidate => ({
  id: "c1",
  source: "c1.md",
  kind: "reply",
  text,
  ...over,
});
const PASSING = "Here it is:\n\n```python\ndef add(a, b):\n    return a + b\n```\n";

describe("judgeCandidate", () => {
  it("sends the code, the tests, the parse check and the limits to the engine", async () => {
    const engine = new ScriptedEngine(() => facts({ stdout: out("ok\n") }));
    const result = await judgeCandidate(
      reply(PASSING),
      context(engine, { command: "python3 test_solution.py", timeout: "3s", memory: "128m" }),
    );
    expect(result).toMatchObject({
      id: "c1",
      status: "pass",
      language: "python",
      exit_code: 0,
      stdout: "ok\n",
      feedback: "",
      duration_ms: 42,
    });
    const job = engine.jobs[0]!;
    expect(job.files.map((f) => f.path)).toEqual(["test_solution.py", "solution.py"]);
    expect(job.files[1]!.content).toBe("def add(a, b):\n    return a + b\n");
    expect(job.check?.slice(0, 6)).toEqual(["python3", "-I", "-S", "-W", "ignore", "-c"]);
    expect(job.check?.at(-1)).toBe("solution.py");
    // An engine that keeps a checker warm may ask it instead: the checker and the checked file's source.
    expect(job.warmCheck).toEqual({ server: LANGUAGES.python.checkServer, sources: [job.files[1]!.content] });
    expect(job.command).toBe("python3 test_solution.py");
    expect(job.image).toBe("python:3.12-slim");
    expect(job.limits).toMatchObject({ timeoutMs: 3000, memoryBytes: 128 * 1024 ** 2, pidsLimit: 64, cpus: 1 });
    expect(job.labels).toEqual({ "io.github.sandbox-gate.run": "run-1" });
  });

  it("asks no warm checker where one interpreter checks and runs the file (the preset's `python3 FILE`)", async () => {
    const engine = new ScriptedEngine(() => facts({ stdout: out("ok\n") }));
    await judgeCandidate(reply(PASSING), context(engine, { command: "python3 solution.py" }));
    expect(engine.jobs[0]).toMatchObject({ checkRuns: true });
    expect(engine.jobs[0]!.warmCheck).toBeUndefined();
  });

  it("is no_code for prose, without touching the engine", async () => {
    const engine = new ScriptedEngine();
    const result = await judgeCandidate(reply("I think you should add the numbers together."), context(engine));
    expect(result.status).toBe("no_code");
    expect(result.feedback).toMatch(/No runnable code/);
    expect(engine.jobs).toHaveLength(0);
  });

  it("turns a failed parse check into syntax_error with the parser's position", async () => {
    const checkVerdict = '{"message": "expected \':\'", "file": "solution.py", "line": 1, "column": 15}';
    const engine = new ScriptedEngine(() => facts({ phase: "check", exitCode: 1, checkVerdict, durationMs: 0 }));
    const result = await judgeCandidate(reply("```python\ndef add(a, b)\n    return a + b\n```"), context(engine));
    expect(result.status).toBe("syntax_error");
    expect(result.syntax).toEqual({ message: "expected ':'", file: "solution.py", line: 1, column: 15 });
    expect(result.feedback).toContain("solution.py:1:15");
  });

  it("builds its result in the report's order, with the comment's url and author, as the report schema has it", async () => {
    const checkVerdict = '{"message": "invalid syntax", "file": "solution.py", "line": 2}';
    const engine = new ScriptedEngine(() => facts({ phase: "check", exitCode: 1, checkVerdict }));
    const url = "https://github.com/acme/app/pull/7#issuecomment-1";
    const result = await judgeCandidate(reply(PASSING, { url, source: url, author: "coder[bot]" }), context(engine));
    expect(result).toMatchObject({
      url,
      author: "coder[bot]",
      syntax: { message: "invalid syntax", file: "solution.py", line: 2 },
    });
    expect(Object.keys(result)).toEqual(Object.keys(RESULT_SCHEMA.properties).filter((key) => key in result));
    expectValidReport(buildReport([result], []));
  });

  describe("a reply with several blocks: the longest that parses runs, as in EvalPlus", () => {
    const blocks = [
      "def add(a, b)\n    return a + b  # the longest, broken",
      "def add(a, b):\n    return a + b",
      "add(1, 2)",
      "add(2, 3)",
      "x",
    ];
    const several = blocks.map((code) => "```python\n" + code + "\n```").join("\n\nor:\n\n");
    const broken = (code: string) => code.startsWith("def add(a, b)\n") || code.startsWith("add");
    const checked = (job: SandboxJob) => String(job.files.at(-1)!.content);
    const parseOrRun = (job: SandboxJob) =>
      broken(checked(job))
        ? facts({
            phase: "check",
            exitCode: 1,
            checkVerdict: '{"message": "invalid syntax", "file": "solution.py", "line": 1, "column": 14}',
          })
        : facts({ stdout: out("ran\n") });

    it("runs the next block, longest first, only after the longer one failed its parse check", async () => {
      const engine = new ScriptedEngine(parseOrRun);
      const result = await judgeCandidate(reply(several), context(engine));
      expect(result).toMatchObject({ status: "pass", stdout: "ran\n" });
      expect(engine.jobs.map(checked)).toEqual([`${blocks[0]}\n`, `${blocks[1]}\n`]);
    });

    it("runs only the longest when it parses, whatever the run's outcome", async () => {
      const engine = new ScriptedEngine(() => facts({ exitCode: 1, stderr: out("AssertionError\n") }));
      const result = await judgeCandidate(
        reply(several.replace("def add(a, b)\n", "def add(a, b):\n")),
        context(engine),
      );
      expect(result.status).toBe("test_failed");
      expect(engine.jobs).toHaveLength(1);
    });

    it("reports the longest block's error when none parses, after at most three containers", async () => {
      const engine: ScriptedEngine = new ScriptedEngine(() =>
        facts({
          phase: "check",
          exitCode: 1,
          checkVerdict: `{"message": "broken ${engine.jobs.length}", "file": "solution.py", "line": 1, "column": 1}`,
        }),
      );
      const result = await judgeCandidate(reply(several.replace("def add(a, b):", "def add(a, b)")), context(engine));
      expect(result.status).toBe("syntax_error");
      expect(result.syntax?.message).toBe("broken 1");
      expect(engine.jobs).toHaveLength(3);
    });
  });

  it("reports the crash signal of a failing test, but not our own kill on timeout", async () => {
    const crashed = await judgeCandidate(
      reply(PASSING),
      context(new ScriptedEngine(() => facts({ exitCode: 139, signal: "SIGSEGV" }))),
    );
    expect(crashed).toMatchObject({ status: "test_failed", signal: "SIGSEGV" });
    const slow = await judgeCandidate(
      reply(PASSING),
      context(new ScriptedEngine(() => facts({ exitCode: 137, signal: "SIGKILL", timedOut: true }))),
    );
    expect(slow).toMatchObject({ status: "timeout", signal: null });
  });

  it("never runs a candidate whose image is not ready, and says why", async () => {
    const engine = new ScriptedEngine();
    const result = await judgeCandidate(reply(PASSING), context(engine, {}, "image x is missing and pull is 'never'"));
    expect(result.status).toBe("sandbox_error");
    expect(result.feedback).toContain("image x is missing");
    expect(engine.jobs).toHaveLength(0);
  });

  it("turns an engine that throws into sandbox_error, never test_failed", async () => {
    const engine = new ScriptedEngine(() => {
      throw new Error("socket hang up");
    });
    const result = await judgeCandidate(reply(PASSING), context(engine));
    expect(result.status).toBe("sandbox_error");
    expect(result.feedback).toContain("socket hang up");
  });

  it("takes the language from the fence tag when auto, with that language's preset", async () => {
    const engine = new ScriptedEngine();
    await judgeCandidate(reply("```js\nconsole.log(1 + 1)\n```"), context(engine));
    expect(engine.jobs[0]).toMatchObject({ image: "node:22-slim", command: "node solution.js" });
    expect(engine.jobs[0]!.check).toEqual(["node", "--check", "solution.js"]);
  });

  it("applies a dataset line's overrides and extra files", async () => {
    const engine = new ScriptedEngine();
    const candidate = reply("def mul(a, b):\n    return a * b\n", {
      files: { "t/test_mul.py": "from mul import mul\n" },
      overrides: { command: "python3 t/test_mul.py", target: "mul.py", timeoutMs: 1500, language: "python" },
    });
    await judgeCandidate(candidate, context(engine, { image: "my/image@sha256:abc" }));
    const job = engine.jobs[0]!;
    expect(job.files.map((f) => f.path)).toEqual(["test_solution.py", "t/test_mul.py", "mul.py"]);
    expect(job).toMatchObject({ command: "python3 t/test_mul.py", image: "my/image@sha256:abc" });
    expect(job.limits.timeoutMs).toBe(1500);
  });
});

describe("judgeCandidate on a patch", () => {
  // A latin1 file and the patch a model wrote against an older version of it (its first context line differs).
  const BASE = Buffer.from("Gr\xfc\xdfe\nStra\xdfe 1\nEnde\n", "latin1");
  const patch = (context: string): Buffer =>
    Buffer.from(
      `--- a/de.txt\n+++ b/de.txt\n@@ -1,3 +1,3 @@\n ${context}\n-Stra\xdfe 1\n+Stra\xdfe 2\n Ende\n`,
      "latin1",
    );
  const candidate = (bytes: Buffer): Candidate => ({
    id: "p1",
    source: "p1.patch",
    kind: "patch",
    text: bytes.toString(),
    bytes,
  });

  function workdir(): string {
    const root = tempDir("pipeline-patch");
    writeFileSync(join(root, "de.txt"), BASE);
    return root;
  }

  it("applies the patch file's bytes, so a latin1 file reaches the sandbox as git would write it", async () => {
    const engine = new ScriptedEngine();
    const result = await judgeCandidate(candidate(patch("Gr\xfc\xdfe")), context(engine, { workdir: workdir() }));
    expect(result).toMatchObject({ status: "pass", changed_files: ["de.txt"], patch_strategy: "exact" });
    const written = engine.jobs[0]!.files.find((f) => f.path === "de.txt")!;
    expect(Buffer.from(written.content)).toEqual(Buffer.from("Gr\xfc\xdfe\nStra\xdfe 2\nEnde\n", "latin1"));
  });

  it("places a hunk by fuzz only with patch-fuzz: true, and says so", async () => {
    const stale = candidate(patch("Hallo"));
    const refused = await judgeCandidate(stale, context(new ScriptedEngine(), { workdir: workdir() }));
    expect(refused).toMatchObject({
      status: "patch_failed",
      feedback: expect.stringContaining("de.txt hunk 1 (@@ -1,3 +1,3 @@): context does not match"),
    });
    const fuzzed = await judgeCandidate(
      stale,
      context(new ScriptedEngine(), { workdir: workdir(), "patch-fuzz": "true" }),
    );
    expect(fuzzed).toMatchObject({ status: "pass", patch_strategy: "fuzz" });
  });
});

describe("a patch on the whole checkout", () => {
  it("starts from the run image of the tree and sends only what the patch changes and deletes", async () => {
    const workdir = tempDir("pipeline-tree");
    mkdirSync(join(workdir, "pkg"));
    writeFileSync(join(workdir, "pkg", "a.py"), "x = 1\n");
    writeFileSync(join(workdir, "pkg", "b.py"), "y = 2\n");
    writeFileSync(join(workdir, "README.md"), "readme\n");
    const engine = new ScriptedEngine(() => facts());
    const settings = readSettings((name) => ({ workdir })[name as "workdir"] ?? "", {
      defaultWorkdir: workdir,
      cpuCount: 2,
    });
    const built: string[][] = [];
    const runImages = new RunImages(
      settings,
      {
        build: async (spec) => (built.push(spec.files.map((f) => f.path)), { ok: true, image: "run-image" }),
        remove: async () => undefined,
      },
      {},
      () => {},
    );
    const patch =
      "--- a/pkg/a.py\n+++ b/pkg/a.py\n@@ -1 +1 @@\n-x = 1\n+x = 3\n--- a/pkg/b.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-y = 2\n";
    const result = await judgeCandidate(
      { id: "p", source: "p.patch", kind: "patch", text: patch },
      {
        settings,
        engine,
        testFiles: [],
        runId: "r",
        prepareImage: async () => undefined,
        runImages,
        baselineRuns: new BaselineRuns(),
      },
    );
    expect(result.status, result.feedback).toBe("pass");
    expect(built).toEqual([["README.md", "pkg/a.py", "pkg/b.py"]]);
    const [job] = engine.jobs;
    expect(job).toMatchObject({
      image: "run-image",
      tree: RUN_TREE,
      deleted: ["pkg/b.py"],
      files: [{ path: "pkg/a.py" }],
    });
    expect(job!.files).toHaveLength(1);
    expect(Buffer.from(job!.files[0]!.content).toString("utf8")).toBe("x = 3\n");
    // A repository's own suite: the patch process limit.
    expect(job!.limits.pidsLimit).toBe(256);
  });
});

describe("a commit's tree: shared by a run image, or streamed to each of its few candidates", () => {
  /** A git repository of one commit (pkg/a.py, pkg/b.py, README.md), a run over it, and the run images it makes. */
  async function commitRun(inputs: Partial<Record<InputName, string>> = {}) {
    const workdir = tempDir("pipeline-commit-delivery");
    mkdirSync(join(workdir, "pkg"));
    writeFileSync(join(workdir, "pkg", "a.py"), "x = 1\n");
    writeFileSync(join(workdir, "pkg", "b.py"), "y = 2\n");
    writeFileSync(join(workdir, "README.md"), "readme\n");
    const git = (...args: string[]) =>
      execFileSync("git", ["-C", workdir, "-c", "user.name=t", "-c", "user.email=t@t", ...args], { encoding: "utf8" });
    git("init", "-q");
    git("add", ".");
    git("commit", "-qm", "one");
    const sha = git("rev-parse", "HEAD").trim();
    const engine = new ScriptedEngine(() => facts());
    const settings = readSettings((name) => ({ workdir, image: "python:3.12", ...inputs })[name] ?? "", {
      defaultWorkdir: workdir,
      cpuCount: 2,
    });
    const built: string[][] = [];
    const runImages = new RunImages(
      settings,
      {
        build: async (spec) => (built.push(spec.files.map((f) => f.path)), { ok: true, image: "run-image" }),
        remove: async () => undefined,
      },
      {},
      () => {},
    );
    const objects = new GitObjects(workdir);
    await runImages.resolveCommits([{ name: sha.slice(0, 10), source: "d.jsonl:1" }], objects);
    objects.close();
    const candidate: Candidate = {
      id: "p",
      source: "d.jsonl:1",
      kind: "patch",
      text: "--- a/pkg/a.py\n+++ b/pkg/a.py\n@@ -1 +1 @@\n-x = 1\n+x = 3\n--- a/pkg/b.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-y = 2\n",
      instance: { baseCommit: sha.slice(0, 10) },
    };
    const judge = (commitCandidates?: (commit: string) => number) =>
      judgeCandidate(candidate, {
        settings,
        engine,
        testFiles: [],
        runId: "r",
        prepareImage: async () => undefined,
        runImages,
        baselineRuns: new BaselineRuns(),
        ...(commitCandidates && { commitCandidates }),
      });
    return { sha, engine, built, judge };
  }
  const text = (content: string | Uint8Array) => Buffer.from(content).toString("utf8");

  it("streams the commit's whole tree, patched, into the plain image when the commit has one candidate or a few: no run image", async () => {
    for (const count of [1, 2, 5]) {
      const { sha, engine, built, judge } = await commitRun();
      const asked: string[] = [];
      const result = await judge((commit) => (asked.push(commit), count));
      expect(result.status, result.feedback).toBe("pass");
      expect(asked).toEqual([sha]);
      expect(built).toEqual([]);
      const [job] = engine.jobs;
      expect(job!.image).toBe("python:3.12");
      expect(job!.tree).toBeUndefined();
      expect(job!.deleted).toBeUndefined();
      // What the patch deletes is not in the tree; what it writes is, over the commit's version.
      expect(Object.fromEntries(job!.files.map((f) => [f.path, text(f.content)]))).toEqual({
        "README.md": "readme\n",
        "pkg/a.py": "x = 3\n",
      });
    }
  });

  it("makes the run image as ever for a tree streamed past the budget, a setup, compare: base, or an unknown count", async () => {
    // The patched tree holds 13 bytes: this many candidates would stream it more than the budget over again.
    const many = Math.ceil(STREAM_BUDGET_BYTES / 13) + 2;
    for (const [inputs, count] of [
      [{}, many],
      [{ setup: "true" }, 1],
      [{ compare: "base" }, 1],
      [{}, undefined],
    ] as const) {
      const { engine, built, judge } = await commitRun(inputs);
      await judge(count === undefined ? undefined : () => count);
      expect(built, JSON.stringify(inputs)).toEqual([["README.md", "pkg/a.py", "pkg/b.py"]]);
      expect(engine.jobs[0], JSON.stringify(inputs)).toMatchObject({
        image: "run-image",
        tree: RUN_TREE,
        deleted: ["pkg/b.py"],
        files: [{ path: "pkg/a.py" }],
      });
    }
  });

  it("makes the run image for a line with an image_workdir, whose tree is the image's own", async () => {
    const { engine, judge } = await commitRun({ image: "swebench/sweb.eval.x86_64.django_1776_django-11099:latest" });
    await judge(() => 1);
    expect(engine.jobs[0]).toMatchObject({ image: "run-image", tree: RUN_TREE, workdir: "/testbed" });
  });
});

describe("a line's own image and image_workdir", () => {
  it("runs in the line's image, from the image's own directory with only the patch's changes, in a work dir there", async () => {
    const workdir = tempDir("pipeline-image-workdir");
    mkdirSync(join(workdir, "pkg"));
    writeFileSync(join(workdir, "pkg", "a.py"), "x = 1\n");
    writeFileSync(join(workdir, "README.md"), "readme\n");
    const engine = new ScriptedEngine(() => facts());
    const settings = readSettings((name) => ({ workdir, image: "python:3.12" })[name as "workdir"] ?? "", {
      defaultWorkdir: workdir,
      cpuCount: 2,
    });
    const built: Array<{ image: string; files: string[]; workdir?: string }> = [];
    const runImages = new RunImages(
      settings,
      {
        build: async (spec) => (
          built.push({
            image: spec.image,
            files: spec.files.map((f) => f.path),
            ...(spec.workdir && { workdir: spec.workdir }),
          }),
          { ok: true, image: `run-image-${built.length}` }
        ),
        remove: async () => undefined,
      },
      {},
      () => {},
    );
    const asked: string[] = [];
    const ctx = {
      settings,
      engine,
      testFiles: [],
      runId: "r",
      prepareImage: async (image: string) => (asked.push(image), undefined),
      runImages,
      baselineRuns: new BaselineRuns(),
    };
    const patch = "--- a/pkg/a.py\n+++ b/pkg/a.py\n@@ -1 +1 @@\n-x = 1\n+x = 3\n";
    const line = (image?: string, imageWorkdir?: string): Candidate => ({
      id: "p",
      source: "d.jsonl:1",
      kind: "patch",
      text: patch,
      overrides: { ...(image && { image }), ...(imageWorkdir && { imageWorkdir }) },
    });
    expect((await judgeCandidate(line("swe/one:1", "/testbed"), ctx)).status).toBe("pass");
    expect((await judgeCandidate(line(), ctx)).status).toBe("pass");
    // The line's image wins over the image input, for that line only.
    expect(asked).toEqual(["swe/one:1", "python:3.12"]);
    // Its run image is the image's /testbed, not the checkout's files; the other line's is the checkout's.
    expect(built).toEqual([
      { image: "swe/one:1", files: [], workdir: "/testbed" },
      { image: "python:3.12", files: ["README.md", "pkg/a.py"] },
    ]);
    expect(engine.jobs[0]).toMatchObject({ image: "run-image-1", tree: RUN_TREE, workdir: "/testbed" });
    expect(engine.jobs[0]!.files.map((f) => f.path)).toEqual(["pkg/a.py"]);
    expect(engine.jobs[1]).toMatchObject({ image: "run-image-2", tree: RUN_TREE });
    expect(engine.jobs[1]!.workdir).toBeUndefined();
  });

  it("runs an image named as SWE-bench's per-instance images in /testbed; a line's image_workdir wins", async () => {
    const workdir = tempDir("pipeline-swebench-name");
    writeFileSync(join(workdir, "a.py"), "x = 1\n");
    const engine = new ScriptedEngine(() => facts());
    const settings = readSettings((name) => ({ workdir })[name as "workdir"] ?? "", {
      defaultWorkdir: workdir,
      cpuCount: 2,
    });
    const built: Array<string | undefined> = [];
    const runImages = new RunImages(
      settings,
      {
        build: async (spec) => (built.push(spec.workdir), { ok: true, image: "run-image" }),
        remove: async () => undefined,
      },
      {},
      () => {},
    );
    const ctx = {
      settings,
      engine,
      testFiles: [],
      runId: "r",
      prepareImage: async () => undefined,
      runImages,
      baselineRuns: new BaselineRuns(),
    };
    const text = "--- a/a.py\n+++ b/a.py\n@@ -1 +1 @@\n-x = 1\n+x = 2\n";
    const swe = "swebench/sweb.eval.x86_64.django_1776_django-11099:latest";
    await judgeCandidate({ id: "a", source: "d:1", kind: "patch", text, overrides: { image: swe } }, ctx);
    await judgeCandidate(
      { id: "b", source: "d:2", kind: "patch", text, overrides: { image: swe, imageWorkdir: "/repo" } },
      ctx,
    );
    expect(engine.jobs.map((job) => job.workdir)).toEqual(["/testbed", "/repo"]);
    expect(built).toEqual(["/testbed", "/repo"]);
  });

  it("is our failure, naming the image, when the line's image cannot be made ready", async () => {
    const engine = new ScriptedEngine(() => facts());
    const result = await judgeCandidate(
      reply(PASSING, { overrides: { image: "swe/gone:1" } }),
      context(engine, {}, "pull of swe/gone:1 failed: manifest unknown (4 attempts)"),
    );
    expect(result).toMatchObject({ status: "sandbox_error" });
    expect(result.feedback).toContain("pull of swe/gone:1 failed: manifest unknown");
    expect(engine.jobs).toHaveLength(0);
  });
});

describe("per-test results, compare: base, reruns and retries", () => {
  const REPORT = "report.xml";
  const xml = (cases: CaseSpec[]) => ({ [REPORT]: junitXml(cases) });

  it("reads the results the globs name back, and lists the failing tests first in the feedback", async () => {
    const engine = new ScriptedEngine(() =>
      facts({
        exitCode: 1,
        stdout: out("1 failed, 1 passed\n"),
        results: results(
          xml([
            ["test_ok", "passed"],
            ["test_sum", "failed", "assert 3 == 4"],
          ]),
        ),
      }),
    );
    const result = await judgeCandidate(
      reply(PASSING),
      context(engine, { "test-results": "report.xml, out/**/*.xml" }),
    );
    expect(engine.jobs[0]!.results).toEqual(["report.xml", "out/*.xml"]);
    expect(result.status).toBe("test_failed");
    expect(result.tests?.counts).toEqual({ passed: 1, failed: 1, error: 0, skipped: 0 });
    expect(result.feedback).toBe(
      [
        "The tests failed (the test command exited with code 1): 1 of 2 tests failed.",
        "Failing tests:\n1. tests.test_app::test_sum\n   assert 3 == 4",
        "Output:\n1 failed, 1 passed",
        "Fix the code.",
      ].join("\n\n"),
    );
    expectValidReport(buildReport([result], []));
  });

  it("fails a command that exits 0 without writing results: no test ran", async () => {
    const engine = new ScriptedEngine(() => facts({ results: results({}) }));
    const result = await judgeCandidate(reply(PASSING), context(engine, { "test-results": REPORT }));
    expect(result.status).toBe("test_failed");
    expect(result.feedback).toMatch(
      /^The tests did not pass: no test ran: the command wrote no file matching report\.xml \(the test command exited with code 0\)/,
    );
  });

  it("asks for no results and reads none without test-results", async () => {
    const engine = new ScriptedEngine(() => facts({ results: results(xml([["t", "failed"]])) }));
    const result = await judgeCandidate(reply(PASSING), context(engine));
    expect(engine.jobs[0]!.results).toBeUndefined();
    expect(result.status).toBe("pass");
    expect(result.tests).toBeUndefined();
  });

  describe("compare: base", () => {
    const root = () => {
      const dir = tempDir("pipeline-compare");
      writeFileSync(join(dir, "app.py"), "x = 1\n");
      return dir;
    };
    const patch = (to: string): Candidate => ({
      id: `p-${to}`,
      source: "p.patch",
      kind: "patch",
      text: `--- a/app.py\n+++ b/app.py\n@@ -1 +1 @@\n-x = 1\n+x = ${to}\n`,
    });
    // The base fails `fixed` and `legacy`; patch 2 fixes `fixed`, patch 3 fixes it and breaks `kept`.
    const engine = () =>
      new ScriptedEngine((job) => {
        const app = job.files.find((f) => f.path === "app.py");
        const version = app ? Buffer.from(app.content).toString().trim() : "x = 1";
        const cases: CaseSpec[] = [
          ["fixed", version === "x = 1" ? "failed" : "passed"],
          ["kept", version === "x = 3" ? "failed" : "passed"],
          ["legacy", "failed"],
        ];
        return facts({ exitCode: 1, results: results(xml(cases)) });
      });

    it("runs the base once for the run, and blames a patch only for what it broke", async () => {
      const scripted = engine();
      const ctx = context(scripted, { workdir: root(), "test-results": REPORT, compare: "base" });
      const fixes = await judgeCandidate(patch("2"), ctx);
      const breaks = await judgeCandidate(patch("3"), ctx);
      expect(fixes.status).toBe("pass");
      expect(fixes.compare).toMatchObject({
        fail_to_pass: ["tests.test_app::fixed"],
        fail_to_fail: ["tests.test_app::legacy"],
        pass_to_fail: [],
      });
      expect(breaks.status).toBe("test_failed");
      expect(breaks.compare?.pass_to_fail).toEqual(["tests.test_app::kept"]);
      expect(breaks.feedback).toContain("Failing tests:\n1. tests.test_app::kept");
      expect(breaks.feedback).toContain(
        "Already failing on the base, not counted against the code: tests.test_app::legacy",
      );
      // Two candidates, one base run: the unpatched file went once.
      const baseJobs = scripted.jobs.filter(
        (job) => Buffer.from(job.files.find((f) => f.path === "app.py")!.content).toString() === "x = 1\n",
      );
      expect(baseJobs).toHaveLength(1);
      expect(scripted.jobs).toHaveLength(3);
      const [base] = await ctx.baselineRuns.all();
      expect(base).toMatchObject({ status: "test_failed", exitCode: 1, tests: { counts: { passed: 1, failed: 2 } } });
    });

    it("runs a line's base in the line's own image: one base run per image", async () => {
      const scripted = engine();
      const ctx = context(scripted, { workdir: root(), "test-results": REPORT, compare: "base" });
      const inImage = (to: string, image: string): Candidate => ({ ...patch(to), overrides: { image } });
      await judgeCandidate(inImage("2", "env/one:1"), ctx);
      await judgeCandidate(inImage("3", "env/two:1"), ctx);
      await judgeCandidate(inImage("2", "env/one:1"), ctx);
      const base = (job: SandboxJob) =>
        Buffer.from(job.files.find((f) => f.path === "app.py")!.content).toString() === "x = 1\n";
      // Each image's base ran once, in that image; every candidate ran in its line's.
      expect(scripted.jobs.filter(base).map((job) => job.image)).toEqual(["env/one:1", "env/two:1"]);
      expect(scripted.jobs.filter((job) => !base(job)).map((job) => job.image)).toEqual([
        "env/one:1",
        "env/two:1",
        "env/one:1",
      ]);
      expect(await ctx.baselineRuns.all()).toHaveLength(2);
    });

    it("without compare, both patches fail: the exit code and the failing tests decide", async () => {
      const ctx = context(engine(), { workdir: root(), "test-results": REPORT });
      expect((await judgeCandidate(patch("2"), ctx)).status).toBe("test_failed");
      expect((await judgeCandidate(patch("3"), ctx)).status).toBe("test_failed");
    });

    it("voids the comparison when the base run timed out: the verdict stays the candidate's own", async () => {
      const scripted = new ScriptedEngine((job) =>
        job.files.some((f) => Buffer.from(f.content).toString() === "x = 1\n")
          ? facts({ timedOut: true, exitCode: null })
          : facts({ exitCode: 1, results: results(xml([["legacy", "failed"]])) }),
      );
      const result = await judgeCandidate(
        patch("2"),
        context(scripted, { workdir: root(), "test-results": REPORT, compare: "base" }),
      );
      expect(result.status).toBe("test_failed");
      expect(result.compare).toBeUndefined();
      expect(result.notes).toEqual([
        expect.stringMatching(/comparison with the base is void: the base run itself ended timeout/),
      ]);
    });
  });

  it("reruns a failing candidate in a fresh container, attempt numbered, and marks a flaky pass", async () => {
    const engine = new ScriptedEngine((job) =>
      job.attempt === 1
        ? facts({
            exitCode: 1,
            durationMs: 10,
            results: results(
              xml([
                ["t", "failed"],
                ["u", "passed"],
              ]),
            ),
          })
        : facts({
            durationMs: 20,
            results: results(
              xml([
                ["t", "passed"],
                ["u", "passed"],
              ]),
            ),
          }),
    );
    const result = await judgeCandidate(reply(PASSING), context(engine, { "test-results": REPORT, reruns: "2" }));
    expect(engine.jobs.map((job) => job.attempt)).toEqual([1, 2]);
    expect(result).toMatchObject({
      status: "pass",
      flaky: true,
      attempts: [
        { status: "test_failed", duration_ms: 10 },
        { status: "pass", duration_ms: 20 },
      ],
    });
    expect(result.tests?.cases.map((c) => [c.name, c.flaky])).toEqual([
      ["t", true],
      ["u", undefined],
    ]);
    const strict = await judgeCandidate(
      reply(PASSING),
      context(new ScriptedEngine((job) => (job.attempt === 1 ? facts({ exitCode: 1 }) : facts())), {
        reruns: "1",
        "fail-on": "test_failed,flaky",
      }),
    );
    expect(strict).toMatchObject({ status: "test_failed", flaky: true });
    expect(strict.feedback).toMatch(/flaky: the attempts disagreed \(test_failed, pass\), and fail-on names flaky/);
  });

  it("stops rerunning once reruns are used up, and is not flaky when every attempt agreed", async () => {
    const engine = new ScriptedEngine(() => facts({ exitCode: 1 }));
    const result = await judgeCandidate(reply(PASSING), context(engine, { reruns: "2" }));
    expect(engine.jobs).toHaveLength(3);
    expect(result).toMatchObject({ status: "test_failed", flaky: false });
    expect(result.attempts).toHaveLength(3);
  });

  it("a line with test lists: our failure is not resolved either way; the listed tests are kept by how they went", async () => {
    const instance = { failToPass: ["tests.test_app::fixed"], passToPass: ["tests.test_app::kept"] };
    const listing = reply(PASSING, { instance });
    const down = new ScriptedEngine(() => facts({ sandboxError: "engine down" }));
    const ours = await judgeCandidate(listing, context(down, { "test-results": "r.xml" }));
    expect(ours.status).toBe("sandbox_error");
    // Counted in no resolved rate (the report's schema says so), yet a SWE-bench line: none of its tests passed.
    expect(ours.resolved).toBeUndefined();
    expect(ours.listed).toEqual({
      fail_to_pass: { passed: [], not_passed: instance.failToPass },
      pass_to_pass: { passed: [], not_passed: instance.passToPass },
    });
    const cases: CaseSpec[] = [
      ["fixed", "passed"],
      ["kept", "passed"],
    ];
    const up = new ScriptedEngine(() => facts({ results: results({ "r.xml": junitXml(cases) }) }));
    const judged = await judgeCandidate(listing, context(up, { "test-results": "r.xml" }));
    expect(judged).toMatchObject({ resolved: "full", status: "pass" });
    expect(judged.listed?.fail_to_pass).toEqual({ passed: instance.failToPass, not_passed: [] });
  });

  it("retries a failure of ours once in a fresh container, and never the candidate's own failure", async () => {
    let calls = 0;
    const hiccup = new ScriptedEngine(() =>
      calls++ === 0 ? facts({ sandboxError: "container did not start" }) : facts(),
    );
    const retried = await judgeCandidate(reply(PASSING), context(hiccup));
    expect(retried).toMatchObject({ status: "pass", retried: true });
    expect(retried.notes).toEqual([
      "retried once in a fresh container after a failure of ours: container did not start",
    ]);
    const down = new ScriptedEngine(() => facts({ sandboxError: "engine down" }));
    expect(await judgeCandidate(reply(PASSING), context(down))).toMatchObject({
      status: "sandbox_error",
      retried: true,
    });
    expect(down.jobs).toHaveLength(2);
    const failing = new ScriptedEngine(() => facts({ exitCode: 1 }));
    const own = await judgeCandidate(reply(PASSING), context(failing));
    expect(own.retried).toBeUndefined();
    expect(failing.jobs).toHaveLength(1);
  });
});

describe("a log format: the command's own output read as SWE-bench's harness reads it", () => {
  const ID = "tests/test_app.py::test_sum";
  const log = (...lines: string[]) => ({ bytes: Buffer.from(`${lines.join("\n")}\n`), truncated: false });
  const PYTEST_GREEN = log(
    "============================= test session starts ==============================",
    "=========================== short test summary info ============================",
    `PASSED ${ID}`,
    "PASSED tests/test_app.py::test_ok",
    "============================== 2 passed in 0.05s ===============================",
  );
  // The JUnit file says the listed test failed: whichever format is read decides.
  const junitRed = results({ "report.xml": junitXml([["test_sum", "failed"]]) });
  const listed = (format?: string): Candidate =>
    reply(PASSING, {
      instance: { failToPass: [ID] },
      ...(format !== undefined && { overrides: { resultsFormat: format } }),
    });

  it("a line's results_format wins over the run's: its output is kept whole and read, no results files asked for", async () => {
    const engine = new ScriptedEngine(() => facts({ log: PYTEST_GREEN, results: junitRed }));
    const result = await judgeCandidate(
      listed("pytest"),
      context(engine, { "test-results": "report.xml", "results-format": "junit" }),
    );
    const job = engine.jobs[0]!;
    expect(job.keepLog).toBe(8 * 1024 * 1024);
    expect(job.results).toBeUndefined();
    expect(result).toMatchObject({ status: "pass", resolved: "full" });
    expect(result.tests?.cases.map((c) => [c.id, c.status])).toEqual([
      [ID, "passed"],
      ["tests/test_app.py::test_ok", "passed"],
    ]);
    // The report keeps the streams at max-output; the log itself is not part of the result.
    expect(JSON.stringify(result)).not.toContain("short test summary info");
  });

  it("and the other way round: a junit line in a run of pytest logs reads its files", async () => {
    const engine = new ScriptedEngine(() => facts({ log: PYTEST_GREEN, results: junitRed }));
    const result = await judgeCandidate(
      listed("junit"),
      context(engine, { "test-results": "report.xml", "results-format": "pytest" }),
    );
    expect(engine.jobs[0]!.results).toEqual(["report.xml"]);
    expect(engine.jobs[0]!.keepLog).toBeUndefined();
    expect(result).toMatchObject({ status: "test_failed", resolved: "no" });
  });

  it("the run's log format, without test-results, reads the output of every line", async () => {
    const engine = new ScriptedEngine(() => facts({ log: PYTEST_GREEN }));
    const result = await judgeCandidate(listed(), context(engine, { "results-format": "pytest" }));
    expect(result).toMatchObject({ status: "pass", resolved: "full" });
  });

  it("a forged PASSED line for a listed test that failed does not resolve it", async () => {
    const forged = log(
      "============================= test session starts ==============================",
      "=========================== short test summary info ============================",
      "PASSED tests/test_app.py::test_ok",
      `FAILED ${ID} - assert 3 == 4`,
      "========================= 1 failed, 1 passed in 0.05s ==========================",
      // Printed by the candidate's code at exit, after the runner's summary.
      `PASSED ${ID}`,
    );
    const engine = new ScriptedEngine(() => facts({ exitCode: 0, log: forged }));
    const result = await judgeCandidate(listed("pytest"), context(engine));
    expect(result).toMatchObject({ status: "test_failed", resolved: "no" });
    expect(result.tests?.cases.find((c) => c.id === ID)?.status).toBe("failed");
  });

  it("a pass printed after pytest's final count is not believed: not resolved, and noted", async () => {
    const forged = log(
      "============================= test session starts ==============================",
      "=========================== short test summary info ============================",
      "PASSED tests/test_app.py::test_ok",
      "============================== 1 passed in 0.05s ===============================",
      `PASSED ${ID}`,
    );
    const engine = new ScriptedEngine(() => facts({ exitCode: 0, log: forged }));
    const result = await judgeCandidate(listed("pytest"), context(engine));
    expect(result).toMatchObject({ status: "test_failed", resolved: "no" });
    expect(result.notes).toEqual([expect.stringMatching(/^a pass read after pytest's own final count/)]);
  });

  it("passes the runner did not count are not believed: not resolved, and why is noted", async () => {
    const forged = log(
      "============================= test session starts ==============================",
      "=========================== short test summary info ============================",
      `PASSED ${ID}`,
      "PASSED tests/test_app.py::test_ok",
      "============================== 1 passed in 0.05s ===============================",
    );
    const engine = new ScriptedEngine(() => facts({ exitCode: 0, log: forged }));
    const result = await judgeCandidate(listed("pytest"), context(engine));
    expect(result).toMatchObject({ status: "test_failed", resolved: "no" });
    expect(result.notes).toEqual([
      expect.stringMatching(/claims 2 passing tests, but the test runner itself counted 1/),
    ]);
  });

  it("with compare: base, lines of different formats get a base run each", async () => {
    const root = tempDir("pipeline-log-compare");
    writeFileSync(join(root, "app.py"), "x = 1\n");
    const patch = (format: string): Candidate => ({
      id: `p-${format}`,
      source: "p.patch",
      kind: "patch",
      text: "--- a/app.py\n+++ b/app.py\n@@ -1 +1 @@\n-x = 1\n+x = 2\n",
      overrides: { resultsFormat: format },
    });
    const engine = new ScriptedEngine(() => facts({ log: PYTEST_GREEN, results: junitRed }));
    const ctx = context(engine, { workdir: root, "test-results": "report.xml", compare: "base" });
    await judgeCandidate(patch("pytest"), ctx);
    await judgeCandidate(patch("junit"), ctx);
    const bases = await ctx.baselineRuns.all();
    expect(bases).toHaveLength(2);
    expect(bases.map((b) => b.tests?.cases[0]?.id)).toEqual([ID, "tests.test_app::test_sum"]);
  });
});

describe("a patch that changes what the setup reads", () => {
  /** A checkout with a manifest and code; run images made by `make`, each spec kept. */
  function setupRun(make: (spec: RunImageSpec) => RunImage, extra: Partial<Record<InputName, string>> = {}) {
    const workdir = tempDir("pipeline-setup-inputs");
    writeFileSync(join(workdir, "requirements.txt"), "pytest\n");
    writeFileSync(join(workdir, "app.py"), "x = 1\n");
    const engine = new ScriptedEngine(() => facts());
    const inputs: Partial<Record<InputName, string>> = { workdir, setup: "pip install -r requirements.txt", ...extra };
    const settings = readSettings((name) => inputs[name] ?? "", { defaultWorkdir: workdir, cpuCount: 2 });
    const built: RunImageSpec[] = [];
    const log: string[] = [];
    const maker = {
      build: async (spec: RunImageSpec) => (built.push(spec), make(spec)),
      remove: async () => undefined,
    };
    const runImages = new RunImages(settings, maker, {}, (line) => log.push(line));
    const ctx = { settings, engine, testFiles: [], runId: "r", prepareImage: async () => undefined, runImages };
    const judge = (id: string, text: string) =>
      judgeCandidate({ id, source: `${id}.patch`, kind: "patch", text }, { ...ctx, baselineRuns: new BaselineRuns() });
    return { engine, built, log, runImages, judge, ctx };
  }
  const adds = (dep: string, x = 2) =>
    `--- a/requirements.txt\n+++ b/requirements.txt\n@@ -1 +1,2 @@\n pytest\n+${dep}\n` +
    `--- a/app.py\n+++ b/app.py\n@@ -1 +1 @@\n-x = 1\n+x = ${x}\n`;
  const text = (spec: RunImageSpec, path: string) =>
    Buffer.from(spec.files.find((f) => f.path === path)?.content ?? "").toString("utf8");
  const made = (spec: RunImageSpec): RunImage => ({ ok: true, image: `run-${text(spec, "requirements.txt").length}` });

  it("sets up the base with the candidate's manifests alone, once for equal manifests", async () => {
    const run = setupRun(made);
    const results = await Promise.all([run.judge("a", adds("left")), run.judge("b", adds("left", 3))]);
    expect(results.map((r) => r.status)).toEqual(["pass", "pass"]);
    expect(run.built).toHaveLength(1);
    // The candidate's requirements.txt, the base's app.py: no candidate's code reaches an image another shares.
    expect(text(run.built[0]!, "requirements.txt")).toBe("pytest\nleft\n");
    expect(text(run.built[0]!, "app.py")).toBe("x = 1\n");
    expect(run.runImages.setups).toBe(1);
    // Each still gets its own change on top.
    expect(run.engine.jobs.map((job) => [job.image, job.files.map((f) => f.path).sort()])).toEqual([
      ["run-12", ["app.py", "requirements.txt"]],
      ["run-12", ["app.py", "requirements.txt"]],
    ]);
    expect(run.log).toContainEqual(expect.stringMatching(/for the candidates that change requirements.txt took/));
    // A patch that leaves the manifests alone starts from the base's set-up.
    const code = "--- a/app.py\n+++ b/app.py\n@@ -1 +1 @@\n-x = 1\n+x = 4\n";
    expect((await run.judge("c", code)).status).toBe("pass");
    expect(run.built.map((spec) => text(spec, "requirements.txt"))).toEqual(["pytest\nleft\n", "pytest\n"]);
  });

  it("runs the baseline of `compare: base` on the base's set-up, not the candidate's", async () => {
    const run = setupRun(made, { compare: "base" });
    expect((await run.judge("a", adds("left"))).status).toBe("pass");
    // The candidate on its own image (requirements.txt of 12 bytes), the baseline on the base's (7 bytes).
    expect(run.engine.jobs.map((job) => job.image)).toEqual(["run-12", "run-7"]);
    expect(run.engine.jobs[1]!.files).toEqual([]);
  });

  it("sets up a reply's own files the same way: a dataset line's requirements.txt, not its code", async () => {
    const run = setupRun(made);
    const result = await judgeCandidate(reply(PASSING, { files: { "requirements.txt": "left\n" } }), {
      ...run.ctx,
      baselineRuns: new BaselineRuns(),
    });
    expect(result.status, result.feedback).toBe("pass");
    expect(run.built.map((spec) => spec.files.map((f) => f.path))).toEqual([["requirements.txt"]]);
    expect(run.engine.jobs[0]!.files.map((f) => f.path).sort()).toEqual(["requirements.txt", "solution.py"]);
  });

  it("is the candidate's test_failed, with the setup's output, when its own set-up fails and the base's does not", async () => {
    const run = setupRun((spec) =>
      text(spec, "requirements.txt").includes("nosuch")
        ? {
            ok: false,
            reason: "the setup exited with code 1",
            output: "No matching distribution for nosuch\n",
            bySetup: true,
          }
        : made(spec),
    );
    const result = await run.judge("a", adds("nosuch"));
    expect(result).toMatchObject({ status: "test_failed", exit_code: null });
    expect(result.stdout).toBe("No matching distribution for nosuch\n");
    expect(result.feedback).toMatch(
      /^The dependencies could not be installed: the setup failed on this change to what it reads \(requirements.txt\): the setup exited with code 1/,
    );
    expect(result.feedback).toContain("No matching distribution for nosuch");
    expect(run.engine.jobs).toHaveLength(0);
  });

  it("is ours when the base's set-up fails too, or when the engine, not the setup, failed", async () => {
    const broken = setupRun(() => ({
      ok: false,
      reason: "the setup exited with code 2",
      output: "base broken\n",
      bySetup: true,
    }));
    const both = await broken.judge("a", adds("left"));
    expect(both.status).toBe("sandbox_error");
    expect(both.feedback).toContain("base broken");
    const engine = setupRun((spec) =>
      text(spec, "requirements.txt").includes("left")
        ? { ok: false, reason: "the run image could not be committed: no space left on device" }
        : made(spec),
    );
    const ours = await engine.judge("a", adds("left"));
    expect(ours.status).toBe("sandbox_error");
    expect(ours.feedback).toContain("no space left on device");
  });
});
