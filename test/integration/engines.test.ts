// The contract every engine meets on the real engine, one suite over all of them: the docker CLI, the
// podman CLI (its dialect), the fresh pool over the Engine API, `isolation: run`'s shared containers, and
// `isolation: namespace`'s bwrap sandboxes (their lock-down read from the running sandbox on the host).
// First what the engine stores for each one's containers, against the one lock-down policy; then the
// wiring every engine repeats (streams, parse check, clocks, OOM verdicts, cleanup). What only one engine
// does is in engines/<engine>.test.ts.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { classify } from "../../src/verdict/classify.js";
import { EngineApi, endpointFromEnv } from "../../src/sandbox/engines/api/engine-api.js";
import { type ContainerEngine } from "../../src/sandbox/engine.js";
import { RUN_LABEL, type SandboxJob } from "../../src/sandbox/job.js";
import { type Limits, type RunFacts } from "../../src/core/model.js";
import { CliEngine } from "../../src/sandbox/engines/cli/cli-engine.js";
import { FreshPoolEngine } from "../../src/sandbox/engines/api/fresh-pool.js";
import { KEEPER_USER, SharedEngine } from "../../src/sandbox/engines/api/shared.js";
import { NAMESPACE_ROOT, NamespaceEngine } from "../../src/sandbox/engines/namespace/namespace.js";
import { type Dialect, type LockDown, lockDown, ulimitsFor } from "../../src/sandbox/policy.js";
import { untar } from "../../src/core/tar/unpack.js";
import { VERDICT_ENV } from "../../src/core/verdict-channel.js";
import { HOLD_AT_MEMORY_LIMIT, ensurePodmanImage } from "./support.js";
import { MiB, checkAndRunJob, pythonJob } from "./jobs.js";
import { liveSandbox } from "./engines/namespace-live.js";

// Planted in the runner's environment: no engine may pass it on.
const RUNNER_SECRET = `SANDBOX_GATE_CONTRACT_SECRET=${randomBytes(8).toString("hex")}`;

interface Contestant {
  name: string;
  make: () => ContainerEngine;
  /** The CLI that inspects its containers. */
  binary: "docker" | "podman";
  dialect: Dialect;
  /** Runtimes to compare the stored lock-down under ("" is the engine's default). */
  runtimes: string[];
  /** The user of the container's own process: a keeper, not the candidate, in a shared container. */
  mainUser?: string;
  prepare?: () => void;
  /** What the engine holds a sandbox to, when the engine's CLI does not hold it (bwrap's sandboxes). */
  storedOf?: (name: string) => Stored;
  /** Its sandboxes of a run still there, beyond the engine's labelled containers. */
  leftovers?: (runId: string) => string;
}

const api = (): EngineApi => new EngineApi(endpointFromEnv()!);

const CONTESTANTS: Contestant[] = [
  { name: "the docker CLI", make: () => new CliEngine(), binary: "docker", dialect: "docker", runtimes: ["", "runsc"] },
  {
    name: "the podman CLI",
    make: () => new CliEngine({ binary: "podman" }),
    binary: "podman",
    dialect: "podman",
    runtimes: [""],
    prepare: ensurePodmanImage,
  },
  {
    name: "the fresh pool",
    make: () => new FreshPoolEngine(api(), new CliEngine(), { warm: 2 }),
    binary: "docker",
    dialect: "docker",
    runtimes: ["", "runsc"],
  },
  {
    name: "shared containers (isolation: run)",
    make: () => new SharedEngine(api(), new CliEngine()),
    binary: "docker",
    dialect: "docker",
    runtimes: ["", "runsc"],
    mainUser: KEEPER_USER,
  },
  {
    name: "bwrap sandboxes (isolation: namespace)",
    make: () => new NamespaceEngine(new CliEngine()),
    binary: "docker",
    dialect: "docker",
    runtimes: [""],
    // Read from the running sandbox itself: the kernel's view of the candidate and its cgroup.
    storedOf: (name) => liveSandbox(name, "python3"),
    leftovers: (runId) => removable(`${RUN_LABEL}=${runId}`),
  },
];

