// What only the warm pool does, on the real engine (the contract all engines meet is engines.test.ts):
// one fresh container per candidate though containers are made ahead, a config change followed, and no
// container left after close(), abort() or a failed create, warm ones included.
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { CliEngine } from "../../../src/sandbox/engines/cli/cli-engine.js";
import { RUN_LABEL, type SandboxJob } from "../../../src/sandbox/job.js";
import { EngineApi, endpointFromEnv } from "../../../src/sandbox/engines/api/engine-api.js";
import { FreshPoolEngine } from "../../../src/sandbox/engines/api/fresh-pool.js";
import { lockDown } from "../../../src/sandbox/policy.js";
import { docker } from "../support.js";
import { MiB, pythonJob } from "../jobs.js";

const RUN_ID = `pool-test-${randomBytes(4).toString("hex")}`;
const api = new EngineApi(endpointFromEnv()!);
const job = (python: string, over: Parameters<typeof pythonJob>[2] = {}): SandboxJob => pythonJob(python, RUN_ID, over);
const pools: FreshPoolEngine[] = [];

function pool(warm = 2): FreshPoolEngine {
  const engine = new FreshPoolEngine(api, new CliEngine(), { warm });
  pools.push(engine);
  return engine;
}

afterAll(async () => {
  for (const engine of pools) expect(await engine.close()).toEqual([]);
});

/** The container each engine makes once, whose name files the candidates' containers bind (policy.ts). */
const NAME_FILES_HOLDER = 1;

const labelled = (runId: string) =>
  docker("ps", "-a", "--filter", `label=${RUN_LABEL}=${runId}`, "--format", "{{.Names}}").trim();

/** How many containers of `runId` the engine created since `since` (seconds), as its own events tell. */
function createdSince(runId: string, since: number): number {
  const until = String(Math.ceil(Date.now() / 1000) + 1);
  const events = docker(
    "events",
    "--since",
    String(since),
    "--until",
    until,
    "--filter",
    `label=${RUN_LABEL}=${runId}`,
    "--filter",
    "type=container",
    "--filter",
    "event=create",
    "--format",
    "{{.Actor.ID}}",
  );
  return events.split("\n").filter(Boolean).length;
}

