import { Duplex } from "node:stream";
import { describe, expect, it } from "vitest";
import { DRIVER, driverArgv } from "../../../../src/sandbox/driver.js";
import type { EngineApi } from "../../../../src/sandbox/engines/api/engine-api.js";
import { RESET, SharedEngine, execArgv } from "../../../../src/sandbox/engines/api/shared.js";
import type { CliImageCalls } from "../../../../src/sandbox/engines/base.js";
import type { SandboxJob } from "../../../../src/sandbox/job.js";

describe("execArgv", () => {
  it("is the driver's argv with the reset before it and the command run as a child", () => {
    const argv = execArgv("python3 t.py", ["python3", "-c", "check", "t.py"]);
    const plain = driverArgv("python3 t.py", ["python3", "-c", "check", "t.py"]);
    expect(argv.slice(0, 2)).toEqual(plain.slice(0, 2));
    // The parameters travel unchanged: nothing of the command reaches the script text.
    expect(argv.slice(3)).toEqual(plain.slice(3));
    const script = argv[2]!;
    expect(script.startsWith(RESET)).toBe(true);
    expect(script).not.toContain('exec "$@"');
    expect(script).toContain('set -- sh -c "$command"\nfi\n"$@"\nstatus=$?\n');
    expect(script.endsWith('kill -9 -1 2>/dev/null\nexit "$status"\n')).toBe(true);
    // Everything the driver does before the command is kept as it is.
    expect(script).toContain(DRIVER.slice(0, DRIVER.indexOf('[ -n "$results" ] || exec "$@"')));
  });

  it("resets as a function, so the driver's parameters are intact, and fails the set-up when it cannot", () => {
    expect(RESET).toMatch(/^reset\(\) \{\n/);
    expect(RESET.trimEnd().endsWith("reset || exit 125")).toBe(true);
    for (const place of [
      "/work",
      "/tmp",
      "/dev/shm",
      "/dev/mqueue",
      "/proc/sysvipc/shm",
      "/proc/sysvipc/sem",
      "/proc/sysvipc/msg",
    ])
      expect(RESET).toContain(place);
  });
});

/**
 * An engine that makes containers and execs when told to, whose exec streams end only when destroyed, and
 * which never sends an event: what a removed container's exec looks like to the gate.
 */
function silentEngine(): { api: EngineApi; execAsked: Promise<void>; makeExec: () => void; calls: string[] } {
  const calls: string[] = [];
  let asked = (): void => {};
  const execAsked = new Promise<void>((resolve) => (asked = resolve));
  let made = (): void => {};
  const execMade = new Promise<void>((resolve) => (made = resolve));
  const api = {
    async call(method: string, path: string): Promise<unknown> {
      calls.push(`${method} ${path.split("?")[0]}`);
      if (path.startsWith("/containers/create")) return { Id: "c0ffee" };
      if (method === "POST" && path.endsWith("/exec")) {
        asked();
        await execMade;
        return { Id: "e1" };
      }
      if (path.includes("/stats")) throw new Error("no stats here");
      return {};
    },
    async lines(): Promise<{ close: () => void }> {
      return { close: () => {} };
    },
    async hijack(path: string): Promise<Duplex> {
      calls.push(`hijack ${path}`);
      return new Duplex({ read() {}, write: (_chunk, _encoding, done) => done(), final: (done) => done() });
    },
  };
  return { api: api as unknown as EngineApi, execAsked, makeExec: () => made(), calls };
}

const NO_IMAGES = {} as CliImageCalls;

const JOB: SandboxJob = {
  image: "img",
  files: [{ path: "solution.py", content: "print(1)" }],
  command: "python3 solution.py",
  labels: {},
  limits: {
    timeoutMs: 30_000,
    memoryBytes: 1 << 27,
    cpus: 1,
    pidsLimit: 64,
    maxOutputBytes: 1 << 16,
    workdirBytes: 1 << 23,
  },
};

describe("SharedEngine", () => {
  it("ends a run whose container an abort removed while its exec was being made, rather than waiting for events that never come", async () => {
    const engine = silentEngine();
    const shared = new SharedEngine(engine.api, NO_IMAGES);
    const running = shared.run(JOB, {});
    await engine.execAsked;
    await shared.abort();
    engine.makeExec();
    // Without the fix the run waits for the exec's events until its start-up backstop, minutes on.
    const facts = await running;
    expect(facts.sandboxError).toMatch(/cancelled/);
    // The exec the engine made after the removal is never started: its container is gone.
    expect(engine.calls.filter((call) => call.startsWith("hijack"))).toEqual([]);
  });
});
