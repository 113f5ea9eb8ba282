// What only `isolation: namespace` does, on the real host: each candidate in namespaces of its own (not
// the host's, not the template's, not another candidate's), the lock-down as the candidate meets it, a
// refused template, and a run that shares the engine with another run leaving that run's sandboxes alone.
import { spawnSync } from "node:child_process";
import { readlinkSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it, vi } from "vitest";
import { CliEngine } from "../../../src/sandbox/engines/cli/cli-engine.js";
import { NamespaceEngine, removeNamespaceLabelled } from "../../../src/sandbox/engines/namespace/namespace.js";
import { RUN_LABEL } from "../../../src/sandbox/job.js";
import { MiB, pythonJob } from "../jobs.js";
import { docker } from "../support.js";
import { templateFiles, traces } from "./namespace-traces.js";

const NAMESPACES = ["pid", "mnt", "net", "ipc", "uts"];
const runId = `ns-${randomBytes(4).toString("hex")}`;
const engine = new NamespaceEngine(new CliEngine(), { warm: 2 });
const seen: string[] = [];
const run = (python: string, limits = {}) =>
  engine.run(pythonJob(python, runId, { limits }), { onContainer: (id) => seen.push(id) });

afterAll(async () => {
  expect(await engine.close()).toEqual([]);
  expect(docker("ps", "-a", "--filter", `label=${RUN_LABEL}=${runId}`, "--format", "{{.Names}}").trim()).toBe("");
  expect(traces(seen)).toEqual([]);
  expect(templateFiles(runId)).toEqual([]);
});

const PRINT_NAMESPACES = `import os, time\ntime.sleep(1)\nprint(" ".join(os.readlink("/proc/self/ns/" + n) for n in ${JSON.stringify(NAMESPACES)}))`;