describe("a run", () => {
  it("gives each candidate its own fresh container", async () => {
    const engine = pool();
    const seen: string[] = [];
    const probe =
      "import os, glob\nprint(sorted(glob.glob('/work/*') + glob.glob('/tmp/*')))\nopen('/tmp/left-behind', 'w').write('x')";
    const first = await engine.run(job(probe), { onContainer: (name) => seen.push(name) });
    const second = await engine.run(job(probe), { onContainer: (name) => seen.push(name) });
    expect(first.stdout.text).toBe("['/work/solution.py']\n");
    expect(second.stdout.text).toBe("['/work/solution.py']\n");
    expect(new Set(seen).size).toBe(2);
  });

  it("makes no container ahead for candidates whose configs differ (each SWE-bench line has its own command)", async () => {
    const runId = `pool-distinct-${randomBytes(4).toString("hex")}`;
    const engine = pool(2);
    const since = Math.floor(Date.now() / 1000) - 1;
    for (const command of ["python3 solution.py", "python3 -B solution.py", "python3 -S solution.py"]) {
      const facts = await engine.run(job("print('ran')", { command, labels: { [RUN_LABEL]: runId } }));
      expect(facts.stdout.text).toBe("ran\n");
    }
    // One container a candidate: warming two ahead for a config that never comes back would make nine.
    expect(createdSince(runId, since)).toBe(3 + NAME_FILES_HOLDER);
    expect(await engine.close()).toEqual([]);
  });

  it("makes containers ahead once a config has repeated past twice the target, and the next candidates take them", async () => {
    const runId = `pool-repeat-${randomBytes(4).toString("hex")}`;
    const engine = pool(2);
    const labels = { [RUN_LABEL]: runId };
    const since = Math.floor(Date.now() / 1000) - 1;
    const seen: string[] = [];
    const runs = async (n: number) => {
      for (let i = 0; i < n; i++) await engine.run(job("print(1)", { labels }), { onContainer: (c) => seen.push(c) });
    };
    // Four in a row (a task's few samples): one container each, none made ahead to be dropped.
    await runs(4);
    expect(createdSince(runId, since)).toBe(4 + NAME_FILES_HOLDER);
    // The fifth (a streak past 2 x 2) made its own and two ahead, which the sixth and seventh took, each
    // making one more: 4 + 3 + 1 + 1 = 9 created, two of them still warm, none shared.
    await runs(3);
    expect(createdSince(runId, since)).toBe(9 + NAME_FILES_HOLDER);
    expect(new Set(seen).size).toBe(7);
    await expect
      .poll(() => labelled(runId).split("\n").filter(Boolean).length, { timeout: 20_000 })
      .toBe(2 + NAME_FILES_HOLDER);
    expect(await engine.close()).toEqual([]);
    expect(labelled(runId)).toBe("");
  });

  it("starts a candidate's container without docker's network hook once the name files are made, with docker's set-up before", async () => {
    const engine = pool();
    const probe = [
      "import os, socket",
      "print(sorted(os.listdir('/sys/class/net')))",
      "print(socket.gethostbyname('localhost'), socket.getaddrinfo('ip6-localhost', 0)[0][4][0])",
      "print(socket.gethostname() in open('/etc/hostname').read(), os.path.isfile('/etc/resolv.conf'))",
      "s = socket.socket(); s.bind(('localhost', 0)); s.listen(); socket.create_connection(s.getsockname()); print('loopback')",
      "try:\n    socket.create_connection(('192.0.2.1', 80), timeout=2)\nexcept OSError as e:\n    print('no route', e.errno)",
    ].join("\n");
    const seen = async () => {
      let config: { NetworkDisabled?: boolean } = {};
      let mounts: Array<{ Destination: string; RW: boolean }> = [];
      const facts = await engine.run(job(probe), {
        onContainer: (name) => {
          const inspected = JSON.parse(docker("inspect", name))[0];
          config = inspected.Config;
          mounts = inspected.Mounts;
        },
      });
      return { stdout: facts.stdout.text, hookless: config.NetworkDisabled === true, mounts };
    };
    const sameInside = "['lo']\n127.0.0.1 ::1\nTrue True\nloopback\nno route 101\n";
    // The first does not wait for the name files' holder: docker's own set-up, the same sandbox inside.
    const first = await seen();
    expect(first).toEqual({ stdout: sameInside, hookless: false, mounts: [] });
    expect(await engine.nameFiles(lockDown(job("")))).toBeDefined();
    const later = await seen();
    expect(later.stdout).toBe(sameInside);
    // Without NetworkDisabled, docker would add its prestart hook (dockerd's binary, started again).
    expect(later.hookless).toBe(true);
    expect(later.mounts.map((m) => [m.Destination, m.RW]).sort()).toEqual([
      ["/etc/hostname", false],
      ["/etc/hosts", false],
      ["/etc/resolv.conf", false],
    ]);
  });

  it("stays usable after close(): a run after it gets the name files made again", async () => {
    const engine = pool();
    expect((await engine.run(job("print(1)"))).stdout.text).toBe("1\n");
    expect(await engine.close()).toEqual([]);
    const again = await engine.run(job("print(2)"));
    expect(again.sandboxError).toBeUndefined();
    expect(again.stdout.text).toBe("2\n");
  });

  it("follows a config change (another memory limit) with containers made for it", async () => {
    const engine = pool();
    const small = await engine.run(
      job("print(open('/sys/fs/cgroup/memory/memory.limit_in_bytes').read())", { limits: { memoryBytes: 64 * MiB } }),
    );
    const large = await engine.run(
      job("print(open('/sys/fs/cgroup/memory/memory.limit_in_bytes').read())", { limits: { memoryBytes: 96 * MiB } }),
    );
    expect([small.stdout.text.trim(), large.stdout.text.trim()]).toEqual([String(64 * MiB), String(96 * MiB)]);
  });
});

describe("no container outlives the run", () => {
  it("removes the warm containers at close()", async () => {
    const runId = `pool-close-${randomBytes(4).toString("hex")}`;
    const engine = pool(1);
    // The third candidate of one config is past twice the target: one container is made ahead of a fourth.
    for (let i = 0; i < 3; i++) await engine.run(job("print(1)", { labels: { [RUN_LABEL]: runId } }));
    expect(labelled(runId)).not.toBe("");
    // close() waits for those still being made and removes them all.
    expect(await engine.close()).toEqual([]);
    expect(labelled(runId)).toBe("");
  });

  it("removes running and warm containers at abort(), and refuses new runs", async () => {
    const runId = `pool-abort-${randomBytes(4).toString("hex")}`;
    const engine = pool(2);
    const labels = { [RUN_LABEL]: runId };
    let name = "";
    const running = engine.run(job("import os\nos.execvp('sleep', ['sleep', '61'])", { labels }), {
      onContainer: (n) => (name = n),
    });
    // Warm containers run too: wait for the candidate's own process.
    await expect.poll(() => name && docker("top", name), { timeout: 20_000 }).toContain("sleep 61");
    const removed = await engine.abort();
    expect(removed.length).toBeGreaterThanOrEqual(1);
    expect((await running).sandboxError).toBe("the run was cancelled while this candidate ran");
    expect((await engine.run(job("print(1)", { labels }))).sandboxError).toBe(
      "the run was cancelled before this candidate started",
    );
    expect(labelled(runId)).toBe("");
  });

  it("reports a create the engine refuses as our failure, and leaves nothing", async () => {
    const runId = `pool-refused-${randomBytes(4).toString("hex")}`;
    const engine = pool(1);
    const facts = await engine.run(
      job("print(1)", { image: "sandbox-gate-test/no-such-image:1", labels: { [RUN_LABEL]: runId } }),
    );
    expect(facts).toMatchObject({ phase: "setup", exitCode: null });
    expect(facts.sandboxError).toMatch(/^the sandbox did not start: No such image: sandbox-gate-test\/no-such-image:1/);
    expect(await engine.close()).toEqual([]);
    expect(labelled(runId)).toBe("");
  });
});
