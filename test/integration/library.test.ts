// The library on the real engine: one sandbox judging reply after reply (warm pool included), a
// patch on the base tree, per-candidate files, per-test results when asked, judgements at once, and
// close() leaving no container behind.
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openSandbox, type Sandbox } from "../../src/library.js";
import { tempDir } from "../support/temp.js";
import { TEST_IMAGE, docker, ownerOfBlock } from "./support.js";

const TESTS = {
  "test_solution.py": readFileSync(resolve(import.meta.dirname, "../../examples/test_solution.py"), "utf8"),
};
const fenced = (code: string) => `Here you go:\n\n\`\`\`python\n${code}\n\`\`\`\n`;

describe("a sandbox for a write-test-fix loop", () => {
  let sandbox: Sandbox;
  const lines: string[] = [];

  beforeAll(async () => {
    sandbox = await openSandbox({
      workdir: tempDir("lib-loop"),
      language: "python",
      image: TEST_IMAGE,
      pull: "never",
      command: "python3 test_solution.py",
      // Roomy: the verdicts here must not race it on a loaded runner; the slow candidate sets its own.
      timeout: "20s",
      concurrency: 2,
      log: (line) => lines.push(line),
    });
  });
  afterAll(() => sandbox.close());

  it("passes a right answer, stdout and stderr apart", async () => {
    const observation = await sandbox.judge({ reply: fenced("def add(a, b):\n    return a + b"), files: TESTS });
    expect(observation).toMatchObject({ status: "pass", exit_code: 0, stdout: "add: all checks passed\n", stderr: "" });
  });

  it("hands back what the model needs for each way of failing", async () => {
    const [wrong, syntax, slow] = await Promise.all([
      sandbox.judge({ reply: fenced("def add(a, b):\n    return a - b"), files: TESTS, id: "wrong" }),
      sandbox.judge({ reply: fenced("def add(a, b)\n    return a + b"), files: TESTS, id: "syntax" }),
      sandbox.judge({ reply: fenced("def add(a, b):\n    while True: pass"), files: TESTS, id: "slow", timeout: "1s" }),
    ]);
    expect(wrong).toMatchObject({ id: "wrong", status: "test_failed", exit_code: 1 });
    expect(wrong.feedback).toContain("add(2, 3) returned -1, expected 5");
    expect(syntax).toMatchObject({ status: "syntax_error", syntax: { file: "solution.py", line: 1 } });
    expect(slow.status).toBe("timeout");
  });

  it("runs a candidate's own command", async () => {
    const observation = await sandbox.judge({ reply: fenced("print('hi')"), command: "python3 solution.py" });
    expect(observation).toMatchObject({ status: "pass", stdout: "hi\n" });
  });

  it("reads per-test results back when asked", async () => {
    const junit = tempDir("lib-junit");
    const results = await openSandbox({
      workdir: junit,
      language: "python",
      image: TEST_IMAGE,
      pull: "never",
      testResults: "results.xml",
      command:
        'python3 -c "open(\'results.xml\',\'w\').write(\'<testsuite><testcase classname=\\"t\\" name=\\"adds\\"/><testcase classname=\\"t\\" name=\\"subtracts\\"><failure message=\\"off by one\\"/></testcase></testsuite>\')"; exit 1',
    });
    try {
      const observation = await results.judge({ reply: fenced("x = 1") });
      expect(observation.status).toBe("test_failed");
      expect(observation.tests?.counts).toEqual({ passed: 1, failed: 1, error: 0, skipped: 0 });
      expect(observation.tests?.cases.map((c) => [c.name, c.status])).toEqual([
        ["adds", "passed"],
        ["subtracts", "failed"],
      ]);
    } finally {
      await results.close();
    }
  });
});

describe("a patch on the base tree", () => {
  it("applies it in memory and runs the tests over the patched tree", async () => {
    const workdir = tempDir("lib-patch");
    writeFileSync(join(workdir, "calc.py"), "def add(a, b):\n    return a - b\n");
    writeFileSync(join(workdir, "test_calc.py"), "from calc import add\nassert add(2, 3) == 5\nprint('ok')\n");
    const git = (...args: string[]) =>
      execFileSync("git", ["-C", workdir, "-c", "user.name=t", "-c", "user.email=t@t", ...args]);
    git("init", "-q");
    git("add", ".");
    git("commit", "-qm", "base");
    const sandbox = await openSandbox({ workdir, image: TEST_IMAGE, pull: "never", command: "python3 test_calc.py" });
    try {
      const patch =
        "--- a/calc.py\n+++ b/calc.py\n@@ -1,2 +1,2 @@\n def add(a, b):\n-    return a - b\n+    return a + b\n";
      expect(await sandbox.judge({ patch })).toMatchObject({ status: "pass", stdout: "ok\n" });
      expect((await sandbox.judge({ patch: patch.replace("a - b", "a * b") })).status).toBe("patch_failed");
      expect(readFileSync(join(workdir, "calc.py"), "utf8")).toContain("a - b");
    } finally {
      await sandbox.close();
    }
  });
});

