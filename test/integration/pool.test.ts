// The warm pool on the real engine: the same lock-down as the CLI's `docker run` (compared field by
// field), one container per candidate, the engine's own timeout kill and OOM verdict, the clock from the
// run marker, and no container left after close(), abort() or a failed create.
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { LANGUAGES } from "../../src/languages.js";
import { containerConfig } from "../../src/sandbox/api-run.js";
import { DockerEngine, runArgs } from "../../src/sandbox/docker.js";
import { type Limits, RUN_LABEL, type SandboxJob } from "../../src/sandbox/engine.js";
import { EngineApi, endpointFromEnv } from "../../src/sandbox/engine-api.js";
import { PoolEngine } from "../../src/sandbox/pool.js";
import { classify } from "../../src/classify.js";
import { HOLD_AT_MEMORY_LIMIT, TEST_IMAGE, docker } from "./support.js";

const MiB = 1024 * 1024;
const RUN_ID = `pool-test-${randomBytes(4).toString("hex")}`;
const LIMITS: Limits = { timeoutMs: 10_000, memoryBytes: 128 * MiB, cpus: 1, pidsLimit: 64, maxOutputBytes: 64 * 1024, workdirBytes: 8 * MiB };
const api = new EngineApi(endpointFromEnv()!);
const pools: PoolEngine[] = [];

function pool(warm = 2): PoolEngine {
  const engine = new PoolEngine(api, new DockerEngine(), { warm });
  pools.push(engine);
  return engine;
}

afterAll(async () => {
  for (const engine of pools) expect(await engine.close()).toEqual([]);
});

function job(python: string, over: Partial<Omit<SandboxJob, "limits">> & { limits?: Partial<Limits> } = {}): SandboxJob {
  return {
    image: TEST_IMAGE,
    files: [{ path: "solution.py", content: python }],
    command: LANGUAGES.python.command,
    check: LANGUAGES.python.check("solution.py"),
    ...over,
    limits: { ...LIMITS, ...over.limits },
    labels: over.labels ?? { [RUN_LABEL]: RUN_ID },
  };
}

const labelled = (runId: string) => docker("ps", "-a", "--filter", `label=${RUN_LABEL}=${runId}`, "--format", "{{.Names}}").trim();

describe("the lock-down", () => {
  // The API spells the flags differently; what the engine stores must be the same, field by field.
  it.each([
    // Not vacuous: the lock-down is there.
    ["runc", "", { PidsLimit: 48 }],
    // gVisor's kernel counts the candidate's processes; the cgroup holds gVisor's own headroom.
    ["gVisor", "runsc", { PidsLimit: 256 + 48 * 24, Runtime: "runsc", Ulimits: expect.arrayContaining([{ Name: "nproc", Soft: 48, Hard: 48 }]) }],
  ])("creates exactly the container `docker create` makes from runArgs (%s)", async (_, runtime, expected) => {
    const sample = job("print(1)", { limits: { cpus: 1.5, pidsLimit: 48, runtime } });
    const names = [`sg-eq-cli-${randomBytes(4).toString("hex")}`, `sg-eq-api-${randomBytes(4).toString("hex")}`] as const;
    const args = runArgs(names[0], sample);
    docker("create", ...args.slice(1));
    await api.call("POST", `/containers/create?name=${names[1]}`, containerConfig(sample));
    try {
      const [cli, viaApi] = names.map((name) => normalised(JSON.parse(docker("inspect", name))[0])) as [ReturnType<typeof normalised>, ReturnType<typeof normalised>];
      expect(viaApi).toEqual(cli);
      expect(cli.HostConfig).toMatchObject({ ReadonlyRootfs: true, NetworkMode: "none", CapDrop: ["ALL"], SecurityOpt: ["no-new-privileges"], NanoCpus: 1.5e9, ...expected });
    } finally {
      docker("rm", "-f", ...names);
    }
  });
});

/**
 * Config and HostConfig without what differs between any two containers; empty lists, maps and null alike.
 * Env is a set: the engine has been seen to store the CLI's variables in either order.
 */
function normalised(info: { Config: Record<string, unknown>; HostConfig: Record<string, unknown> }) {
  const { Hostname: _hostname, ...rest } = info.Config;
  const config = { ...rest, Env: [...((rest.Env as string[]) ?? [])].sort() };
  const host = { ...info.HostConfig, Ulimits: [...((info.HostConfig.Ulimits as { Name: string }[]) ?? [])].sort((a, b) => a.Name.localeCompare(b.Name)) };
  const empty = (v: unknown) => v === null || (Array.isArray(v) && v.length === 0) || (typeof v === "object" && v !== null && Object.keys(v).length === 0);
  const clean = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => !empty(v)));
  return { Config: clean(config), HostConfig: clean(host) };
}

