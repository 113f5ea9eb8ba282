import { describe, expect, it } from "vitest";
import { classify } from "../../src/verdict/classify.js";
import type { RunFacts } from "../../src/core/model.js";
import { runFacts } from "../support/facts.js";

const MiB = 1024 * 1024;
const facts = runFacts;

describe("classify", () => {
  it.each<[string, Partial<RunFacts>, string]>([
    ["exit 0", {}, "pass"],
    ["exit 1", { exitCode: 1 }, "test_failed"],
    ["crash by signal", { exitCode: 139 }, "test_failed"],
    ["parse check failed", { phase: "check", exitCode: 1 }, "syntax_error"],
    ["timed out", { timedOut: true, exitCode: 137 }, "timeout"],
    ["timed out during the check", { phase: "check", timedOut: true, exitCode: 137 }, "timeout"],
    ["OOM, whatever the exit code", { oomKilled: true, exitCode: 1 }, "oom"],
    ["OOM with exit 0", { oomKilled: true, exitCode: 0 }, "oom"],
    ["timeout wins over OOM", { oomKilled: true, timedOut: true, exitCode: 137 }, "timeout"],
    [
      "timed out with the memory at its limit",
      { timedOut: true, exitCode: 137, memoryAtTimeout: { usedBytes: 255 * MiB, limitBytes: 256 * MiB } },
      "oom",
    ],
    [
      "timed out with memory to spare",
      { timedOut: true, exitCode: 137, memoryAtTimeout: { usedBytes: 100 * MiB, limitBytes: 256 * MiB } },
      "timeout",
    ],
    [
      "engine failure",
      { sandboxError: "Cannot connect to the Docker daemon", exitCode: 125, phase: "setup" },
      "sandbox_error",
    ],
    ["never got past set-up", { phase: "setup", exitCode: 2 }, "sandbox_error"],
    ["plain 137 without the engine's OOM verdict", { exitCode: 137 }, "test_failed"],
  ])("%s → %s", (_, over, status) => expect(classify(facts(over))).toBe(status));
});
