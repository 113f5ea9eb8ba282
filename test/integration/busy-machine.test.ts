// Verdicts that do not depend on how busy the machine is (docs/judging.md, Time): with four CPU hogs
// beside the gate on this 2-core machine, a candidate that needs 1 s of CPU passes a 2.5 s timeout although
// its wall clock is stretched far past it, an endless loop still ends `timeout` (told a loop by its CPU
// time), and a sleeper ends `timeout` at its limit (told a wait). Without the clock's accounting the first
// ends `timeout`: each hog is a session of its own, as separate jobs' processes are (the kernel's autogroup
// gives each session one share), so the two sandboxes and four hogs share 2 cores and 1 s of CPU takes
// 3–5 s of wall (measured; 5.1–5.2 s on 2026-12-04). The 1.5 s of room is for what no counter attributes
// as a wait for a CPU: the interpreter's start and a poll's lateness, 0.01–0.12 s with the hogs alone
// (charged 1.01–1.12 s for the 1 s spin, 2026-12-04). Twice it was about a second more, with a second run
// of the whole suite beside this one: the engine's teardown after the candidate's last process, when no
// task was left to count a wait. The clock now stops the candidate's time at the reading that finds no task
// left in its cgroup (clock.ts), so that teardown is no longer on its clock.
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Result } from "../../src/core/model.js";
import { readValidReport } from "../support/report-schema.js";
import { tempDir } from "../support/temp.js";
import { TEST_IMAGE } from "./support.js";

const ROOT = resolve(import.meta.dirname, "../..");

const reply = (code: string) => `\`\`\`python\n${code}\n\`\`\`\n`;
const REPLIES = {
  // Exactly one second of the CPU, however long the machine makes it take.
  "work.md": reply("import time\nwhile time.process_time() < 1.0:\n    pass\nprint('done')"),
  "loop.md": reply("while True:\n    pass"),
  "sleep.md": reply("import time\ntime.sleep(30)"),
};
// Balloons (as hostile-cases.ts has them), which the memory limit decides in either mode, however busy the
// machine: the one it never touches takes a CPU second or more here to fill 64 MiB, so the limit has room.
const BALLOONS = {
  "untouched.md": reply("kept = []\nwhile True:\n    kept.append(bytes(16 << 20))"),
  "grows.md": reply("b = bytearray()\nwhile True:\n    b += bytes(1 << 20)"),
  "mapped.md": reply("import mmap\nmaps = [mmap.mmap(-1, 256 << 20) for _ in range(16)]\nprint('survived', len(maps))"),
};

// A busy loop that looks up now and then whether the test's process still lives, and ends when it does not:
// a run stopped by a kill never reaches afterAll, and the hogs would spin on. Between looks it only counts,
// so it stays a CPU hog (a look is one syscall in about a hundred thousand loop turns).
const HOG = String.raw`parent=$1
while kill -0 "$parent" 2>/dev/null; do
  i=0
  while [ "$i" -lt 100000 ]; do i=$((i + 1)); done
done`;

let hogs: ChildProcess[] = [];

beforeAll(() => {
  hogs = Array.from({ length: 4 }, () =>
    spawn("sh", ["-c", HOG, "hog", String(process.pid)], { stdio: "ignore", detached: true }),
  );
});

afterAll(() => {
  for (const hog of hogs) hog.kill("SIGKILL");
});

async function gate(
  isolation: string,
  replies: Record<string, string> = REPLIES,
  limits = ["--timeout", "2.5s"],
): Promise<Map<string, Result>> {
  const dir = tempDir(`busy-${isolation}`);
  const files = Object.entries(replies).map(([name, text]) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  });
  const report = join(dir, "report.json");
  const args = [
    ...["--isolation", isolation, "--language", "python", "--image", TEST_IMAGE, "--pull", "never"],
    ...[...limits, "--concurrency", "2", "--report", report],
  ];
  await promisify(execFile)(process.execPath, ["--import", "tsx", "src/cli.ts", "run", ...args, ...files], {
    cwd: ROOT,
  }).catch((error: { code?: number }) => {
    // 1: the loop and the sleeper (the balloons) fail the gate, as they should.
    if (error.code !== 1) throw error;
  });
  const { results } = readValidReport(report) as { results: Result[] };
  return new Map(results.map((r) => [r.id.split("/").at(-1)!, r]));
}

describe.each(["candidate", "namespace"])("isolation: %s on a machine four hogs keep busy", (isolation) => {
  it("charges each candidate for the time it had, not for the time it waited for a CPU", async () => {
    const results = await gate(isolation);
    const work = results.get("work.md")!;
    expect(work.status, work.feedback).toBe("pass");
    // Its CPU time counts from the driver's stamp before its interpreter starts, however late the gate
    // reads the run marker: the namespace engine reads its cgroup after its last process, so all of the
    // second its process used is there; a container's cgroup goes with its last process, and the last
    // poll before that (every 100 ms) may miss a little of the end.
    expect(work.cpu_ms).toBeGreaterThanOrEqual(isolation === "namespace" ? 1000 : 950);

    const loop = results.get("loop.md")!;
    expect(loop.status).toBe("timeout");
    expect(loop.feedback).toContain("a loop probably never ends");

    const sleep = results.get("sleep.md")!;
    expect(sleep.status).toBe("timeout");
    expect(sleep.feedback).toContain("it was waiting");
    // Sleeping is the candidate's own time: it ends at its limit, not at the backstop minutes later.
    expect(sleep.duration_ms).toBeLessThan(30_000);
  });

  it("gives a balloon of memory the verdict of its memory limit, whether or not it touches the memory", async () => {
    const results = await gate(isolation, BALLOONS, ["--memory", "64m", "--timeout", "30s"]);
    const seen = Object.fromEntries([...results].map(([name, r]) => [name, r.status]));
    expect(seen, [...results.values()].map((r) => r.feedback).join("\n")).toEqual({
      "untouched.md": "oom",
      "grows.md": "oom",
      "mapped.md": "pass",
    });
  });
});
