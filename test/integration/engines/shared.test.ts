// `isolation: run` on the real engine: candidate k+1, in the container candidate k used, sees no file,
// process or environment change of k; timeouts and OOM kills are still per candidate, and end the
// container they happened in; nothing is left after close() or abort().
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import type { RunFacts } from "../../../src/core/model.js";
import { CliEngine } from "../../../src/sandbox/engines/cli/cli-engine.js";
import { RUN_LABEL, type SandboxJob } from "../../../src/sandbox/job.js";
import { type Limits } from "../../../src/core/model.js";
import { EngineApi, endpointFromEnv } from "../../../src/sandbox/engines/api/engine-api.js";
import { SharedEngine } from "../../../src/sandbox/engines/api/shared.js";
import { ENDING_CASES, LIMIT_CASES, judgesHostileCases } from "../hostile-cases.js";
import { MiB, pythonJob } from "../jobs.js";
import { docker } from "../support.js";

const RUN_ID = `reuse-test-${randomBytes(4).toString("hex")}`;
const api = new EngineApi(endpointFromEnv()!);
const job = (python: string, over: { limits?: Partial<Limits>; runId?: string } = {}): SandboxJob =>
  pythonJob(python, over.runId ?? RUN_ID, over.limits ? { limits: over.limits } : {});
const engines: SharedEngine[] = [];

function reuse(): SharedEngine {
  const engine = new SharedEngine(api, new CliEngine());
  engines.push(engine);
  return engine;
}

afterAll(async () => {
  for (const engine of engines) expect(await engine.close()).toEqual([]);
});

/** Runs the candidates one after another on one engine; returns their facts and containers. */
async function inTurn(engine: SharedEngine, ...jobs: SandboxJob[]): Promise<Array<RunFacts & { container: string }>> {
  const done = [];
  for (const j of jobs) {
    let container = "";
    const facts = await engine.run(j, { onContainer: (name) => (container = name) });
    done.push({ ...facts, container });
  }
  return done;
}

// What a candidate can observe of what came before it: files in every writable place, processes of
// its uid, System V IPC, its environment, working directory, umask and limits.
const OBSERVE = `
import os, json, resource
def listing(d):
    out = []
    for root, dirs, files in os.walk(d):
        out += [os.path.join(root, n) for n in dirs + files]
    return sorted(out)
me = os.getpid()
ancestors = set()
p = me
while p > 1:
    ancestors.add(p)
    p = int(open(f'/proc/{p}/stat').read().rsplit(')', 1)[1].split()[1])
procs = []
for pid in filter(str.isdigit, os.listdir('/proc')):
    try:
        uid = int(next(l for l in open(f'/proc/{pid}/status') if l.startswith('Uid:')).split()[1])
        cmd = open(f'/proc/{pid}/cmdline', 'rb').read().replace(b'\\0', b' ').decode()
    except OSError:
        continue
    if uid == os.getuid() and int(pid) not in ancestors:
        procs.append(cmd)
ipc = {k: open(f'/proc/sysvipc/{k}').read().splitlines()[1:] for k in ('shm', 'sem', 'msg')}
umask = os.umask(0o22)
print(json.dumps({
    'files': {d: listing(d) for d in ('/work', '/tmp', '/dev/shm', '/dev/mqueue')},
    'procs': procs, 'ipc': ipc, 'env': dict(os.environ), 'cwd': os.getcwd(), 'umask': umask,
    'limits': [resource.getrlimit(getattr(resource, r)) for r in ('RLIMIT_NOFILE', 'RLIMIT_FSIZE', 'RLIMIT_NPROC', 'RLIMIT_STACK')],
}))
`;

