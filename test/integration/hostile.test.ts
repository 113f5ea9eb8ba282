// The hostile suite: candidates that attack the sandbox or the runner, each judged through the real
// pipeline on the real engine. Every test asserts the exact status and that the runner survived (its
// removals worked, no container of the run is left). Without the limit that decides a case, this was seen:
//   endless loop, closed stdout (no kill at the timeout): the run never ends · CPU spin (no --cpus): share
//   0.93 on a busy runner · memory bomb (no --memory): the 2 s timeout, not oom · fork bomb (no
//   --pids-limit): the memory limit kills it, oom · fd exhaustion (no nofile): 10 000 opens, pass · disk fill
//   (unsized tmpfs): the tmpfs eats the memory limit, oom · exfiltration (no --network none): "sent", pass ·
//   env, socket, host path (passed in, mounted): the secret is found, pass · writes (no --read-only): "wrote
//   /var/tmp" · PID 1 (no --init): the shell is PID 1 and ignores SIGTERM, pass · forged marker (fixed
//   markers): test_failed · VOLUME (rm without -v): a dangling volume.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newNonce, runMarker } from "../../src/sandbox/driver.js";
import { RUN_LABEL } from "../../src/sandbox/job.js";
import { pullRequestEvent, runStep } from "./bundled-action.js";
import { flags, startCli } from "./gate-process.js";
import {
  DAEMON_NAME,
  ENDING_CASES,
  HOSTILE_INPUTS,
  HostileWorld,
  CASE_TEST_TIMEOUT_MS,
  LIMIT_CASES,
  Sandbox,
  codeOf,
  fence,
} from "./hostile-cases.js";
import { TEST_IMAGE, docker } from "./support.js";
import { readValidReport } from "../support/report-schema.js";

const MiB = 1024 * 1024;
// The CLI's and the action's inputs for the hostile-output tests: the suite's limits, strings only.
const CLI_INPUTS = Object.fromEntries(Object.entries(HOSTILE_INPUTS).filter(([, v]) => v !== undefined)) as Record<
  string,
  string
>;
const sandbox = new Sandbox();
let world: HostileWorld;

beforeAll(async () => {
  world = await HostileWorld.start();
});

afterAll(async () => {
  world.close();
  await sandbox.expectClean();
});

describe("hostile candidates", () => {
  it.each([...LIMIT_CASES, ...ENDING_CASES])("$name: $status", { timeout: CASE_TEST_TIMEOUT_MS }, async (c) => {
    const judged = await sandbox.judge(c.language, codeOf(c, world), c.inputs);
    expect(judged.result.status, judged.result.feedback).toBe(c.status);
    c.check?.(judged, world);
    await sandbox.expectClean();
    expect(world.received()).toBe("");
  });

  it("leaves no process of a daemonized child on the host", () => {
    expect(docker("ps", "-q", "--filter", `label=${RUN_LABEL}=${sandbox.runId}`)).toBe("");
    expect(hostProcesses(DAEMON_NAME)).toEqual([]);
  });

  // The checker runs before the candidate and echoes its source (`node --check` prints the bad line).
  it.each([
    ["the fixed marker of old", "\x1esandbox-gate:run"],
    ["a guessed nonce", runMarker(newNonce()).trimEnd()],
  ])("cannot forge the run marker with %s in a line the checker echoes", async (_, forged) => {
    const { result } = await sandbox.judge("javascript", `const ok = 1;\n${forged}\n`);
    expect(result.status).toBe("syntax_error");
    expect(result.syntax?.line).toBe(2);
    await sandbox.expectClean();
  });

  it("cannot read the marker nonce: not in any argv or environment in the container", async () => {
    const nonce = newNonce();
    const facts = await sandbox.engine.run(
      {
        image: TEST_IMAGE,
        files: [],
        check: ["true"],
        command: "for f in /proc/[0-9]*/cmdline /proc/[0-9]*/environ; do tr '\\0' ' ' < \"$f\"; echo; done; env",
        limits: {
          // Expects an exit 0: room for a loaded runner.
          timeoutMs: 15_000,
          memoryBytes: 64 * MiB,
          cpus: 1,
          pidsLimit: 64,
          maxOutputBytes: MiB,
          workdirBytes: 8 * MiB,
        },
        labels: { [RUN_LABEL]: sandbox.runId },
      },
      { nonce },
    );
    expect(facts).toMatchObject({ phase: "run", exitCode: 0 });
    // PID 1 (docker-init) carries the driver's argv; the nonce is not in it.
    expect(facts.stdout.text).toContain("sandbox-gate:run:%s");
    expect(facts.stdout.text).not.toContain(nonce);
    await sandbox.expectClean();
  });
});

