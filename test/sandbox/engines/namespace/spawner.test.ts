// The spawner, for real as root (as maker.test.ts): makers forked by one perl process, their stdio pipes
// (FIFOs) the gate reads and writes as it did a spawned child's.
import { chmodSync, readdirSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { type MakerJob, findTools } from "../../../../src/sandbox/engines/namespace/maker.js";
import { SPAWNER, type SpawnedChild, Spawner } from "../../../../src/sandbox/engines/namespace/spawner.js";
import { tempDir } from "../../../support/temp.js";

const tools = findTools();
if (typeof tools === "string") throw new Error(`the spawner's tests need ${tools}`);
const dir = tempDir("spawner");
chmodSync(dir, 0o700);
const spawner = new Spawner(tools.perl, dir);
afterAll(() => spawner.close());
const ENV = { PATH: "/usr/bin:/bin" };
let next = 0;

function job(script: string, extra: Partial<MakerJob> = {}): MakerJob {
  return {
    cgroupProcs: [],
    mounts: [],
    rlimits: [],
    user: { uid: 65534, gid: 65534, groups: [] },
    command: ["/bin/sh", "-c", script],
    ...extra,
  };
}

/** Starts `script`, writes `input`, reads both streams to their end: what a run of child-run.ts sees. */
async function run(script: string, input = "", extra: Partial<MakerJob> = {}) {
  const child = await spawner.start(`t${next++}`, "/dev/null", job(script, extra), ENV);
  return finish(child, input);
}

async function finish(child: SpawnedChild, input = "") {
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const closed = new Promise<[number | null, string | null]>((resolve) =>
    child.once("close", (code: number | null, signal: string | null) => resolve([code, signal])),
  );
  child.stdin.end(input);
  const [code, signal] = await closed;
  return { code, signal, stdout, stderr, pid: child.pid };
}

describe("the spawner", () => {
  it("runs the maker with its input, output and exit, stdio pipes as a spawned child's", async () => {
    const result = await run(
      'cat; echo "to err" >&2; for fd in 0 1 2; do stat -L -c %F /proc/self/fd/$fd; done; echo direct > /dev/stdout; exit 3',
      "the input\n",
    );
    expect(result).toMatchObject({
      code: 3,
      signal: null,
      stdout: "the input\nfifo\nfifo\nfifo\ndirect\n",
      stderr: "to err\n",
    });
    expect(result.pid).toBeGreaterThan(1);
  });

  it("gives the maker's command stdio and the seccomp program's descriptor (3) only, SIGCHLD default and unblocked", async () => {
    const result = await run(
      'ls /proc/self/fd | sort -n | tr "\\n" " "; readlink /proc/self/fd/3; grep -E "^Sig(Blk|Ign)" /proc/self/status',
    );
    // 4: ls's own, of /proc/self/fd.
    expect(result.stdout).toBe("0 1 2 3 4 /dev/null\nSigBlk:\t0000000000000000\nSigIgn:\t0000000000000000\n");
  });

  it("forgets the FIFOs once both ends are open: nothing is left in its directory", async () => {
    await run("true");
    expect(readdirSync(dir)).toEqual([]);
  });

  it("keeps many makers apart, each with its own streams and exit", async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) => run(`read line; echo "$line $$"; exit ${i}`, `n${i}\n`)),
    );
    results.forEach((result, i) => {
      expect(result.code).toBe(i);
      expect(result.stdout).toMatch(new RegExp(`^n${i} \\d+\\n$`));
    });
  });

  it("signals a maker it has not reaped, and says the signal it ended by", async () => {
    const child = await spawner.start(`t${next++}`, "/dev/null", job("exec sleep 30"), ENV);
    setTimeout(() => child.kill("SIGKILL"), 100);
    expect(await finish(child)).toMatchObject({ code: null, signal: "SIGKILL" });
    expect(child.kill("SIGKILL")).toBe(false);
  });

  it("reports the maker's own failure as it did: exit 125 and one line", async () => {
    const result = await run("echo ran", "", { cgroupProcs: ["/nonexistent/cgroup.procs"] });
    expect(result.code).toBe(125);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(/^sandbox-gate: cannot join the sandbox's cgroup \(\/nonexistent\/cgroup.procs\): /);
  });

  it("fails a start it cannot make, and every maker it has not reaped when it is gone, naming it", async () => {
    const other = new Spawner(tools.perl, "/nonexistent-dir");
    await expect(other.start("x", "/dev/null", job("true"), ENV)).rejects.toThrow(
      "cannot make /nonexistent-dir/x.in: No such file or directory",
    );
    other.close();
    const closing = new Spawner(tools.perl, dir);
    const child = await closing.start("y", "/dev/null", job("exec sleep 1"), ENV);
    const failed = new Promise<Error>((resolve) => child.once("error", resolve));
    closing.close();
    expect((await failed).message).toMatch(/^the sandbox spawner ended/);
  });

  it("reports a maker's end even when its SIGCHLD never reaches the handler", async () => {
    // perl runs its handler between its own steps: a SIGCHLD just before it blocks in a read waited for the
    // gate's next line, which the gate (waiting for that end) may never send. Without the handler at all,
    // the spawner's periodic reap is what reports the end.
    const handler = "$SIG{CHLD} = \\&reap;";
    expect(SPAWNER).toContain(handler);
    const deaf = new Spawner(tools.perl, dir, SPAWNER.replace(handler, ""));
    try {
      const ends = await Promise.all(
        Array.from({ length: 4 }, async (_, i) => {
          const child = await deaf.start(`deaf${i}`, "/dev/null", job(`exit ${i}`), ENV);
          return (await finish(child)).code;
        }),
      );
      expect(ends).toEqual([0, 1, 2, 3]);
    } finally {
      deaf.close();
    }
  });
});
