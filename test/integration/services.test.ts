// `services` on the real engine: Redis built from Debian's packages (scripts/build-test-images.sh), started
// fresh for every run on a network of its own, talked to by candidates in plain RESP over a socket. What
// is proved: a candidate reaches its service by name; one candidate never sees what another's service
// holds; the sandbox on that network reaches neither the host nor the world; a service that never gets
// ready, or exits, is our failure with its log; and no container, network or volume of the run is left,
// after a normal run and after a cancelled one.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { createServer, type Server } from "node:net";
import { mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openSandbox } from "../../src/library.js";
import { OWNER_LABEL, RUN_LABEL } from "../../src/sandbox/job.js";
import { CliEngine } from "../../src/sandbox/engines/cli/cli-engine.js";
import { ServicesEngine } from "../../src/sandbox/services.js";
import type { SandboxJob } from "../../src/sandbox/job.js";
import { docker, ownerOfBlock, TEST_IMAGE } from "./support.js";
import { tempDir } from "../support/temp.js";

const REDIS_IMAGE = "sandbox-gate-test/redis:1";
const ROOT = resolve(import.meta.dirname, "../..");

/** The CLI from this checkout's source, as a user runs the bin: a child process, its own signals. */
function startCli(args: string[]): {
  child: ChildProcess;
  output: { stderr: string; stdout: string };
  exit: Promise<number | null>;
} {
  const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "src/cli.ts"), "run", ...args], {
    cwd: ROOT,
    env: process.env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = { stdout: "", stderr: "" };
  child.stdout.on("data", (d: Buffer) => (output.stdout += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output.stderr += d.toString()));
  const exit = new Promise<number | null>((done) => child.once("close", (code) => done(code)));
  return { child, output, exit };
}

/** The run's label, as the CLI names it on stderr before anything is started. */
function runLabel(stderr: string): string {
  const found = new RegExp(`carry the label (${RUN_LABEL.replace(/\./g, "\\.")}=\\S+)`).exec(stderr);
  if (!found) throw new Error(`no run label in: ${stderr}`);
  return found[1]!;
}

/** What the run left that carries `label` (KEY=VALUE): containers, networks, volumes. */
function leftovers(label: string): string[] {
  const list = (...args: string[]) => docker(...args, "--filter", `label=${label}`, "--format", "{{.Name}}");
  return [
    ...docker("ps", "-a", "--filter", `label=${label}`, "--format", "{{.Names}}").split("\n"),
    ...list("network", "ls").split("\n"),
    ...list("volume", "ls").split("\n"),
  ].filter(Boolean);
}

/** A Python reply whose code talks RESP to `redis` by hand, then runs `body` (with `cmd`). */
function redisReply(body: string): string {
  return [
    "```python",
    "import socket",
    'conn = socket.create_connection(("redis", 6379), timeout=10)',
    "def cmd(*words):",
    '    conn.sendall(("*%d\\r\\n" % len(words) + "".join("$%d\\r\\n%s\\r\\n" % (len(w), w) for w in words)).encode())',
    "    return conn.recv(4096)",
    body,
    "```",
    "",
  ].join("\n");
}

/** SET with GET answers the key's earlier value: absent ($-1) unless another run's service is this one. */
const FRESH = redisReply(
  [
    'earlier = cmd("SET", "left-by", "a-candidate", "GET")',
    'assert earlier == b"$-1\\r\\n", "what another candidate left: %r" % earlier',
    'assert cmd("GET", "left-by") == b"$11\\r\\na-candidate\\r\\n"',
  ].join("\n"),
);

const RUN_FLAGS = [
  "--language",
  "python",
  "--image",
  TEST_IMAGE,
  "--pull",
  "never",
  "--command",
  "python3 solution.py",
];
const WITH_REDIS = ["--services", `redis=${REDIS_IMAGE}`];