// An image's VOLUME gets an anonymous volume, writable despite --read-only; it must go with the container.
describe("an image that declares a VOLUME", () => {
  // Named for this run: a second run of the suite on the same engine removes its own at its end.
  const image = `sandbox-gate-test/volume-${randomBytes(4).toString("hex")}:1`;
  const volumeSandbox = new Sandbox({ image });
  const dangling = () => docker("volume", "ls", "-q", "--filter", "dangling=true").split("\n").filter(Boolean);

  beforeAll(() => {
    // World-writable, as images that expect any user to write their volume make it.
    const base = docker("create", TEST_IMAGE, "mkdir", "-m", "1777", "/data").trim();
    docker("start", "--attach", base);
    docker("commit", "--change", "VOLUME /data", base, image);
    docker("rm", base);
  });

  afterAll(async () => {
    await volumeSandbox.expectClean();
    docker("rmi", image);
  });

  it("leaves no volume behind", async () => {
    const before = dangling();
    const { result } = await volumeSandbox.judge("bash", "echo kept > /data/file && cat /data/file");
    expect(result.status, result.feedback).toBe("pass");
    expect(result.stdout).toBe("kept\n");
    await volumeSandbox.expectClean();
    expect(dangling().filter((volume) => !before.includes(volume))).toEqual([]);
  });
});

describe("hostile replies", () => {
  const big = `DATA = "${"a".repeat(6 * MiB)}"\nprint(len(DATA))`;

  // The work dir must hold the candidate; one that does not fit is refused at unpacking, before it runs.
  it.each([
    ["fits", "16m", "pass"],
    ["does not fit", "4m", "sandbox_error"],
  ])("judges a 6 MiB candidate whose work dir %s: %s", { timeout: 30_000 }, async (_, tmpfs, status) => {
    const { result, elapsedMs } = await sandbox.judge("python", big, { "tmpfs-size": tmpfs, timeout: "10s" });
    expect(result.status, result.feedback).toBe(status);
    if (status === "pass") expect(result.stdout).toBe(`${6 * MiB}\n`);
    else expect(result.feedback).toMatch(/could not unpack the files/);
    expect(elapsedMs).toBeLessThan(15_000);
    await sandbox.expectClean();
  });

  it("picks one of 1 000 fences quickly and runs only that one", async () => {
    const fences = Array.from({ length: 1000 }, (_, i) =>
      ["```python", i === 737 ? "print('fence 737 of 1000')" : `print(${i})`, "```"].join("\n"),
    );
    const { result, elapsedMs } = await sandbox.judgeReply(`Options:\n\n${fences.join("\n\nor\n\n")}\n`);
    expect(result.status).toBe("pass");
    expect(result.stdout).toBe("fence 737 of 1000\n");
    expect(elapsedMs).toBeLessThan(5_000);
    await sandbox.expectClean();
  });

  it("runs the longest block that parses once the longer one failed its parse check", async () => {
    const longer = "```python\ndef answer(:\n    print('the longer, broken block ran')\n```";
    const { result } = await sandbox.judgeReply(
      `${longer}\n\nor, fixed:\n\n\`\`\`python\nprint('the shorter block ran')\n\`\`\`\n`,
    );
    expect(result).toMatchObject({ status: "pass", stdout: "the shorter block ran\n" });
    await sandbox.expectClean();
  });

  // Each block tried is a container: 1 000 broken fences must not become 1 000 runs.
  it(
    "gives up on 1 000 fences that do not parse after a few, with the longest one's error",
    { timeout: 30_000 },
    async () => {
      const fences = Array.from({ length: 1000 }, (_, i) =>
        ["```python", i === 737 ? "def longest_of_all(:" : `def f${i}(:`, "```"].join("\n"),
      );
      const { result, elapsedMs } = await sandbox.judgeReply(`Options:\n\n${fences.join("\n\nor\n\n")}\n`);
      expect(result.status).toBe("syntax_error");
      expect(result.syntax).toMatchObject({ file: "solution.py", line: 1, column: 20 });
      expect(elapsedMs).toBeLessThan(15_000);
      await sandbox.expectClean();
    },
  );

  it("still runs a plain candidate after all of them", async () => {
    const { result } = await sandbox.judge("python", "print('fine')");
    expect(result).toMatchObject({ status: "pass", stdout: "fine\n" });
  });
});

