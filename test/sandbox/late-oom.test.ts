import { describe, expect, it } from "vitest";
import { couldBeLateOom, eventWindow, oomVerdict } from "../../src/sandbox/late-oom.js";

const SIGKILL_EXIT = { exitCode: 137, killedByUs: false, oomKilled: false };
const NO_WAITS = [0, 0, 0];

function looks(answers: Array<boolean | Error>): { seen: () => Promise<boolean>; count: () => number } {
  let calls = 0;
  return {
    seen: async () => {
      const answer = answers[Math.min(calls++, answers.length - 1)]!;
      if (answer instanceof Error) throw answer;
      return answer;
    },
    count: () => calls,
  };
}

describe("couldBeLateOom", () => {
  it("is an exit by SIGKILL that neither the flag nor we explain", () => {
    expect(couldBeLateOom(SIGKILL_EXIT)).toBe(true);
    expect(couldBeLateOom({ ...SIGKILL_EXIT, killedByUs: true })).toBe(false);
    expect(couldBeLateOom({ ...SIGKILL_EXIT, oomKilled: true })).toBe(false);
    for (const exitCode of [0, 1, 2, 139, 143, null]) expect(couldBeLateOom({ ...SIGKILL_EXIT, exitCode })).toBe(false);
  });
});

describe("oomVerdict", () => {
  it("takes the engine's flag without a look at the log", async () => {
    const log = looks([false]);
    expect(await oomVerdict({ ...SIGKILL_EXIT, oomKilled: true }, log.seen, NO_WAITS)).toBe(true);
    expect(log.count()).toBe(0);
  });

  it("does not look when the exit cannot be an OOM kill", async () => {
    const log = looks([true]);
    expect(await oomVerdict({ ...SIGKILL_EXIT, exitCode: 1 }, log.seen, NO_WAITS)).toBe(false);
    expect(await oomVerdict({ ...SIGKILL_EXIT, killedByUs: true }, log.seen, NO_WAITS)).toBe(false);
    expect(log.count()).toBe(0);
  });

  it("finds an event that arrives after the exit, and stops looking then", async () => {
    const log = looks([false, true, true]);
    expect(await oomVerdict(SIGKILL_EXIT, log.seen, NO_WAITS)).toBe(true);
    expect(log.count()).toBe(2);
  });

  it("calls it a plain kill after the last look, failed looks included", async () => {
    const log = looks([new Error("engine gone"), false]);
    expect(await oomVerdict(SIGKILL_EXIT, log.seen, NO_WAITS)).toBe(false);
    expect(log.count()).toBe(NO_WAITS.length);
  });

  it("waits between looks", async () => {
    const started = Date.now();
    await oomVerdict(SIGKILL_EXIT, looks([false]).seen, [0, 30, 30]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(55);
  });
});

describe("eventWindow", () => {
  it("asks for the whole kept log up to now, in seconds", () => {
    expect(eventWindow(1_795_992_735_208)).toEqual({ since: "0", until: "1795992735.208" });
  });
});