describe("services on the real engine", () => {
  let host: Server;
  let hostPort = 0;

  beforeAll(async () => {
    docker("image", "inspect", REDIS_IMAGE);
    // A listener of the host's on every address: what a sandbox must not reach through its network's bridge.
    host = createServer((socket) => socket.end("host\n"));
    await new Promise<void>((done) => host.listen(0, "0.0.0.0", done));
    hostPort = (host.address() as { port: number }).port;
  });

  afterAll(() => new Promise<void>((done) => host.close(() => done())));

  it(
    "gives each candidate a fresh Redis it reaches by name, and leaves nothing behind",
    { timeout: 180_000 },
    async () => {
      const dir = tempDir("services-fresh");
      const files = ["first.md", "second.md"].map((name) => join(dir, name));
      for (const file of files) writeFileSync(file, FRESH);
      // One at a time: were the service shared, the second would find the first's key.
      const { output, exit } = startCli([
        ...RUN_FLAGS,
        ...WITH_REDIS,
        "--workdir",
        dir,
        "--concurrency",
        "1",
        "--format",
        "json",
        ...files,
      ]);
      expect(await exit, output.stderr).toBe(0);
      const report = JSON.parse(output.stdout) as {
        results: Array<{ status: string; stdout: string; stderr: string }>;
      };
      expect(
        report.results.map((r) => r.status),
        JSON.stringify(report.results),
      ).toEqual(["pass", "pass"]);
      expect(leftovers(runLabel(output.stderr))).toEqual([]);
    },
  );

  it("gives the base run of compare: base its own fresh Redis too", { timeout: 180_000 }, async () => {
    const repo = join(tempDir("services-base"), "repo");
    mkdirSync(repo);
    // The base tree's own check: the same SET-with-GET, so the candidate's run fails if it met the base run's service.
    writeFileSync(join(repo, "check.py"), FRESH.split("\n").slice(1, -2).join("\n") + "\n");
    const git = (...args: string[]) =>
      execFileSync("git", ["-C", repo, "-c", "user.name=t", "-c", "user.email=t@t", ...args]);
    git("init", "-q");
    git("add", ".");
    git("commit", "-qm", "base");
    const patch = join(repo, "..", "feature.patch");
    writeFileSync(
      patch,
      "diff --git a/feature.txt b/feature.txt\nnew file mode 100644\n--- /dev/null\n+++ b/feature.txt\n@@ -0,0 +1 @@\n+on\n",
    );
    const { output, exit } = startCli([
      ...["--image", TEST_IMAGE, "--pull", "never", "--command", "python3 check.py", "--compare", "base"],
      ...WITH_REDIS,
      ...["--workdir", repo, "--format", "json", patch],
    ]);
    const code = await exit;
    const report = JSON.parse(output.stdout) as { base?: { status: string }; results: Array<{ status: string }> };
    expect(report.base?.status, output.stderr).toBe("pass");
    expect(report.results[0]!.status, JSON.stringify(report.results[0])).toBe("pass");
    expect(code).toBe(0);
    expect(leftovers(runLabel(output.stderr))).toEqual([]);
  });

  it(
    "gives the sandbox no route out on that network: neither the host nor the world",
    { timeout: 180_000 },
    async () => {
      const dir = tempDir("services-no-route");
      const file = join(dir, "escape.md");
      writeFileSync(
        file,
        redisReply(
          [
            'assert cmd("PING") == b"+PONG\\r\\n"',
            "import struct",
            // The bridge's gateway: the host's side of the network, where it would answer if it had an address there.
            "gateways = []",
            "for line in open('/proc/net/route').read().splitlines()[1:]:",
            "    fields = line.split()",
            "    if fields[2] != '00000000': gateways.append(socket.inet_ntoa(struct.pack('<I', int(fields[2], 16))))",
            "subnet = [l.split()[1] for l in open('/proc/net/route').read().splitlines()[1:] if l.split()[2] == '00000000'][0]",
            "net = socket.inet_ntoa(struct.pack('<I', int(subnet, 16))).rsplit('.', 1)[0]",
            `targets = [(g, ${hostPort}) for g in gateways] + [(net + '.1', ${hostPort}), ('172.17.0.1', ${hostPort}), ('1.1.1.1', 53), ('8.8.8.8', 443)]`,
            "reached = []",
            "for target in targets:",
            "    try:",
            "        socket.create_connection(target, timeout=3).close()",
            "        reached.append(target)",
            "    except OSError as e:",
            "        print('refused or unreachable:', target, e)",
            "assert not reached, 'reached %r' % reached",
            "try:",
            "    socket.getaddrinfo('deb.debian.org', 443)",
            "    raise SystemExit('an outside name resolved')",
            "except socket.gaierror:",
            "    pass",
          ].join("\n"),
        ),
      );
      const { output, exit } = startCli([
        ...RUN_FLAGS,
        ...WITH_REDIS,
        "--workdir",
        dir,
        "--timeout",
        "60s",
        "--format",
        "json",
        file,
      ]);
      const code = await exit;
      const report = JSON.parse(output.stdout) as {
        results: Array<{ status: string; stdout: string; stderr: string }>;
      };
      expect(report.results[0]!.status, JSON.stringify(report.results[0])).toBe("pass");
      expect(code).toBe(0);
      expect(leftovers(runLabel(output.stderr))).toEqual([]);
    },
  );

  it("leaves nothing behind when cancelled mid-run (SIGINT)", { timeout: 180_000 }, async () => {
    const dir = tempDir("services-cancel");
    const file = join(dir, "sleeper.md");
    writeFileSync(file, redisReply(['cmd("SET", "k", "v")', "import time", "time.sleep(120)"].join("\n")));
    const { child, output, exit } = startCli([
      ...RUN_FLAGS,
      ...WITH_REDIS,
      "--workdir",
      dir,
      "--timeout",
      "150s",
      file,
    ]);
    // Signalled once the sandbox itself runs: the service and the network are up by then.
    for (;;) {
      const label = /carry the label (\S+)/.exec(output.stderr)?.[1];
      const running = label
        ? docker("ps", "--filter", `label=${label}`, "--format", "{{.Names}}").split("\n").filter(Boolean)
        : [];
      if (running.some((name) => /^sandbox-gate-[0-9a-f]{16}$/.test(name))) break;
      if (child.exitCode !== null) throw new Error(`the CLI ended first: ${output.stderr}`);
      await new Promise((done) => setTimeout(done, 200));
    }
    const label = runLabel(output.stderr);
    expect(docker("network", "ls", "--filter", `label=${label}`, "--format", "{{.Name}}").trim()).not.toBe("");
    child.kill("SIGINT");
    expect(await exit, output.stderr).toBe(130);
    expect(leftovers(label)).toEqual([]);
  });
});

