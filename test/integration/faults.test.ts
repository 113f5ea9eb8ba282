// Faults around the gate, on real processes: a cancelled CLI or action (signals), a Docker engine that
// stops in the middle of a run or before it, and a GitHub API that fails for a while. Each ends with
// nothing of ours left: no container, no temp file, no hung process.
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { closeSync, openSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { RUN_LABEL } from "../../src/sandbox/job.js";
import { AGENT, TOKEN, startFakeGitHub, type FakeGitHub } from "../support/github-server.js";
import { flags, startCli } from "./gate-process.js";
import { node24Path, pullRequestEvent, runStep, type StepOptions } from "./bundled-action.js";
import { TEST_IMAGE, docker, ensurePodmanImage } from "./support.js";
import { tempDir } from "../support/temp.js";
import { readValidReport } from "../support/report-schema.js";

/** A reply that sleeps for a minute as a process named `name`, which the host's process table shows. */
const sleeper = (name: string): string => `\`\`\`bash\nexec -a ${name} sleep 60\n\`\`\`\n`;

function pids(pgrepArgs: string[]): string[] {
  return spawnSync("pgrep", pgrepArgs, { encoding: "utf8" }).stdout.split("\n").filter(Boolean);
}

type Binary = "docker" | "podman";

function cli(binary: Binary, ...args: string[]): string {
  return binary === "docker"
    ? docker(...args)
    : execFileSync("podman", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

/** The run label of the container a process runs in, from its cgroup (docker's, or podman's libpod-ID). */
function runLabelOf(pid: string, binary: Binary = "docker"): string {
  const id = /(?:\/docker\/|\/libpod-)([0-9a-f]{64})$/m.exec(readFileSync(`/proc/${pid}/cgroup`, "utf8"))?.[1];
  expect(id).toBeDefined();
  return `${RUN_LABEL}=${cli(binary, "inspect", "--format", `{{index .Config.Labels "${RUN_LABEL}"}}`, id!).trim()}`;
}

function containers(label: string, binary: Binary = "docker", ...filters: string[]): string[] {
  return cli(
    binary,
    "ps",
    "-a",
    "--filter",
    `label=${label}`,
    ...filters.flatMap((f) => ["--filter", f]),
    "--format",
    "{{.Names}}",
  )
    .split("\n")
    .filter(Boolean);
}

/**
 * Waits until `count` sleepers named `name` run; returns their run's label. A pool keeps warm
 * containers beside them, with the same label, so the sleepers are counted, not the containers.
 */
async function whenSleeping(name: string, count: number, binary: Binary = "docker"): Promise<string> {
  return vi.waitFor(
    () => {
      const sleeping = pids(["-f", name]);
      expect(sleeping).toHaveLength(count);
      return runLabelOf(sleeping[0]!, binary);
    },
    // Room for podman starting containers at load 20, where 20 s saw one sleeper of two.
    { timeout: 60_000, interval: 100 },
  );
}

/** A workspace of `count` sleeper replies, and the name their processes carry. */
function sleepers(count: number): { dir: string; files: string[]; name: string } {
  const dir = tempDir("faults-ws");
  const name = `sg-sleeper-${randomBytes(4).toString("hex")}`;
  const files = Array.from({ length: count }, (_, i) => join(dir, `sleeper-${i}.md`));
  for (const file of files) writeFileSync(file, sleeper(name));
  return { dir, files, name };
}

const SANDBOX_INPUTS = { language: "bash", image: TEST_IMAGE, pull: "never", timeout: "60s", concurrency: "2" };

/** The gate picks the Engine API when its socket answers; a docker context sends it through the CLI. */
const ENGINES = [
  ["the Engine API pool", {}],
  ["the docker CLI", { DOCKER_CONTEXT: "default" }],
] as const;

/**
 * podman through the `engine` input: its runs also hold a working directory each (engines/cli/cli-engine.ts
 * says why).
 */
const CANCELLABLE = [
  ...ENGINES.map(([what, env]) => [what, env, "docker"] as const),
  ["podman", {}, "podman"] as const,
];

describe.each(CANCELLABLE)("a cancelled CLI on %s", (_, engineEnv, binary) => {
  beforeAll(() => {
    if (binary === "podman") ensurePodmanImage();
  }, 120_000);

  it.each([
    ["SIGTERM", 143],
    ["SIGINT", 130],
  ] as const)("on %s removes its running containers, then exits %i", { timeout: 60_000 }, async (signal, code) => {
    const { files, name } = sleepers(3);
    const tmp = tempDir("faults-tmp");
    const inputs = { ...SANDBOX_INPUTS, engine: binary };
    const { child, output, exit } = startCli([...flags(inputs), ...files], { env: { ...engineEnv, TMPDIR: tmp } });
    const label = await whenSleeping(name, 2, binary);
    const signalledAt = performance.now();
    child.kill(signal);
    expect(await exit).toBe(code);
    expect(performance.now() - signalledAt).toBeLessThan(10_000);
    expect(output.stderr).toMatch(/removed \d+ container\(s\)/);
    // Said as a cancel, never as our failure: the candidates it stopped are no sandbox_error to report.
    expect(output.stderr).toMatch(new RegExp(`cancelled by ${signal}: \\d of 3 candidate\\(s\\) judged`));
    expect(output.stderr).not.toMatch(/exit 3|our side failed/);
    expect(containers(label, binary)).toEqual([]);
    expect(pids(["-f", name])).toEqual([]);
    expect(readdirSync(tmp)).toEqual([]);
  });
});

describe("a cancelled action", () => {
  function step(workspace: string, onSpawn: (child: ChildProcess) => void, tmp: string): StepOptions {
    return {
      apiUrl: "http://127.0.0.1:9",
      workspace,
      event: pullRequestEvent(7),
      inputs: { ...SANDBOX_INPUTS, source: "files", files: "*.md", comment: "false" },
      env: { TMPDIR: tmp },
      onSpawn,
    };
  }

  beforeAll(() => {
    node24Path();
  });

  it(
    "on SIGTERM removes its containers in the main step; the post step then finds none",
    { timeout: 60_000 },
    async () => {
      const { dir, name } = sleepers(3);
      const tmp = tempDir("faults-tmp");
      let label = "";
      const main = await runStep(
        step(dir, (child) => void whenSleeping(name, 2).then((found) => ((label = found), child.kill("SIGTERM"))), tmp),
      );
      expect(main.exitCode, main.stdout).toBe(143);
      expect(main.stdout).toMatch(/::warning::sandbox-gate: removed \d+ container\(s\)/);
      expect(containers(label)).toEqual([]);
      expect(pids(["-f", name])).toEqual([]);
      const post = await runStep({ ...step(dir, () => {}, tmp), state: main.state });
      expect(post.exitCode).toBe(0);
      expect(post.stdout).not.toMatch(/removed/);
      expect(readdirSync(tmp)).toEqual([]);
    },
  );

  it("killed outright leaves running containers that the post step removes by label", { timeout: 60_000 }, async () => {
    const { dir, name } = sleepers(2);
    const tmp = tempDir("faults-tmp");
    let label = "";
    const main = await runStep(
      step(dir, (child) => void whenSleeping(name, 2).then((found) => ((label = found), child.kill("SIGKILL"))), tmp),
    );
    expect(main.exitCode).toBeNull();
    expect(pids(["-f", name])).toHaveLength(2);
    const post = await runStep({ ...step(dir, () => {}, tmp), state: main.state });
    expect(post.exitCode).toBe(0);
    expect(post.stdout).toMatch(/removed \d+ leftover\(s\) of this run \(containers, networks, then images\)/);
    expect(containers(label)).toEqual([]);
    expect(pids(["-f", name])).toEqual([]);
  });
});

/**
 * A second dockerd of our own (own data and exec roots), so an engine can be stopped without touching
 * the one every other test uses. It runs in a network namespace of its own: a dockerd changes the host's
 * links (with --bridge none it even deletes the host's docker0), which must never reach the main engine.
 */
class SpareEngine {
  readonly root = tempDir("sg-engine-");
  readonly host = `unix://${this.root}/docker.sock`;
  #process: ChildProcess | undefined;

  async start(): Promise<void> {
    writeFileSync(join(this.root, "daemon.json"), "{}\n");
    const roots = [
      "--data-root",
      join(this.root, "data"),
      "--exec-root",
      join(this.root, "exec"),
      "--pidfile",
      join(this.root, "pid"),
    ];
    const flags = [
      "--host",
      this.host,
      "--config-file",
      join(this.root, "daemon.json"),
      "--iptables=false",
      "--ip-masq=false",
    ];
    const log = openSync(join(this.root, "dockerd.log"), "a");
    this.#process = spawn("unshare", ["--net", "dockerd", ...roots, ...flags], { stdio: ["ignore", log, log] });
    closeSync(log);
    await vi.waitFor(() => expect(this.docker(["info"]).status, this.#log()).toBe(0), {
      timeout: 30_000,
      interval: 200,
    });
  }

  docker(args: string[], input?: Buffer): ReturnType<typeof spawnSync> {
    return spawnSync("docker", ["--host", this.host, ...args], { input, maxBuffer: 1024 ** 3 });
  }

  load(image: string): void {
    const saved = spawnSync("docker", ["save", image], { maxBuffer: 1024 ** 3 });
    expect(this.docker(["load"], saved.stdout).status).toBe(0);
  }

  async stop(signal: NodeJS.Signals): Promise<void> {
    const child = this.#process!;
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(signal);
    await new Promise((done) => child.once("exit", done));
  }

  /**
   * A killed dockerd leaves each running container under its shim: kill the container's init (its
   * PID namespace goes with it), then the shim, by their ids; then the mounts and the roots go.
   */
  async remove(): Promise<void> {
    await this.stop("SIGTERM");
    const shims = pids(["-f", `${this.root}/exec/containerd/containerd.sock`]);
    for (const pid of [...shims.flatMap((shim) => pids(["-P", shim])), ...shims]) process.kill(Number(pid), "SIGKILL");
    await vi.waitFor(() => expect(pids(["-f", this.root])).toEqual([]), { timeout: 10_000 });
    for (const mount of mountsUnder(this.root).reverse()) spawnSync("umount", [mount]);
    expect(mountsUnder(this.root)).toEqual([]);
  }

  #log(): string {
    return readFileSync(join(this.root, "dockerd.log"), "utf8").split("\n").slice(-5).join("\n");
  }
}

function mountsUnder(root: string): string[] {
  return readFileSync("/proc/self/mountinfo", "utf8")
    .split("\n")
    .map((line) => line.split(" ")[4] ?? "")
    .filter((point) => point.startsWith(`${root}/`));
}

describe.each(ENGINES)("a Docker engine that stops, reached by %s", (_, engineEnv) => {
  const engine = new SpareEngine();
  // The first candidate's process name, this run's own: the host's process table shows every run's.
  const SPARE_SLEEPER = `sg-sleeper-spare-${randomBytes(4).toString("hex")}`;
  let github: FakeGitHub;
  const PR = 9;

  beforeAll(async () => {
    node24Path();
    await engine.start();
    engine.load(TEST_IMAGE);
    github = await startFakeGitHub();
    for (const reply of [sleeper(SPARE_SLEEPER), "```bash\necho two\n```", "```bash\necho three\n```"])
      github.addIssueComment("octo", "app", PR, reply, AGENT);
  }, 120_000);

  afterAll(async () => {
    await github?.close();
    await engine.remove();
  }, 120_000);

  function step(onSpawn?: (child: ChildProcess) => void): StepOptions {
    const workspace = tempDir("faults-ws");
    return {
      apiUrl: github.url,
      workspace,
      event: pullRequestEvent(PR),
      inputs: { ...SANDBOX_INPUTS, "github-token": TOKEN, concurrency: "1", report: join(workspace, "report.json") },
      env: { ...engineEnv, DOCKER_HOST: engine.host },
      ...(onSpawn ? { onSpawn } : {}),
    };
  }

  const gateComment = () => github.issueComments("octo", "app", PR).find((c) => c.body.includes("<!-- sandbox-gate:"));

  /** Every candidate ours to blame, the report and the comment written all the same. */
  function expectReported(options: StepOptions, stepResult: Awaited<ReturnType<typeof runStep>>, why: RegExp): void {
    expect(stepResult.exitCode, stepResult.stdout).toBe(1);
    const report = readValidReport(options.inputs.report!);
    expect(report.results.map((r) => r.status)).toEqual(["sandbox_error", "sandbox_error", "sandbox_error"]);
    for (const result of report.results) expect(result.feedback).toMatch(why);
    expect(gateComment()?.body).toMatch(why);
    // The check fails too, and its title says the failure is ours, not the candidates'.
    expect(github.checkRuns).toMatchObject([
      { name: "sandbox-gate", conclusion: "failure", title: expect.stringMatching(/^⚠️ .*re-run/) },
    ]);
  }

  it(
    "in the middle of a run: the running and the remaining candidates are sandbox_error",
    { timeout: 90_000 },
    async () => {
      let killed = false;
      const options = step((child) => {
        void vi
          .waitFor(() => expect(pids(["-f", SPARE_SLEEPER])).toHaveLength(1), { timeout: 30_000, interval: 100 })
          .then(() => engine.stop("SIGKILL"))
          .then(
            () => (killed = true),
            () => child.kill("SIGKILL"),
          );
      });
      const started = performance.now();
      const result = await runStep(options);
      expect(killed).toBe(true);
      expectReported(options, result, /Cannot connect to the Docker daemon|unexpected EOF/);
      expect(performance.now() - started).toBeLessThan(30_000);
    },
  );

  it("before the run: every candidate is sandbox_error at once", { timeout: 60_000 }, async () => {
    const options = step();
    const started = performance.now();
    const result = await runStep(options);
    expectReported(options, result, /Cannot connect to the Docker daemon/);
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});

describe("a GitHub API that fails for a while", () => {
  it("retries a 502 and a secondary rate limit with warnings, then comments", { timeout: 60_000 }, async () => {
    const github = await startFakeGitHub();
    try {
      github.addIssueComment("octo", "app", 5, "```bash\necho ok\n```", AGENT);
      github.failNext(502);
      github.failNext(403, 1, { "retry-after": "1" });
      const result = await runStep({
        apiUrl: github.url,
        workspace: tempDir("faults-ws"),
        event: pullRequestEvent(5),
        inputs: { ...SANDBOX_INPUTS, "github-token": TOKEN, timeout: "20s" },
      });
      expect(result.exitCode, result.stdout).toBe(0);
      expect(result.stdout).toMatch(/::warning::.*502 .*attempt 2 of \d+/);
      expect(result.stdout).toMatch(/::warning::.*403 .*secondary rate limit.*attempt 2 of \d+/);
      expect(github.issueComments("octo", "app", 5).filter((c) => c.body.includes("<!-- sandbox-gate:"))).toHaveLength(
        1,
      );
      expect(github.violations).toEqual([]);
    } finally {
      await github.close();
    }
  });
});