// Leaves everything it can behind: files everywhere (hidden, nested, unreadable), daemons that ignore
// SIGTERM or are stopped, a process that keeps forking, IPC objects, and changes to its own environment.
const LITTER = `
import os, ctypes, signal, subprocess, time
os.makedirs('/work/a/b', exist_ok=True)
for path in ('/work/a/b/c.txt', '/work/.hidden', '/work/..dots', '/tmp/t.txt', '/dev/shm/s'):
    open(path, 'w').write('k')
os.mkdir('/work/locked'); open('/work/locked/x', 'w').write('k'); os.chmod('/work/locked', 0)
os.close(os.open('/dev/mqueue/q', os.O_CREAT | os.O_RDWR, 0o600))
libc = ctypes.CDLL(None)
assert libc.shmget(0, 4096, 0o1000 | 0o600) >= 0 and libc.semget(0, 1, 0o1000 | 0o600) >= 0 and libc.msgget(0, 0o1000 | 0o600) >= 0
os.environ['LEFT_BY_K'] = '1'
os.umask(0o077)
for cmd in (['sleep', '300'], ['sh', '-c', 'trap "" TERM HUP INT; while :; do sleep 1; done'], ['sh', '-c', 'while :; do sleep 0.05 & wait; done']):
    subprocess.Popen(['setsid'] + cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
stopped = subprocess.Popen(['sleep', '301'], start_new_session=True)
os.kill(stopped.pid, signal.SIGSTOP)
time.sleep(0.3)
print('littered')
`;

describe("candidate k+1 after candidate k in the same container", () => {
  it("sees no file, process, IPC object or environment change of k", async () => {
    const engine = reuse();
    const [before, litter, after] = await inTurn(engine, job(OBSERVE), job(LITTER), job(OBSERVE));
    // Not vacuous: one container served all three, and the litter was made.
    expect(new Set([before!.container, litter!.container, after!.container]).size).toBe(1);
    expect(litter).toMatchObject({ exitCode: 0, stdout: { text: "littered\n" } });
    expect(before).toMatchObject({ phase: "run", exitCode: 0 });
    const [seenBefore, seenAfter] = [JSON.parse(before!.stdout.text), JSON.parse(after!.stdout.text)];
    expect(seenAfter).toEqual(seenBefore);
    expect(seenAfter.files).toEqual({ "/work": ["/work/solution.py"], "/tmp": [], "/dev/shm": [], "/dev/mqueue": [] });
    expect(seenAfter.procs).toEqual([]);
    expect(seenAfter.ipc).toEqual({ shm: [], sem: [], msg: [] });
    expect(seenAfter.env.LEFT_BY_K).toBeUndefined();
  });

  it("cannot end the container for the next one: the keeper is another uid", async () => {
    const engine = reuse();
    const [k, next] = await inTurn(engine, job("import os, signal\nos.kill(-1, signal.SIGKILL)"), job("print('next')"));
    expect(k!.exitCode).not.toBe(0);
    expect(next).toMatchObject({ exitCode: 0, stdout: { text: "next\n" }, container: k!.container });
  });
});

describe("PID 1 in a shared container", () => {
  // Unlike a container of its own, where docker-init forwards the SIGTERM to the candidate's command.
  it("is the keeper's: a candidate's signals to it are refused and the candidate carries on", async () => {
    const [facts] = await inTurn(reuse(), { ...job(""), command: "kill -KILL 1; kill -TERM 1; echo survived" });
    expect(facts).toMatchObject({ exitCode: 0, stdout: { text: "survived\n" } });
    expect(facts!.stderr.text).toMatch(/Operation not permitted/);
  });
});

