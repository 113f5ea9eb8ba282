// Run facts → status. Pure: the only place that decides what happened to a candidate.
import type { RunFacts, Status } from "../core/model.js";
import { atMemoryLimit } from "./memory.js";

/**
 * Statuses decided after the sandbox ran, in the INTERFACE.md order. Our own failures come first
 * because no other verdict means anything when the engine did not do its part.
 */
export function classify(facts: RunFacts): Status {
  if (facts.sandboxError) return "sandbox_error";
  if (facts.phase === "check" && !facts.timedOut && !facts.oomKilled && facts.exitCode !== 0) return "syntax_error";
  // A run held at its memory limit until the clock ran out hit that limit, even though no kill said so.
  if (facts.timedOut) return atMemoryLimit(facts.memoryAtTimeout) ? "oom" : "timeout";
  // The engine's own verdict: a process killed by the cgroup OOM killer, whatever the exit code says.
  if (facts.oomKilled) return "oom";
  if (facts.phase !== "run") return "sandbox_error";
  return facts.exitCode === 0 ? "pass" : "test_failed";
}
