// A cancelled run (Ctrl-C's SIGINT, a job's SIGTERM): what the CLI says, and its exit code. The watch on
// its own with a scripted process, then the CLI as a real process over a docker that runs nothing: its
// candidates hang until the run's abort removes them.
import { spawn } from "node:child_process";
import { EventEmitter } from "node:events";
import { chmodSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { CancelWatch, cancelledLine, exitCodeOfSignal, type SignalSource } from "../../src/cli/cancel.js";
import { tempDir } from "../support/temp.js";

describe("cancelledLine", () => {
  it("says how far the judging got, that nothing is decided, and the exit status", () => {
    expect(cancelledLine("SIGINT", 3, 10)).toBe(
      "cancelled by SIGINT: 3 of 10 candidate(s) judged; a cancelled run decides nothing (exit 130)",
    );
    expect(cancelledLine("SIGTERM", 0, undefined)).toBe(
      "cancelled by SIGTERM: before any candidate was judged; a cancelled run decides nothing (exit 143)",
    );
    expect([exitCodeOfSignal("SIGINT"), exitCodeOfSignal("SIGTERM")]).toEqual([130, 143]);
  });
});

/** A process as far as the watch uses it: signals emitted by the test, exit recorded. */
class ScriptedProcess extends EventEmitter implements SignalSource {
  exited: number[] = [];
  exit(code: number): never {
    this.exited.push(code);
    return undefined as never;
  }
}

describe("CancelWatch", () => {
  it("says the first signal once, with the judging's progress, and gives its exit code", () => {
    const source = new ScriptedProcess();
    source.on("SIGINT", () => {}); // the run's own handler, installed with the engine
    const said: string[] = [];
    const watch = new CancelWatch((line) => said.push(line), source);
    watch.judged(0, 4);
    watch.judged(1, 4);
    expect(watch.exitCode).toBeUndefined();
    source.emit("SIGINT", "SIGINT");
    source.emit("SIGTERM", "SIGTERM");
    expect(said).toEqual([cancelledLine("SIGINT", 1, 4)]);
    expect([watch.signal, watch.exitCode]).toEqual(["SIGINT", 130]);
    // The run's handler ends the process; the watch does not.
    expect(source.exited).toEqual([]);
  });

  it("exits itself when no handler of the run's is there to, as Node would have", () => {
    const source = new ScriptedProcess();
    const said: string[] = [];
    new CancelWatch((line) => said.push(line), source);
    source.emit("SIGTERM", "SIGTERM");
    expect(said).toEqual([cancelledLine("SIGTERM", 0, undefined)]);
    expect(source.exited).toEqual([143]);
  });

  it("stops listening once disposed", () => {
    const source = new ScriptedProcess();
    new CancelWatch(() => {}, source).dispose();
    expect([source.listenerCount("SIGINT"), source.listenerCount("SIGTERM")]).toEqual([0, 0]);
  });
});

const ROOT = resolve(import.meta.dirname, "../..");

// A docker CLI that runs nothing: `run` records its pid under the container's name and sleeps, as a
// candidate that hangs; `rm -f` ends the ones it names, as docker removes a running container.
const FAKE_DOCKER = `#!/bin/sh
state="$FAKE_DOCKER_STATE"
case "$1" in
  run)
    while [ "$#" -gt 0 ] && [ "$1" != "--name" ]; do shift; done
    echo $$ > "$state/$2"
    exec sleep 60 ;;
  rm)
    shift
    for name in "$@"; do
      if [ -f "$state/$name" ]; then kill "$(cat "$state/$name")"; rm -f "$state/$name"; echo "$name"; fi
    done ;;
  image) echo sha256:0 ;;
  inspect) echo '{}' ;;
esac
exit 0
`;

describe("sandbox-gate run, cancelled", () => {
  it.each([
    ["SIGINT", 130],
    ["SIGTERM", 143],
  ] as const)("on %s says so, never as our failure, and exits %i", async (signal, code) => {
    const dir = tempDir("cli-cancel");
    const bin = join(dir, "bin");
    const state = join(dir, "state");
    mkdirSync(bin);
    mkdirSync(state);
    writeFileSync(join(bin, "docker"), FAKE_DOCKER);
    chmodSync(join(bin, "docker"), 0o755);
    const replies = ["a", "b", "c"].map((name) => join(dir, `${name}.md`));
    for (const reply of replies) writeFileSync(reply, "```bash\nsleep 60\n```\n");
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        resolve(ROOT, "src/cli.ts"),
        "run",
        ...["--language", "bash", "--image", "fake", "--pull", "never", "--timeout", "1m", "--concurrency", "2"],
        ...replies,
      ],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          PATH: `${bin}:${process.env.PATH}`,
          SANDBOX_GATE_ENGINE: "cli",
          FAKE_DOCKER_STATE: state,
        },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    const output = { stdout: "", stderr: "" };
    child.stdout.on("data", (d: Buffer) => (output.stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output.stderr += d.toString()));
    const exit = new Promise<number | null>((done) => child.once("close", (c) => done(c)));
    // Two candidates running (concurrency 2), the third waiting for a slot.
    await expect.poll(() => readdirSync(state).length, { timeout: 30_000, interval: 50 }).toBe(2);
    child.kill(signal);
    expect(await exit, output.stderr).toBe(code);
    expect(output.stderr).toContain(
      `sandbox-gate: cancelled by ${signal}: 0 of 3 candidate(s) judged; a cancelled run decides nothing (exit ${code})\n`,
    );
    expect(output.stderr).toMatch(/sandbox-gate: removed 2 container\(s\)/);
    expect(output.stderr).not.toMatch(/exit 3|sandbox_error|our side failed|failed the gate/);
    expect(output.stdout).toBe("");
    expect(readdirSync(state)).toEqual([]);
  });
});
