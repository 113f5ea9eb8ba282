// The CLI engine on the real engine: each limit of the lock-down asserted specifically enough that the
// test fails if its flag is removed (the notes say what would be seen instead), the exit facts, our own
// failures told apart, and a CLI that hangs. The contract all engines meet is engines.test.ts.
import { execFileSync, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { afterAll, describe, expect, it } from "vitest";
import { LANGUAGES } from "../../../src/languages/registry.js";
import type { RunFacts } from "../../../src/core/model.js";
import { CliEngine } from "../../../src/sandbox/engines/cli/cli-engine.js";
import { KILL_GRACE_MS } from "../../../src/sandbox/engines/base.js";
import { RUN_LABEL, type SandboxJob } from "../../../src/sandbox/job.js";
import { type Limits, type SandboxFile } from "../../../src/core/model.js";
import { TEST_IMAGE, docker } from "../support.js";
import { tempDir } from "../../support/temp.js";
import { MiB, TEST_LIMITS } from "../jobs.js";

const RUN_ID = `docker-test-${randomBytes(4).toString("hex")}`;

const engine = new CliEngine();

afterAll(async () => {
  expect(await engine.close()).toEqual([]);
});

interface Spec {
  /** Saved as solution.py; the command then runs it. */
  python?: string;
  command?: string;
  check?: string[];
  files?: SandboxFile[];
  limits?: Partial<Limits>;
  image?: string;
  /** The value of the run label; the suite's own by default. */
  runId?: string;
}

interface Run extends RunFacts {
  container: string;
  /** Wall-clock time of the whole run() call. */
  elapsedMs: number;
}

function jobOf(spec: Spec): SandboxJob {
  const files = spec.python === undefined ? [] : [{ path: "solution.py", content: spec.python }];
  return {
    image: spec.image ?? TEST_IMAGE,
    files: [...files, ...(spec.files ?? [])],
    command: spec.command ?? LANGUAGES.python.command,
    ...(spec.check ? { check: spec.check } : {}),
    limits: { ...TEST_LIMITS, ...spec.limits },
    labels: { [RUN_LABEL]: spec.runId ?? RUN_ID },
  };
}

async function run(spec: Spec, on: CliEngine = engine): Promise<Run> {
  let container = "";
  const started = performance.now();
  const facts = await on.run(jobOf(spec), { onContainer: (name) => (container = name) });
  return { ...facts, container, elapsedMs: performance.now() - started };
}

function stdoutLines(facts: RunFacts): string[] {
  return facts.stdout.text.trim().split("\n");
}

describe("a plain run", () => {
  it("runs the code and reports its output", async () => {
    const facts = await run({ python: "print(sum(range(10)))" });
    expect(facts).toMatchObject({
      phase: "run",
      exitCode: 0,
      signal: null,
      timedOut: false,
      oomKilled: false,
      stdout: { text: "45\n", truncated: false, bytes: 3 },
      stderr: { text: "", truncated: false, bytes: 0 },
      checkOutput: "",
    });
    expect(facts.sandboxError).toBeUndefined();
    expect(facts.durationMs).toBeGreaterThan(0);
    expect(facts.durationMs).toBeLessThan(facts.elapsedMs);
  });

  it("unpacks every file, nested ones included, into the work dir", async () => {
    const facts = await run({
      command: "cat data/nested/input.txt && pwd",
      files: [{ path: "data/nested/input.txt", content: "from the tar\n" }],
    });
    expect(facts.stdout.text).toBe("from the tar\n/work\n");
  });

  it("gives input() an immediate EOF instead of a hang", async () => {
    const facts = await run({
      python: "try:\n    input()\nexcept EOFError:\n    print('EOF')",
      limits: { timeoutMs: 15_000 },
    });
    expect(facts).toMatchObject({ exitCode: 0, timedOut: false, stdout: { text: "EOF\n" } });
    expect(facts.durationMs).toBeLessThan(2_000);
  });
});

describe("network", () => {
  // No traffic is needed to prove it: without --network none an eth0 shows here. Sending to a host is
  // proved against a listener of our own in hostile.test.ts, so no outside address is ever a target.
  it("has no interface but loopback", async () => {
    const facts = await run({ python: "import os\nprint(sorted(os.listdir('/sys/class/net')))" });
    expect(facts.stdout.text).toBe("['lo']\n");
  });
});

describe("file system", () => {
  // As nobody, a write to / without --read-only fails too, but with EACCES (13), and /var/tmp is world-writable.
  it.each(["/hacked.txt", "/var/tmp/hacked.txt"])("cannot write %s: the root is read-only", async (path) => {
    const facts = await run({ python: `open(${JSON.stringify(path)}, 'w').write('x')` });
    expect(facts.exitCode).toBe(1);
    expect(facts.stderr.text).toMatch(/OSError: \[Errno 30\] Read-only file system/);
  });

  // Without the tmpfs mounts the first open fails with EROFS (30); without a size, the host disk fills.
  it.each(["/work", "/tmp"])("fills %s only up to its size, then gets ENOSPC or EFBIG", async (dir) => {
    const workdirBytes = 4 * MiB;
    const facts = await run({
      python: [
        "import os",
        "written = 0",
        "try:",
        "    for i in range(64):",
        `        with open(os.path.join(${JSON.stringify(dir)}, f'fill{i}'), 'wb', buffering=0) as f:`,
        "            for _ in range(4):",
        "                written += f.write(b'x' * 262144)",
        "    print('no error after', written)",
        "except OSError as e:",
        "    print('errno', e.errno, 'after', written)",
      ].join("\n"),
      limits: { workdirBytes },
    });
    const [, errno, written] = /^errno (\d+) after (\d+)$/.exec(facts.stdout.text.trim()) ?? [];
    expect([27, 28], facts.stdout.text).toContain(Number(errno));
    expect(Number(written)).toBeGreaterThan(workdirBytes / 2);
    expect(Number(written)).toBeLessThanOrEqual(workdirBytes);
  });

  it("has no docker socket inside", async () => {
    const facts = await run({
      python: "import os\nprint([p for p in ('/var/run/docker.sock', '/run/docker.sock') if os.path.exists(p)])",
    });
    expect(facts.stdout.text).toBe("[]\n");
  });
});

describe("identity and privileges", () => {
  // Without --user, id -u is 0; without --cap-drop ALL the bounding set is docker's default
  // (nobody's CapEff is 0 either way); without no-new-privileges, NoNewPrivs is 0.
  it("runs as nobody with no capabilities and no new privileges", async () => {
    const facts = await run({ command: "id -u; grep -E '^(CapEff|CapBnd|NoNewPrivs):' /proc/self/status" });
    expect(stdoutLines(facts)).toEqual([
      "65534",
      "CapEff:\t0000000000000000",
      "CapBnd:\t0000000000000000",
      "NoNewPrivs:\t1",
    ]);
  });

  it("sees none of the runner's environment", async () => {
    const secret = `s3cr3t-${randomBytes(8).toString("hex")}`;
    process.env.SANDBOX_GATE_TEST_SECRET = secret;
    try {
      // PID 1 (the engine's init) holds the environment exactly as the engine set it up.
      const facts = await run({ command: "cat /proc/1/environ" });
      expect(facts.stdout.text).not.toContain(secret);
      const env = Object.fromEntries(
        facts.stdout.text
          .split("\0")
          .filter(Boolean)
          .map((entry) => [entry.slice(0, entry.indexOf("=")), entry.slice(entry.indexOf("=") + 1)]),
      );
      // Ours (the attempt number included), the image's PATH and the container's HOSTNAME; nothing else.
      expect(Object.keys(env).sort()).toEqual(["HOME", "HOSTNAME", "PATH", "PYTHONNOUSERSITE", "SANDBOX_GATE_ATTEMPT"]);
      // HOME outside the work dir, the user site off: the candidate's tree holds no start-up file.
      expect(env).toMatchObject({
        HOME: "/tmp",
        PYTHONNOUSERSITE: "1",
        SANDBOX_GATE_ATTEMPT: "1",
      });
    } finally {
      delete process.env.SANDBOX_GATE_TEST_SECRET;
    }
  });
});

describe("resource limits", () => {
  it.each(["stdout", "stderr"] as const)("keeps only the first max-output bytes of %s", async (stream) => {
    const facts = await run({
      python: `import sys\nprint('a' * 100_000, file=sys.${stream})`,
      limits: { maxOutputBytes: 1024 },
    });
    expect(facts.exitCode).toBe(0);
    expect(facts[stream]).toEqual({ text: "a".repeat(1024), truncated: true, bytes: 100_001 });
  });

  const spawnSleeps = [
    "import subprocess",
    "procs = []",
    "try:",
    "    for _ in range(100):",
    "        procs.append(subprocess.Popen(['sleep', '30']))",
    "    print('started', len(procs))",
    "except OSError as e:",
    "    print('failed after', len(procs), 'errno', e.errno)",
    "for p in procs:",
    "    p.kill()",
  ].join("\n");

  it("stops the 100th process at a pids limit of 32", async () => {
    const facts = await run({ python: spawnSleeps, limits: { pidsLimit: 32 } });
    const [, started, errno] = /^failed after (\d+) errno (\d+)$/.exec(facts.stdout.text.trim()) ?? [];
    expect(Number(errno), facts.stdout.text).toBe(11);
    expect(Number(started)).toBeLessThan(32);
  });

  it("lets the same 100 processes start under a higher pids limit", async () => {
    const facts = await run({ python: spawnSleeps, limits: { pidsLimit: 200 } });
    expect(facts.stdout.text).toBe("started 100\n");
  });

  it("contains a fork bomb: the run ends at the timeout and the engine is fine", async () => {
    const facts = await run({
      python: "import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass",
      limits: { pidsLimit: 32, timeoutMs: 2_000 },
    });
    expect(facts).toMatchObject({ phase: "run", timedOut: true });
    // Ended by its own clock, not at the backstop (a minute on): the time it had, near its limit. The time the
    // machine made its 32 processes wait for a CPU is not its own, and beside four hogs it is seconds.
    expect(facts.elapsedMs - (facts.waitedMs ?? 0)).toBeLessThan(2_000 + 10_000);
    const after = await run({ python: "print('fine')" });
    expect(after.stdout.text).toBe("fine\n");
  });
});

describe("exit facts", () => {
  it.each([
    ["a real segfault", "import ctypes\nctypes.string_at(0)", 139, "SIGSEGV"],
    ["SIGSEGV sent to itself", "import os, signal\nos.kill(os.getpid(), signal.SIGSEGV)", 139, "SIGSEGV"],
    ["abort()", "import os\nos.abort()", 134, "SIGABRT"],
  ])("names the signal of %s", async (_, python, exitCode, signal) => {
    const facts = await run({ python });
    expect(facts).toMatchObject({ phase: "run", exitCode, signal, timedOut: false, oomKilled: false });
  });

  it("keeps a plain non-zero exit without a signal", async () => {
    const facts = await run({ python: "import sys\nsys.exit(3)" });
    expect(facts).toMatchObject({ exitCode: 3, signal: null });
  });

  it("decodes binary output into text that survives JSON", async () => {
    const facts = await run({ python: "import sys\nsys.stdout.buffer.write(b'\\xff\\xfe\\x00abc')" });
    expect(facts.stdout).toEqual({ text: "\uFFFD\uFFFD\u0000abc", truncated: false, bytes: 6 });
    expect(JSON.parse(JSON.stringify(facts))).toEqual(facts);
  });
});

describe("the parse check", () => {
  const pythonCheck = LANGUAGES.python.check("solution.py");

  it("lets valid code through to the run", async () => {
    const facts = await run({ python: "print('ok')", check: pythonCheck });
    expect(facts).toMatchObject({ phase: "run", exitCode: 0, checkOutput: "", stdout: { text: "ok\n" } });
  });

  it("reports a checker missing from the image as our failure", async () => {
    const facts = await run({ python: "print('ok')", check: ["no-such-checker", "solution.py"] });
    expect(facts).toMatchObject({ phase: "check", exitCode: 127 });
    expect(facts.sandboxError).toMatch(/the parse check no-such-checker cannot run in .*: .*not found/);
  });
});

describe("our own failures", () => {
  it("reports a missing image without pulling it", async () => {
    const facts = await run({ python: "print(1)", image: "sandbox-gate-test/no-such-image:1" });
    expect(facts).toMatchObject({ phase: "setup", exitCode: 125, durationMs: 0 });
    expect(facts.sandboxError).toMatch(
      /^the sandbox did not start: .*No such image: sandbox-gate-test\/no-such-image:1/,
    );
  });

  it("reports a CLI that cannot be spawned", async () => {
    const facts = await run({ python: "print(1)" }, new CliEngine({ binary: "sandbox-gate-no-such-cli" }));
    expect(facts).toMatchObject({ phase: "setup", exitCode: null });
    expect(facts.sandboxError).toMatch(/^cannot run sandbox-gate-no-such-cli: .*ENOENT/);
  });

  // Seen with gVisor: a container wedged in `runsc start` makes `docker kill` (and `rm -f`) hang for good.
  it("ends a timed-out run whose `docker kill` never returns", async () => {
    const dir = tempDir("hung-kill");
    const binary = join(dir, "docker");
    // This process's own hang, told apart from another run's of this test on the same machine.
    const hang = `sleep 3600.${process.pid}`;
    writeFileSync(
      binary,
      `#!/bin/sh\n[ "$1" = kill ] && exec ${hang}\nexec ${execFileSync("sh", ["-c", "command -v docker"], { encoding: "utf8" }).trim()} "$@"\n`,
      { mode: 0o755 },
    );
    const hung = new CliEngine({ binary });
    const facts = await run(
      { python: "while True:\n    pass", limits: { timeoutMs: 1_000 }, runId: `${RUN_ID}-hung` },
      hung,
    );
    expect(facts).toMatchObject({ phase: "run", timedOut: true });
    // The kill's grace, then the CLI is killed; the container goes with the run's removal. Less the time the
    // machine made the loop wait for a CPU, which is not its own (a busy machine stretches it by seconds).
    expect(facts.elapsedMs - (facts.waitedMs ?? 0)).toBeLessThan(1_000 + KILL_GRACE_MS + 10_000);
    expect(await hung.close()).toEqual([]);
    expect(docker("ps", "-a", "--filter", `label=${RUN_LABEL}=${RUN_ID}-hung`, "--format", "{{.Names}}").trim()).toBe(
      "",
    );
    expect(spawnSync("pgrep", ["-f", hang]).stdout.toString().trim()).toBe("");
  });

  it("reports an engine that does not answer, reached through the runner's DOCKER_HOST", async () => {
    const previous = process.env.DOCKER_HOST;
    process.env.DOCKER_HOST = "unix:///nonexistent/sandbox-gate-test.sock";
    try {
      const offline = new CliEngine();
      const facts = await run({ python: "print(1)" }, offline);
      expect(facts.phase).toBe("setup");
      expect(facts.sandboxError).toMatch(
        /^the sandbox did not start: .*Cannot connect to the Docker daemon at unix:\/\/\/nonexistent/,
      );
      // The removal cannot reach the engine either, and close() says so.
      expect(await offline.close()).toEqual([expect.stringMatching(`^${facts.container}: .*Cannot connect`)]);
    } finally {
      if (previous === undefined) delete process.env.DOCKER_HOST;
      else process.env.DOCKER_HOST = previous;
    }
  });

  it("reports files that do not fit the work dir as a set-up failure", async () => {
    const facts = await run({
      python: "print(1)",
      files: [{ path: "big.bin", content: new Uint8Array(MiB) }],
      limits: { workdirBytes: 256 * 1024 },
    });
    expect(facts.phase).toBe("setup");
    expect(facts.sandboxError).toMatch(/sandbox-gate: could not unpack the files into \/work/);
  });

  it("refuses a path outside the work dir before starting anything", async () => {
    const facts = await run({ files: [{ path: "../escape.py", content: "" }] });
    expect(facts.sandboxError).toMatch(/sandbox file path "\.\.\/escape\.py" has a '\.\.' segment/);
  });
});

describe("images and leftovers", () => {
  it("tells a present image from a missing one", async () => {
    expect(await engine.hasImage(TEST_IMAGE)).toBe(true);
    expect(await engine.hasImage("sandbox-gate-test/no-such-image:1")).toBe(false);
  });

  it("throws the engine's message when a pull fails", async () => {
    await expect(engine.pull("127.0.0.1:9/sandbox-gate/missing:1")).rejects.toThrow(
      /^pull of 127\.0\.0\.1:9\/sandbox-gate\/missing:1 failed: .*connection refused/,
    );
  });

  it("labels its containers and removes a running one by label", async () => {
    const runId = `${RUN_ID}-live`;
    const label = `${RUN_LABEL}=${runId}`;
    const running = run({ command: "sleep 30", runId });
    const listed = () => docker("ps", "-a", "--filter", `label=${label}`, "--format", "{{.Names}}").trim();
    await expect.poll(listed, { timeout: 10_000 }).toMatch(/^sandbox-gate-[0-9a-f]{16}$/);
    const container = listed();
    expect(await engine.removeLabelled(label)).toEqual([container]);
    const facts = await running;
    expect(facts.container).toBe(container);
    expect(facts.timedOut).toBe(false);
    expect(facts.exitCode).not.toBe(0);
    expect(listed()).toBe("");
  });
});