describe("close()", () => {
  // That nothing of ours is left is the suite's check (global-setup.ts): other files run beside this one.
  it("waits for judgements in flight", async () => {
    const sandbox = await openSandbox({
      workdir: tempDir("lib-close"),
      language: "python",
      image: TEST_IMAGE,
      pull: "never",
      concurrency: 2,
    });
    const judging = sandbox.judge({
      reply: fenced("import time\ntime.sleep(1)\nprint('done')"),
      command: "python3 solution.py",
    });
    await sandbox.close();
    expect((await judging).status).toBe("pass");
  });

  it("tells our failure from the candidate's: an image that is not there is sandbox_error", async () => {
    const sandbox = await openSandbox({
      workdir: tempDir("lib-missing"),
      image: "sandbox-gate-test/absent:0",
      pull: "never",
    });
    try {
      const observation = await sandbox.judge({ reply: fenced("print(1)"), language: "python" });
      expect(observation.status).toBe("sandbox_error");
      expect(observation.feedback).toMatch(/^The sandbox failed on our side/);
    } finally {
      await sandbox.close();
    }
  });
});

describe("cancelling and disposing", () => {
  // This block's containers carry an owner label of their own, so what it counts is only its own.
  const { owner, containers: ours } = ownerOfBlock("lib-cancel");
  /**
   * The container running `command`, if any. Its driver's arguments carry the command from the start, the
   * warm container's too (started ahead for the next judgement, waiting for files): only a process whose
   * own arguments begin with the command tells the candidate's container from it.
   */
  const running = (command: string) =>
    ours().find((name) =>
      // docker top insists on a PID column: each line is the PID, then the arguments.
      spawnSync("docker", ["top", name, "-o", "pid,args"], { encoding: "utf8" })
        .stdout.split("\n")
        .some((line) => line.replace(/^\s*\d+\s+/, "").startsWith(command)),
    );
  const options = () => ({
    workdir: tempDir("lib-cancel"),
    language: "python" as const,
    image: TEST_IMAGE,
    pull: "never" as const,
    timeout: "60s",
    concurrency: 1,
  });

  afterAll(() => {
    // Whatever a failed test left: ours to remove, since the suite's own label is not on it.
    const left = ours();
    if (left.length > 0) docker("rm", "-f", ...left);
  });

  it(
    "an aborted judgement rejects at once with the signal's reason, its container killed and removed; the sandbox judges on",
    { timeout: 90_000 },
    async () => {
      const sandbox = await openSandbox(options());
      try {
        const command = `python3 solution.py sg-cancel-${owner}`;
        const controller = new AbortController();
        const judging = sandbox.judge({ reply: fenced("while True: pass"), command }, { signal: controller.signal });
        const outcome = judging.then(
          () => "resolved",
          (error: unknown) => error,
        );
        let container: string | undefined;
        await vi.waitFor(() => expect((container = running(command))).toBeDefined(), {
          timeout: 30_000,
          interval: 200,
        });
        const started = performance.now();
        controller.abort();
        expect(await outcome).toBe(controller.signal.reason);
        expect(await outcome).toMatchObject({ name: "AbortError" });
        expect(performance.now() - started).toBeLessThan(1000);
        // Killed and removed well before the 60 s limit would have stopped it.
        // 30 s of room: at load 20 the removal took over 10 s, still half the limit.
        const state = () =>
          spawnSync("docker", ["inspect", "--format", "{{json .State}}", container!], { encoding: "utf8" }).stdout;
        await vi.waitFor(() => expect(ours(), `${container}: ${state()}`).not.toContain(container), {
          timeout: 30_000,
          interval: 200,
        });
        const next = await sandbox.judge({ reply: fenced("print('after')"), command: "python3 solution.py" });
        expect(next).toMatchObject({ status: "pass", stdout: "after\n" });
      } finally {
        await sandbox.close();
      }
      expect(ours()).toEqual([]);
    },
  );

  it("runs nothing for a signal aborted before the call", async () => {
    const sandbox = await openSandbox(options());
    try {
      const reason = new Error("stop");
      await expect(sandbox.judge({ reply: fenced("print(1)") }, { signal: AbortSignal.abort(reason) })).rejects.toBe(
        reason,
      );
    } finally {
      await sandbox.close();
    }
  });

  it("closes the sandbox when an `await using` block ends: its containers are gone", { timeout: 60_000 }, async () => {
    {
      await using sandbox = await openSandbox(options());
      for (const turn of [1, 2]) {
        const observation = await sandbox.judge({
          reply: fenced(`print('turn ${turn} in the block')`),
          command: "python3 solution.py",
        });
        expect(observation.status).toBe("pass");
      }
      // The second judgement repeats the first's config, so the warm pool starts one ahead: something for
      // the block's end to remove.
      expect(ours().length).toBeGreaterThan(0);
    }
    expect(ours()).toEqual([]);
  });
});