describe("per-candidate limits in a shared container", () => {
  it("times out one candidate, kills its container by name, and gives the next a fresh one", async () => {
    const engine = reuse();
    const [loop, next] = await inTurn(
      engine,
      job("print('started', flush=True)\nwhile True:\n    pass", { limits: { timeoutMs: 1_000 } }),
      job("print('next')"),
    );
    expect(loop).toMatchObject({ phase: "run", timedOut: true, exitCode: 137, stdout: { text: "started\n" } });
    expect(loop!.durationMs).toBeGreaterThanOrEqual(1_000);
    // Killed at its limit on the time it had (about 1 s of the CPU, however long a busy machine made that
    // by the wall clock: 12.7 s at load 19), never running on to the backstop (61 s).
    expect(loop!.cpuMs ?? loop!.durationMs).toBeLessThan(5_000);
    expect(next).toMatchObject({ exitCode: 0, timedOut: false, stdout: { text: "next\n" } });
    expect(next!.container).not.toBe(loop!.container);
  });

  it("marks the candidate that met the memory limit oom, from the engine's event, and the next one passes", async () => {
    const engine = reuse();
    const bomb = "b = bytearray()\nfor _ in range(1024):\n    b += bytearray(1 << 20)\nprint('survived')";
    const [fine, oom, next] = await inTurn(
      engine,
      job("print('fine')", { limits: { memoryBytes: 64 * MiB } }),
      job(bomb, { limits: { memoryBytes: 64 * MiB } }),
      job("print('next')", { limits: { memoryBytes: 64 * MiB } }),
    );
    expect(fine).toMatchObject({ exitCode: 0, oomKilled: false });
    expect(oom).toMatchObject({
      phase: "run",
      oomKilled: true,
      exitCode: 137,
      timedOut: false,
      container: fine!.container,
    });
    expect(next).toMatchObject({ exitCode: 0, oomKilled: false, stdout: { text: "next\n" } });
    expect(next!.container).not.toBe(oom!.container);
  });

  it("does not take a candidate's own SIGKILL for an OOM kill", async () => {
    const [facts] = await inTurn(reuse(), job("import os, signal\nos.kill(os.getpid(), signal.SIGKILL)"));
    expect(facts).toMatchObject({ phase: "run", exitCode: 137, signal: "SIGKILL", oomKilled: false, timedOut: false });
  });
});

describe("no container outlives the run", () => {
  const labelled = (runId: string) =>
    docker("ps", "-a", "--filter", `label=${RUN_LABEL}=${runId}`, "--format", "{{.Names}}").trim();

  it("removes the shared containers at close()", async () => {
    const runId = `reuse-close-${randomBytes(4).toString("hex")}`;
    const engine = reuse();
    await Promise.all([engine.run(job("print(1)", { runId })), engine.run(job("print(2)", { runId }))]);
    expect(labelled(runId)).not.toBe("");
    expect(await engine.close()).toEqual([]);
    expect(labelled(runId)).toBe("");
  });

  it("removes a busy container at abort() and refuses new runs", async () => {
    const runId = `reuse-abort-${randomBytes(4).toString("hex")}`;
    const engine = reuse();
    let name = "";
    const running = engine.run(job("import os\nos.execvp('sleep', ['sleep', '62'])", { runId }), {
      onContainer: (n) => (name = n),
    });
    await expect.poll(() => name && docker("top", name), { timeout: 20_000 }).toContain("sleep 62");
    expect(await engine.abort()).toEqual([name]);
    expect((await running).sandboxError).toBe("the run was cancelled while this candidate ran");
    expect((await engine.run(job("print(1)", { runId }))).sandboxError).toBe(
      "the run was cancelled before this candidate started",
    );
    expect(labelled(runId)).toBe("");
  });
});

// In a shared container PID 1 is the keeper's, out of the candidates' reach: that case passes here.
const SHARED_CASES = [...LIMIT_CASES, ...ENDING_CASES].filter((c) => c.name !== "killing its own PID 1");

describe("the hostile cases one after another in shared containers", () => {
  const runId = `reuse-hostile-${randomBytes(4).toString("hex")}`;
  const engine = reuse();
  judgesHostileCases(engine, runId, { cases: SHARED_CASES });

  it("still judges a plain candidate right after them", async () => {
    const [facts] = await inTurn(
      engine,
      job(OBSERVE, { runId, limits: { memoryBytes: 64 * MiB, workdirBytes: 8 * MiB } }),
    );
    const seen = JSON.parse(facts!.stdout.text);
    expect(seen.procs).toEqual([]);
    expect(seen.files["/work"]).toEqual(["/work/solution.py"]);
  });
});
