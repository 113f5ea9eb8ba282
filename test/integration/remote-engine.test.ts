// A remote engine (DOCKER_HOST=tcp://…), as a runner that reaches a build host's docker sees it: the gate
// cannot read the containers' cgroups there, so the time a candidate had is its wall clock, but its CPU
// time still comes back, from the engine's stats (docs/judging.md, Time). The engine here is this
// machine's, reached through a TCP proxy of its socket, so the gate takes it for another machine's.
import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import { type AddressInfo, type Server, connect, createServer } from "node:net";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Result } from "../../src/core/model.js";
import { endpointFromEnv } from "../../src/sandbox/engines/api/engine-api.js";
import { readValidReport } from "../support/report-schema.js";
import { tempDir } from "../support/temp.js";
import { TEST_IMAGE } from "./support.js";

const ROOT = resolve(import.meta.dirname, "../..");
let proxy: Server;
let port = 0;

beforeAll(async () => {
  const socketPath = endpointFromEnv()!.socketPath!;
  // Half-open both ways, as a TCP engine is: the gate ends its side when the candidate's stdin is sent.
  proxy = createServer({ allowHalfOpen: true }, (client) => {
    const engine = connect({ path: socketPath, allowHalfOpen: true });
    client.pipe(engine).pipe(client);
    client.on("error", () => engine.destroy());
    engine.on("error", () => client.destroy());
  });
  await new Promise<void>((done) => proxy.listen(0, "127.0.0.1", done));
  port = (proxy.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((done) => proxy.close(() => done())));

const reply = (code: string) => `\`\`\`python\n${code}\n\`\`\`\n`;

/** The gate's CLI on one reply through the remote engine, with its timeout; the reply's result. */
async function judgeRemotely(name: string, code: string, timeout: string): Promise<Result> {
  const dir = tempDir("remote-engine");
  const file = join(dir, name);
  writeFileSync(file, reply(code));
  const report = join(dir, "report.json");
  const args = ["--language", "python", "--image", TEST_IMAGE, "--pull", "never", "--timeout", timeout];
  await promisify(execFile)(
    process.execPath,
    ["--import", "tsx", "src/cli.ts", "run", ...args, "--report", report, file],
    {
      cwd: ROOT,
      env: { ...process.env, DOCKER_HOST: `tcp://127.0.0.1:${port}` },
    },
  ).catch((error: { code?: number; stderr?: string }) => {
    // 1: a reply that did not pass fails the gate, as it should.
    if (error.code !== 1) throw new Error(error.stderr);
  });
  const { results } = readValidReport(report) as { results: Result[] };
  return results[0]!;
}

describe("a remote engine", () => {
  it("gives each result its CPU time from the engine's stats, though its clock is the wall clock", async () => {
    const [work, sleep] = await Promise.all([
      // 120 s: the wall clock decides here, and three seconds of the CPU took over 20 s beside four hogs
      // and a second suite.
      judgeRemotely("work.md", "import time\nwhile time.process_time() < 3.0:\n    pass\nprint('done')", "120s"),
      judgeRemotely("sleep.md", "import time\ntime.sleep(60)", "3s"),
    ]);

    expect(work.status, work.feedback).toBe("pass");
    // Three seconds of the CPU, read from stats the engine samples once a second (measured: each answer
    // waits for the next sample), so the last second of the run may be missing: more than the first
    // second (a reading from inside the run), never more than it used.
    expect(work.cpu_ms).toBeGreaterThan(1_000);
    expect(work.cpu_ms).toBeLessThanOrEqual(3_200);

    expect(sleep.status).toBe("timeout");
    expect(sleep.cpu_ms).toBeLessThan(300);
    expect(sleep.feedback).toContain("it was waiting");
    // The wait for a CPU is on the engine's machine, unread: the feedback names a busy machine as well.
    expect(sleep.feedback).toContain("too busy to run it");
  }, 300_000);
});