/** The sandboxes of the engine's root whose records carry `label`, without removing them. */
function removable(label: string): string {
  const dir = `${NAMESPACE_ROOT}/sandboxes`;
  if (!existsSync(dir)) return "";
  const [key, value] = label.split("=") as [string, string];
  return readdirSync(dir)
    .filter((file) => {
      const record = JSON.parse(readFileSync(`${dir}/${file}`, "utf8")) as { labels?: Record<string, string> };
      return record.labels?.[key] === value;
    })
    .map((file) => file.replace(/\.json$/, ""))
    .join("\n");
}

interface Stored {
  user: string;
  env: string[];
  init: boolean;
  network: string;
  memory: number;
  memorySwap: number;
  nanoCpus: number;
  pids: number;
  ulimits: string[];
  readOnlyRoot: boolean;
  /** Mount point → its options. */
  tmpfs: Record<string, string[]>;
  shm: number;
  /** Capabilities left: none. */
  capsLeft: string[];
  noNewPrivileges: boolean;
  logDriver: string;
  runtime?: string;
  labels: Record<string, string>;
}

interface Inspected {
  Config: { User: string; Env: string[]; Labels: Record<string, string> };
  HostConfig: Record<string, unknown> & {
    Ulimits: Array<{ Name: string; Soft: number; Hard: number }>;
    Tmpfs: Record<string, string>;
    SecurityOpt: string[];
  };
  EffectiveCaps?: string[] | null;
}

/** What an engine stored for a container, in the policy's terms (docker's and podman's inspect alike). */
function stored(info: Inspected, binary: Contestant["binary"]): Stored {
  const host = info.HostConfig;
  return {
    user: info.Config.User,
    env: info.Config.Env,
    init: host.Init as boolean,
    network: host.NetworkMode as string,
    memory: host.Memory as number,
    memorySwap: host.MemorySwap as number,
    nanoCpus: host.NanoCpus as number,
    pids: host.PidsLimit as number,
    ulimits: host.Ulimits.map((u) => `${u.Name.replace(/^RLIMIT_/, "").toLowerCase()}=${u.Soft}:${u.Hard}`).sort(),
    readOnlyRoot: host.ReadonlyRootfs as boolean,
    tmpfs: Object.fromEntries(Object.entries(host.Tmpfs).map(([path, options]) => [path, options.split(",")])),
    shm: host.ShmSize as number,
    // docker keeps what was dropped; podman what is left.
    capsLeft:
      binary === "podman" ? (info.EffectiveCaps ?? []) : (host.CapDrop as string[]).includes("ALL") ? [] : ["(some)"],
    noNewPrivileges: host.SecurityOpt.includes("no-new-privileges"),
    logDriver: (host.LogConfig as { Type: string }).Type,
    ...(host.Runtime !== undefined && { runtime: host.Runtime as string }),
    labels: info.Config.Labels,
  };
}

/** What the policy says the engine must store. */
function expected(policy: LockDown, dialect: Dialect, mainUser: string | undefined) {
  return {
    user: mainUser ?? policy.user,
    env: expect.arrayContaining(policy.env),
    init: policy.init,
    network: policy.network,
    memory: policy.memoryBytes,
    memorySwap: policy.memoryBytes,
    nanoCpus: Math.round(policy.cpus * 1e9),
    pids: policy.cgroupPids,
    ulimits: ulimitsFor(policy, dialect)
      .map((u) => `${u.name}=${u.soft}:${u.hard}`)
      .sort(),
    readOnlyRoot: policy.readOnlyRoot,
    // podman adds its own propagation options to each mount.
    tmpfs: Object.fromEntries(
      policy.tmpfs.map((mount) => [
        mount.path,
        expect.arrayContaining([`size=${mount.bytes}`, `mode=${mount.mode}`, "nosuid", "nodev"]),
      ]),
    ),
    shm: policy.shmBytes,
    capsLeft: [],
    noNewPrivileges: policy.noNewPrivileges,
    logDriver: policy.logDriver,
    // The engine's own default (runc, podman's oci) when the policy names none.
    runtime: policy.runtime ?? expect.any(String),
    labels: expect.objectContaining(policy.labels),
  };
}