describe("a run", () => {
  it("keeps stdout and stderr apart, capped, with the exit code", async () => {
    const facts = await pool().run(job("import sys\nprint('out')\nprint('e' * 5000, file=sys.stderr)\nsys.exit(3)", { limits: { maxOutputBytes: 1000 } }));
    expect(facts).toMatchObject({ phase: "run", exitCode: 3, signal: null, timedOut: false, oomKilled: false, stdout: { text: "out\n", truncated: false } });
    expect(facts.stderr).toEqual({ text: "e".repeat(1000), truncated: true, bytes: 5001 });
    expect(facts.sandboxError).toBeUndefined();
  });

  it("stops at the parse check with the checker's output", async () => {
    const facts = await pool().run(job("def f(:\n"));
    expect(facts).toMatchObject({ phase: "check", exitCode: 1, durationMs: 0 });
    expect(JSON.parse(facts.checkVerdict!)).toMatchObject({ line: 1 });
  });

  it("gives each candidate its own fresh container", async () => {
    const engine = pool();
    const seen: string[] = [];
    const probe = "import os, glob\nprint(sorted(glob.glob('/work/*') + glob.glob('/tmp/*')))\nopen('/tmp/left-behind', 'w').write('x')";
    const first = await engine.run(job(probe), { onContainer: (name) => seen.push(name) });
    const second = await engine.run(job(probe), { onContainer: (name) => seen.push(name) });
    expect(first.stdout.text).toBe("['/work/solution.py']\n");
    expect(second.stdout.text).toBe("['/work/solution.py']\n");
    expect(new Set(seen).size).toBe(2);
  });

  it("kills by name at the timeout, with the clock started at the run marker", async () => {
    const facts = await pool().run(job("print('started', flush=True)\nwhile True:\n    pass", { check: ["sh", "-c", "sleep 1.5"], limits: { timeoutMs: 1_000 } }));
    expect(facts).toMatchObject({ phase: "run", timedOut: true, exitCode: 137, stdout: { text: "started\n" } });
    expect(facts.durationMs).toBeGreaterThanOrEqual(1_000);
    expect(facts.durationMs).toBeLessThan(2_000);
    expect(facts.memoryAtTimeout?.limitBytes).toBe(128 * MiB);
    expect(classify(facts)).toBe("timeout");
  });

  it("judges a run held at its memory limit until the timeout oom, by the engine's count", async () => {
    const facts = await pool().run(job(HOLD_AT_MEMORY_LIMIT, { limits: { memoryBytes: 64 * MiB, timeoutMs: 3_000 } }));
    expect(facts, facts.stderr.text).toMatchObject({ phase: "run", timedOut: true, oomKilled: false, stdout: { text: expect.stringMatching(/^holding \d+\n$/) } });
    expect(64 * MiB - facts.memoryAtTimeout!.usedBytes).toBeLessThanOrEqual(4 * MiB);
    expect(classify(facts)).toBe("oom");
  });

  it("takes the OOM verdict from the engine", async () => {
    const facts = await pool().run(job("b = bytearray()\nfor _ in range(1024):\n    b += bytearray(1 << 20)\nprint('survived')", { limits: { memoryBytes: 64 * MiB } }));
    expect(facts).toMatchObject({ phase: "run", oomKilled: true, exitCode: 137, timedOut: false });
  });

  it("follows a config change (another memory limit) with containers made for it", async () => {
    const engine = pool();
    const small = await engine.run(job("print(open('/sys/fs/cgroup/memory/memory.limit_in_bytes').read())", { limits: { memoryBytes: 64 * MiB } }));
    const large = await engine.run(job("print(open('/sys/fs/cgroup/memory/memory.limit_in_bytes').read())", { limits: { memoryBytes: 96 * MiB } }));
    expect([small.stdout.text.trim(), large.stdout.text.trim()]).toEqual([String(64 * MiB), String(96 * MiB)]);
  });
});

describe("no container outlives the run", () => {
  it("removes the warm containers at close()", async () => {
    const runId = `pool-close-${randomBytes(4).toString("hex")}`;
    const engine = pool(3);
    await engine.run(job("print(1)", { labels: { [RUN_LABEL]: runId } }));
    // The three replacements are being made; close() waits for them and removes them.
    expect(await engine.close()).toEqual([]);
    expect(labelled(runId)).toBe("");
  });

  it("removes running and warm containers at abort(), and refuses new runs", async () => {
    const runId = `pool-abort-${randomBytes(4).toString("hex")}`;
    const engine = pool(2);
    const labels = { [RUN_LABEL]: runId };
    let name = "";
    const running = engine.run(job("import os\nos.execvp('sleep', ['sleep', '61'])", { labels }), { onContainer: (n) => (name = n) });
    // Warm containers run too: wait for the candidate's own process.
    await expect.poll(() => name && docker("top", name), { timeout: 20_000 }).toContain("sleep 61");
    const removed = await engine.abort();
    expect(removed.length).toBeGreaterThanOrEqual(1);
    expect((await running).sandboxError).toBe("the run was cancelled while this candidate ran");
    expect((await engine.run(job("print(1)", { labels }))).sandboxError).toBe("the run was cancelled before this candidate started");
    expect(labelled(runId)).toBe("");
  });

  it("reports a create the engine refuses as our failure, and leaves nothing", async () => {
    const runId = `pool-refused-${randomBytes(4).toString("hex")}`;
    const engine = pool(1);
    const facts = await engine.run(job("print(1)", { image: "sandbox-gate-test/no-such-image:1", labels: { [RUN_LABEL]: runId } }));
    expect(facts).toMatchObject({ phase: "setup", exitCode: null });
    expect(facts.sandboxError).toMatch(/^the sandbox did not start: No such image: sandbox-gate-test\/no-such-image:1/);
    expect(await engine.close()).toEqual([]);
    expect(labelled(runId)).toBe("");
  });
});