describe("isolation: namespace", () => {
  it("runs each candidate in pid, mount, network, IPC and UTS namespaces of its own", async () => {
    const [a, b] = await Promise.all([run(PRINT_NAMESPACES), run(PRINT_NAMESPACES)]);
    const host = NAMESPACES.map((n) => readlinkSync(`/proc/self/ns/${n}`));
    const template = docker("ps", "-q", "--filter", `label=${RUN_LABEL}=${runId}`).trim().split("\n");
    expect(template).toHaveLength(1);
    const pid = docker("inspect", "--format", "{{.State.Pid}}", template[0]!).trim();
    const templates = NAMESPACES.map((n) => readlinkSync(`/proc/${pid}/ns/${n}`));
    const ofA = a.stdout.text.trim().split(" ");
    const ofB = b.stdout.text.trim().split(" ");
    expect(ofA, a.stderr.text).toHaveLength(NAMESPACES.length);
    NAMESPACES.forEach((_, i) => {
      expect(new Set([ofA[i], ofB[i], host[i], templates[i]]).size).toBe(4);
    });
  });

  it("holds the candidate to candidate's lock-down as it meets it", async () => {
    const probe = [
      "import os, socket",
      "status = dict(l.split(':', 1) for l in open('/proc/self/status').read().splitlines())",
      "print('uid', os.getuid(), os.getgid())",
      "print('caps', status['CapEff'].strip(), status['CapBnd'].strip(), status['CapPrm'].strip())",
      "print('nnp', status['NoNewPrivs'].strip(), 'seccomp', status['Seccomp'].strip())",
      "print('links', sorted(l.split(':')[0].strip() for l in open('/proc/net/dev').readlines()[2:]))",
      "for path in ['/root-write', '/usr/x', '/etc/x']:",
      "    try:",
      "        open(path, 'w')",
      "        print('wrote', path)",
      "    except OSError as e:",
      "        print('refused', path, e.errno)",
      "s = os.statvfs('/work'); print('work', s.f_blocks * s.f_frsize)",
      "print('pid1', open('/proc/1/cmdline').read().split(chr(0))[0])",
      // Nothing of the sandbox maker's is open (its seccomp program came on fd 3); listdir's own is 3.
      "print('fds', sorted(os.listdir('/proc/self/fd')))",
      "try:",
      "    socket.create_connection(('1.1.1.1', 53), timeout=2); print('connected')",
      "except OSError as e:",
      "    print('no route', e.errno)",
      "os.setuid(0)",
    ].join("\n");
    const facts = await run(probe);
    const lines = facts.stdout.text.split("\n");
    expect(lines).toEqual([
      "uid 65534 65534",
      "caps 0000000000000000 0000000000000000 0000000000000000",
      "nnp 1 seccomp 2",
      "links ['lo']",
      "refused /root-write 30",
      "refused /usr/x 30",
      "refused /etc/x 30",
      `work ${8 * MiB}`,
      "pid1 /sbin/docker-init",
      "fds ['0', '1', '2', '3']",
      "no route 101",
      "",
    ]);
    // setuid(0): uid 0 is not even mapped in the candidate's user namespace.
    expect(facts.stderr.text).toMatch(/OSError: \[Errno 22\] Invalid argument/);
    expect(facts.exitCode).toBe(1);
  });

  it("hands the candidate no descriptor the gate inherited without close-on-exec", () => {
    // The child gets 3 and 4 as pipes, open across exec; the sandbox's 3 is its seccomp program, closed by bwrap.
    const probe = spawnSync(process.execPath, ["--import", "tsx", "test/integration/engines/namespace-fds.ts", runId], {
      stdio: ["ignore", "pipe", "pipe", "pipe", "pipe"],
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(probe.status, `${probe.stdout}${probe.stderr}`).toBe(0);
    // listdir's own descriptor is the lowest free one: 3.
    expect(probe.stdout).toBe("['0', '1', '2', '3']\n");
  });

  it("judges the kernel's OOM kill in the candidate's own cgroup as oom, with a small limit", async () => {
    const facts = await run("b = bytearray()\nwhile True:\n    b += bytearray(1 << 20)", { memoryBytes: 32 * MiB });
    expect(facts).toMatchObject({ phase: "run", oomKilled: true, exitCode: 137, timedOut: false });
  });

  it("counts the candidate's CPU and run time from the driver's stamp, however late node reads the run marker", async () => {
    const spin = "import time\nwhile time.process_time() < 0.6:\n    pass\nprint(time.process_time())";
    // Node busy from the moment the candidate's input is written (the engine yields right after writing
    // it): the sandbox unpacks, checks, stamps and runs on the other core while its run marker waits.
    const facts = await engine.run(pythonJob(spin, runId), {
      onContainer: (id) => {
        seen.push(id);
        queueMicrotask(() => {
          const until = performance.now() + 400;
          while (performance.now() < until);
        });
      },
    });
    expect(facts).toMatchObject({ phase: "run", exitCode: 0 });
    // At least all the CPU time its process says it used, its interpreter's start included.
    const used = Math.round(Number(facts.stdout.text.trim()) * 1000);
    expect(used).toBeGreaterThanOrEqual(600);
    expect(facts.cpuMs).toBeGreaterThanOrEqual(used);
    // Its run took at least that CPU time at its share (cpus 1): node's own wall clock from the run marker
    // it read ≈ 400 ms late would say less.
    expect(facts.durationMs).toBeGreaterThanOrEqual(facts.cpuMs!);
  });

  // Last: the cleanup by label removes this run's template too.
  it("leaves another run's sandboxes alone when it cleans up its own by label", async () => {
    const otherId = `ns-other-${randomBytes(4).toString("hex")}`;
    const other = new NamespaceEngine(new CliEngine());
    let started = "";
    const running = other.run(pythonJob("import time\ntime.sleep(3)\nprint('untouched')", otherId), {
      onContainer: (id) => (started = id),
    });
    await run("print('ours')");
    // The other run's sandbox exists (bwrap has made it) while ours is cleaned up.
    await vi.waitFor(() => expect(started).not.toBe(""), { timeout: 20_000, interval: 20 });
    // Our run's cleanup, as the post step does it, while the other's candidate runs.
    await engine.removeLabelled(`${RUN_LABEL}=${runId}`);
    const facts = await running;
    expect(facts.stdout.text).toBe("untouched\n");
    expect(facts.exitCode).toBe(0);
    expect(await other.close()).toEqual([]);
    expect(await removeNamespaceLabelled(`${RUN_LABEL}=${otherId}`)).toEqual([]);
  });
});
