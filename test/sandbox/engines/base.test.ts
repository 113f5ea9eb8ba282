import { describe, expect, it } from "vitest";
import type { Phase } from "../../../src/core/model.js";
import type { SandboxJob } from "../../../src/sandbox/job.js";
import { Removals, runFacts, type StreamOutcome } from "../../../src/sandbox/engines/base.js";
import { START_GRACE_MS } from "../../../src/sandbox/driver.js";
import { captured } from "../../support/facts.js";
import { TEST_LIMITS } from "../../integration/jobs.js";

describe("Removals", () => {
  it("reports a removal refused twice once settled, and calls back only for the ones gone", async () => {
    const tries = new Map<string, number>();
    const removals = new Removals(async (name) => {
      tries.set(name, (tries.get(name) ?? 0) + 1);
      if (name === "stuck") throw new Error("removal of container is already in progress");
    });
    const gone: string[] = [];
    removals.remove("busy", () => gone.push("busy"));
    removals.remove("stuck", () => gone.push("stuck"));
    expect(await removals.settle()).toEqual(["stuck: removal of container is already in progress"]);
    expect(gone).toEqual(["busy"]);
    expect(Object.fromEntries(tries)).toEqual({ busy: 1, stuck: 2 });
    // The failures since the last call: none twice.
    expect(await removals.settle()).toEqual([]);
  });
});

describe("Removals, tried again", () => {
  it("tries a refused removal once more, and calls it gone when that one succeeds (dockerd's race with an exit)", async () => {
    let tries = 0;
    const removals = new Removals(async () => {
      tries++;
      if (tries === 1)
        throw new Error("Could not kill running container abc, cannot remove - Container abc is not running");
    });
    const gone: string[] = [];
    removals.remove("racing", () => gone.push("racing"));
    expect(await removals.settle()).toEqual([]);
    expect([tries, gone]).toEqual([2, ["racing"]]);
  });
});

describe("runFacts: our failures named", () => {
  const job: SandboxJob = { image: "img", files: [], command: "true", limits: TEST_LIMITS, labels: {} };
  const outcome = (phase: Phase, over: Partial<StreamOutcome> = {}): StreamOutcome => ({
    phase,
    text: "",
    stdout: captured(),
    stderr: captured(),
    timedOut: false,
    stalled: false,
    busy: false,
    durationMs: 0,
    ...over,
  });
  const ended = { exitCode: 137, oomKilled: false, aborted: false };

  it("tells a container that never started from an engine that never ended a run whose processes all ended", () => {
    expect(runFacts("docker", job, outcome("setup", { stalled: true }), ended).sandboxError).toBe(
      `the container did not start within ${(TEST_LIMITS.timeoutMs + START_GRACE_MS) / 1000} s (still in setup)`,
    );
    expect(runFacts("docker", job, outcome("run", { stalled: true }), ended).sandboxError).toBe(
      "the engine did not end the run within the wall-clock backstop, although every process of the candidate had ended",
    );
  });
});