describe("the gate process under hostile output", () => {
  const dir = () => mkdtempSync(join(world.dir, "cli-"));

  // Each stream is kept up to max-output and only counted beyond: keeping it all would cost 1 GiB.
  it("stays under 200 MB of memory while a candidate floods 1 GiB to stdout", { timeout: 180_000 }, async () => {
    const work = dir();
    const rss = join(work, "rss.txt");
    // Peak RSS as the kernel counted it over the process's whole life, written as it exits.
    writeFileSync(
      join(work, "rss.cjs"),
      `process.on("exit", () => require("fs").writeFileSync(${JSON.stringify(rss)}, String(process.resourceUsage().maxRSS)));`,
    );
    writeFileSync(join(work, "flood.md"), fence("bash", `yes 'flood flood flood flood' | head -c ${1024 * MiB}`));
    const report = join(work, "report.json");
    const started = performance.now();
    const cli = startCli(
      [...flags({ ...CLI_INPUTS, language: "bash", timeout: "150s", report }), join(work, "flood.md")],
      {
        nodeArgs: ["--require", join(work, "rss.cjs")],
      },
    );
    expect(await cli.exit, cli.output.stderr).toBe(0);
    const seconds = (performance.now() - started) / 1000;
    const peakMb = Number(readFileSync(rss, "utf8")) / 1024;
    console.log(
      `1 GiB flood: gate peak RSS ${peakMb.toFixed(1)} MB, ${seconds.toFixed(1)} s (${(1024 / seconds).toFixed(0)} MiB/s)`,
    );
    expect(peakMb).toBeLessThan(200);
    const [result] = readValidReport(report).results;
    expect(result).toMatchObject({ status: "pass", truncated: { stdout: true, stderr: false } });
    expect(result!.stdout).toHaveLength(64 * 1024);
  });

  // Escapes could rewrite a terminal or a log view; a line starting with :: is a workflow command.
  const payload = String.raw`b"\x1b[2J\x1b]0;owned\x07\x1b[31mred\x1b[0m \xff\xfe\xc3\x28 \r\n::error::forged\n::set-output name=status::pass\n::add-mask::sandbox\n"`;
  const hostile = fence(
    "python",
    `import sys\nfor out in (sys.stdout, sys.stderr):\n    out.buffer.write(${payload})\nsys.exit(1)`,
  );
  const NO_CONTROLS = /[\x1b\x07\x9b]/;
  const expectHarmless = (log: string): void => {
    expect(log).not.toMatch(NO_CONTROLS);
    expect(log).not.toMatch(/^::(error::forged|set-output|add-mask::sandbox)/m);
  };

  it("keeps escape sequences, bad UTF-8 and workflow commands off the CLI's terminal and out of its report", async () => {
    const work = dir();
    writeFileSync(join(work, "hostile.md"), hostile);
    const report = join(work, "report.json");
    const cli = startCli([...flags({ ...CLI_INPUTS, language: "python", report }), join(work, "hostile.md")]);
    expect(await cli.exit).toBe(1);
    expectHarmless(cli.output.stdout + cli.output.stderr);
    const [result] = readValidReport(report).results;
    expect(result!.status).toBe("test_failed");
    // The report keeps what was written, bad bytes as U+FFFD, as valid JSON.
    expect(result!.stdout).toContain("\x1b[2J");
    expect(result!.stdout).toContain("\uFFFD\uFFFD\uFFFD(");
  });

  it("keeps them out of the bundled action's log, annotations and summary", { timeout: 60_000 }, async () => {
    const workspace = dir();
    writeFileSync(join(workspace, "hostile.md"), hostile);
    const step = await runStep({
      apiUrl: "http://127.0.0.1:9",
      workspace,
      event: pullRequestEvent(1),
      inputs: { ...CLI_INPUTS, language: "python", source: "files", files: "*.md", comment: "false" },
    });
    expect(step.exitCode).toBe(1);
    expect(step.outputs.status).toBe("fail");
    expect(JSON.parse(step.outputs.results!)).toMatchObject([{ status: "test_failed" }]);
    expectHarmless(step.stdout + step.stderr);
    // The summary is a file, not the command channel: only the escapes matter there.
    expect(step.summary).not.toMatch(NO_CONTROLS);
  });
});

/** Host processes whose command line matches: a container's processes show in the host's table. */
function hostProcesses(pattern: string): string[] {
  const found = spawnSync("pgrep", ["-af", pattern], { encoding: "utf8" });
  return found.stdout.split("\n").filter(Boolean);
}