describe("a service that does not get ready", () => {
  const label = `${RUN_LABEL}=services-test-${process.pid}-${Date.now()}`;
  const [key, value] = label.split("=") as [string, string];

  function job(services: SandboxJob["services"]): SandboxJob {
    return {
      image: TEST_IMAGE,
      files: [],
      command: "true",
      limits: {
        timeoutMs: 10_000,
        memoryBytes: 128 * 1024 * 1024,
        cpus: 1,
        pidsLimit: 64,
        maxOutputBytes: 65536,
        workdirBytes: 64 * 1024 * 1024,
        runtime: "",
      },
      labels: { [key]: value },
      ...(services && { services }),
    };
  }

  // The engine itself, with a short wait: the run's 60 s changes nothing of what is proved.
  const engine = () => new ServicesEngine(new CliEngine(), { binary: "docker", readyTimeoutMs: 3_000 });

  it(
    "is our failure, with its log, when it never accepts connections; nothing is left",
    { timeout: 120_000 },
    async () => {
      const services = engine();
      // The image EXPOSEs 6379; its command here sleeps without listening.
      const facts = await services.run(job([{ name: "sleeper", image: REDIS_IMAGE, args: ["sleep", "1000"] }]));
      expect(await services.close()).toEqual([]);
      expect(facts.sandboxError).toMatch(
        /^service 'sleeper' \(sandbox-gate-test\/redis:1\) did not accept connections on TCP port 6379 within 3 s; its log:\n\(empty\)$/,
      );
      expect(leftovers(label)).toEqual([]);
    },
  );

  it("is our failure, with its log, when it exits first; nothing is left", { timeout: 120_000 }, async () => {
    const services = engine();
    const facts = await services.run(
      job([{ name: "broken", image: REDIS_IMAGE, args: ["redis-server", "--port", "not-a-port"] }]),
    );
    expect(await services.close()).toEqual([]);
    expect(facts.sandboxError).toMatch(
      /^service 'broken' \(sandbox-gate-test\/redis:1\) exited with code 1 before accepting connections; its log:\n/,
    );
    expect(facts.sandboxError).toMatch(/port/i);
    expect(leftovers(label)).toEqual([]);
  });
});