function inspect(binary: Contestant["binary"], name: string): Inspected {
  return (
    JSON.parse(
      execFileSync(binary, ["inspect", name], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }),
    ) as Inspected[]
  )[0]!;
}

const job = (python: string, runId: string, limits: Partial<Limits> = {}): SandboxJob =>
  pythonJob(python, runId, { limits });

function labelledContainers(binary: Contestant["binary"], runId: string): string {
  return execFileSync(binary, ["ps", "-a", "--filter", `label=${RUN_LABEL}=${runId}`, "--format", "{{.Names}}"], {
    encoding: "utf8",
  }).trim();
}

beforeAll(() => {
  process.env.SANDBOX_GATE_CONTRACT_SECRET = RUNNER_SECRET.split("=")[1];
});

afterAll(() => {
  delete process.env.SANDBOX_GATE_CONTRACT_SECRET;
});

describe.each(CONTESTANTS)("$name", ({ make, binary, dialect, runtimes, mainUser, prepare, storedOf, leftovers }) => {
  const runId = `contract-${randomBytes(4).toString("hex")}`;
  const engine = make();
  const labelled = (binary: Contestant["binary"], runId: string): string =>
    [labelledContainers(binary, runId), leftovers?.(runId) ?? ""].filter(Boolean).join("\n");

  beforeAll(() => prepare?.(), 120_000);

  afterAll(async () => {
    expect(await engine.close()).toEqual([]);
    expect(labelled(binary, runId)).toBe("");
  });

  it.each(runtimes.map((runtime) => [runtime || "default"]))(
    "stores the lock-down policy for its containers (runtime %s)",
    async (runtime) => {
      const sample = job("import time\ntime.sleep(1.5)", runId, {
        cpus: 1.5,
        pidsLimit: 48,
        runtime: runtime === "default" ? "" : runtime,
      });
      let name = "";
      const running = engine.run(sample, { onContainer: (container) => (name = container) });
      const seen = await vi.waitFor(() => storedOf?.(name) ?? stored(inspect(binary, name), binary), {
        timeout: 20_000,
        interval: 50,
      });
      const facts = await running;
      expect(facts.exitCode, facts.stderr.text).toBe(0);
      expect(seen).toEqual(expected(lockDown(sample), dialect, mainUser));
      expect(seen.env).not.toContain(RUNNER_SECRET);
    },
  );

  it("keeps stdout and stderr apart, capped, with the exit code", async () => {
    const facts = await engine.run(
      job("import sys\nprint('out')\nprint('e' * 5000, file=sys.stderr)\nsys.exit(3)", runId, { maxOutputBytes: 1000 }),
    );
    expect(facts).toMatchObject({
      phase: "run",
      exitCode: 3,
      signal: null,
      timedOut: false,
      oomKilled: false,
      stdout: { text: "out\n", truncated: false },
    });
    expect(facts.stderr).toEqual({ text: "e".repeat(1000), truncated: true, bytes: 5001 });
    expect(facts.sandboxError).toBeUndefined();
  });

  // A suite that starts Python again (sympy's bin/test re-runs itself with a fresh hash seed, pytest-xdist's
  // workers, a CLI test) imports the project from the cache its first import wrote: without it each process
  // compiles the project anew (sympy: 0.65 s more of a 2.8 s instance, measured).
  it("lets Python cache the bytecode of the work dir's modules", async () => {
    const facts = await engine.run(
      job("import os\nopen('mod.py', 'w').write('X = 1\\n')\nimport mod\nprint(os.path.exists(mod.__cached__))", runId),
    );
    expect(facts).toMatchObject({ phase: "run", exitCode: 0, stdout: { text: "True\n" } });
  });

  it("brings back the files the results name once the command ended, apart from its stderr, attempt numbered", async () => {
    const writer = [
      "import os, sys",
      "os.makedirs('out/deep', exist_ok=True)",
      "open('out/deep/r.xml', 'w').write('attempt %s' % os.environ['SANDBOX_GATE_ATTEMPT'])",
      "open('out/other.txt', 'w').write('not asked for')",
      "print('err', file=sys.stderr)",
      "sys.exit(3)",
    ].join("\n");
    const facts = await engine.run({ ...job(writer, runId), results: ["out/*.xml"], attempt: 2 });
    expect(facts).toMatchObject({ phase: "run", exitCode: 3, stderr: { text: "err\n" } });
    const { files, notes } = untar(facts.results!.bytes);
    expect(notes).toEqual([]);
    expect(files.map((f) => [f.path, f.data.toString()])).toEqual([["out/deep/r.xml", "attempt 2"]]);
    // Without results asked for, nothing comes back, and the first attempt is 1.
    const plain = await engine.run(job("import os\nprint(os.environ['SANDBOX_GATE_ATTEMPT'])", runId));
    expect(plain.stdout.text).toBe("1\n");
    expect(plain.results).toBeUndefined();
  });

  it("keeps the command's whole output as one log for a log parser, its lines whole, the streams still capped, nothing of ours in it", async () => {
    // 20 000 lines on stdout (about 500 KB, far past max-output), 2 000 on stderr, written as they come.
    const writer = [
      "import sys",
      "for i in range(20000):",
      "    print('out %05d ' % i + 'x' * 16)",
      "    if i % 10 == 0:",
      "        print('err %05d' % i, file=sys.stderr)",
      "sys.exit(1)",
    ].join("\n");
    const expectWholeLog = (facts: RunFacts) => {
      expect(facts).toMatchObject({
        phase: "run",
        exitCode: 1,
        stdout: { truncated: true },
        stderr: { truncated: false, bytes: 20_000 },
      });
      expect(facts.stdout.text.length).toBe(64 * 1024);
      const log = Buffer.from(facts.log!.bytes).toString("utf8");
      expect(facts.log!.truncated).toBe(false);
      const lines = log.split("\n").filter(Boolean);
      const want = (prefix: string, n: number, step: number, tail = "") =>
        Array.from({ length: n }, (_, i) => `${prefix} ${String(i * step).padStart(5, "0")}${tail}`);
      expect(lines.filter((l) => l.startsWith("out "))).toEqual(want("out", 20000, 1, ` ${"x".repeat(16)}`));
      expect(lines.filter((l) => l.startsWith("err "))).toEqual(want("err", 2000, 10));
      expect(lines).toHaveLength(22000);
      // Nothing of the driver's: no marker, no parse check's output.
      expect(log).not.toContain("\x1e");
      expect(log).not.toContain("sandbox-gate");
    };
    // Under each runtime the engine runs (gVisor's runsc among them): the capture is the engine's, whatever runs inside.
    for (const runtime of runtimes) {
      const facts = await engine.run({ ...job(writer, runId, { runtime }), keepLog: 8 * MiB });
      expectWholeLog(facts);
    }
    // Without keepLog, no log; with a small bound, the log is cut there.
    expect((await engine.run(job("print('x')", runId))).log).toBeUndefined();
    const cut = await engine.run({ ...job(writer, runId), keepLog: 4096 });
    expect(cut.log!.truncated).toBe(true);
    expect(cut.log!.bytes.length).toBe(4096);
  });

  it("stops at the parse check with the checker's verdict, before a line of the candidate runs", async () => {
    const facts = await engine.run(job("print('the candidate ran')\ndef broken(:\n    pass\n", runId));
    expect(facts).toMatchObject({ phase: "check", exitCode: 1, timedOut: false, durationMs: 0, stdout: { text: "" } });
    expect(JSON.parse(facts.checkVerdict!)).toMatchObject({ file: "solution.py", line: 2 });
    expect(classify(facts)).toBe("syntax_error");
  });

  it("runs a check that runs the command: its verdict before the run, its run marker, no nonce in the run", async () => {
    const ran = await engine.run(
      checkAndRunJob(`import os, sys\nprint('ran', os.environ.get('${VERDICT_ENV}'))\nsys.exit('err')`, runId),
    );
    expect(ran).toMatchObject({ phase: "run", exitCode: 1, stdout: { text: "ran None\n" }, stderr: { text: "err\n" } });
    expect(ran.durationMs).toBeGreaterThan(0);
    const broken = await engine.run(checkAndRunJob("print('the candidate ran')\ndef broken(:\n    pass\n", runId));
    expect(broken).toMatchObject({ phase: "check", exitCode: 1, durationMs: 0, stdout: { text: "" } });
    expect(JSON.parse(broken.checkVerdict!)).toMatchObject({ file: "solution.py", line: 2 });
    expect(classify(broken)).toBe("syntax_error");
  });

  it("kills at the timeout, its clock started at the run marker, the memory read before the kill", async () => {
    const slowCheck = {
      ...job("print('started', flush=True)\nwhile True:\n    pass", runId, { timeoutMs: 1_000 }),
      check: ["sh", "-c", "sleep 1.5"],
    };
    const facts = await engine.run(slowCheck);
    expect(facts).toMatchObject({ phase: "run", timedOut: true, exitCode: 137, stdout: { text: "started\n" } });
    // The candidate's time ends at its deadline (give or take the timer): the sample and the kill are ours.
    // The time it had is the limit, not its wall clock, which a busy machine stretches by the wait.
    const had = facts.durationMs - (facts.waitedMs ?? 0);
    expect(facts.durationMs).toBeGreaterThanOrEqual(1_000);
    expect(had).toBeGreaterThanOrEqual(999); // the two figures are rounded each
    expect(had).toBeLessThan(2_000);
    // podman's CLI reports four significant digits (134.2MB): far inside the slack that decides.
    expect(Math.abs(facts.memoryAtTimeout!.limitBytes - 128 * MiB)).toBeLessThan(128 * MiB * 0.001);
    expect(facts.memoryAtTimeout!.usedBytes).toBeLessThan(64 * MiB);
    expect(classify(facts)).toBe("timeout");
  });

  it("takes the OOM verdict from the engine", async () => {
    const facts = await engine.run(
      job("b = bytearray()\nfor _ in range(1024):\n    b += bytearray(1 << 20)\nprint('survived')", runId, {
        memoryBytes: 64 * MiB,
      }),
    );
    expect(facts).toMatchObject({ phase: "run", oomKilled: true, exitCode: 137, timedOut: false });
    expect(facts.stdout.text).not.toContain("survived");
  });

  // Without the sample at the timeout this is a plain `timeout`: the kernel never killed anything.
  it("judges a run held at its memory limit until the timeout oom, by the engine's count", async () => {
    // It holds for 60 s: the timeout must only come after it reached the limit, on a loaded runner too.
    const facts = await engine.run(job(HOLD_AT_MEMORY_LIMIT, runId, { memoryBytes: 64 * MiB, timeoutMs: 8_000 }));
    expect(facts, facts.stderr.text).toMatchObject({
      phase: "run",
      timedOut: true,
      oomKilled: false,
      stdout: { text: expect.stringMatching(/^holding \d+\n$/) },
    });
    expect(64 * MiB - facts.memoryAtTimeout!.usedBytes).toBeLessThanOrEqual(4 * MiB);
    expect(classify(facts)).toBe("oom");
  });

  it("leaves no container of a finished run once closed", async () => {
    const facts = await engine.run(job("print('done')", runId));
    expect(facts.stdout.text).toBe("done\n");
    expect(await engine.close()).toEqual([]);
    expect(labelled(binary, runId)).toBe("");
  });

  it("refuses runs once aborted, and leaves nothing", async () => {
    const aborted = make();
    const abortId = `${runId}-abort`;
    const running = aborted.run(job("import time\ntime.sleep(30)", abortId));
    await vi.waitFor(() => expect(labelled(binary, abortId)).not.toBe(""), { timeout: 20_000, interval: 50 });
    await aborted.abort();
    expect((await running).sandboxError).toMatch(/cancelled/);
    expect((await aborted.run(job("print(1)", abortId))).sandboxError).toBe(
      "the run was cancelled before this candidate started",
    );
    expect(await aborted.close()).toEqual([]);
    expect(labelled(binary, abortId)).toBe("");
  });
});