describe("services through the library", () => {
  // The library's run id is its own; this block's containers and networks carry an owner label of their own.
  const { owner } = ownerOfBlock("lib-services");
  const options = () => ({
    workdir: tempDir("lib-services"),
    language: "python" as const,
    image: TEST_IMAGE,
    pull: "never" as const,
    command: "python3 solution.py",
    services: [`redis=${REDIS_IMAGE}`],
    timeout: "60s",
    concurrency: 2,
  });

  it(
    "gives each judgement a fresh Redis, also one after a cancelled judgement, and close() leaves nothing",
    { timeout: 180_000 },
    async () => {
      const sandbox = await openSandbox(options());
      try {
        // One after another: were the service shared, the second would find the first's key.
        expect(await sandbox.judge({ reply: FRESH, id: "first" })).toMatchObject({ id: "first", status: "pass" });
        expect(await sandbox.judge({ reply: FRESH, id: "second" })).toMatchObject({ id: "second", status: "pass" });
        // A judgement cancelled while its sandbox talks to its Redis: its service and network go with it.
        const controller = new AbortController();
        const sleeper = redisReply(
          ['cmd("SET", "left-by", "a-cancelled-one")', "import time", "time.sleep(120)"].join("\n"),
        );
        const judging = sandbox.judge({ reply: sleeper, id: "cancelled" }, { signal: controller.signal });
        const outcome = judging.then(
          () => "resolved",
          (error: unknown) => error,
        );
        await vi.waitFor(
          () =>
            expect(
              docker("ps", "--filter", `label=${OWNER_LABEL}=${owner}`, "--format", "{{.Names}}")
                .split("\n")
                .some((name) => /^sandbox-gate-[0-9a-f]{16}$/.test(name)),
            ).toBe(true),
          { timeout: 60_000, interval: 200 },
        );
        controller.abort();
        expect(((await outcome) as Error).name).toBe("AbortError");
        // The sandbox judges on, with a fresh service: the cancelled one's key is not there.
        expect(await sandbox.judge({ reply: FRESH, id: "after" })).toMatchObject({ id: "after", status: "pass" });
      } finally {
        await sandbox.close();
      }
      expect(leftovers(`${OWNER_LABEL}=${owner}`)).toEqual([]);
    },
  );

  it("is refused, with one error naming the option, where the isolation cannot give it", async () => {
    for (const isolation of ["namespace", "run"] as const) {
      const error = await openSandbox({ ...options(), isolation }).then(
        () => undefined,
        (thrown: unknown) => thrown as Error,
      );
      expect(error?.message, isolation).toMatch(
        new RegExp(`^option 'services': cannot be combined with isolation: ${isolation}`),
      );
    }
  });
});
