// The post step: remove every container, network and image this run labelled, even after a cancelled job. The
// main step leaves it the run's id and engine in the step's state.
import * as core from "@actions/core";
import { RUN_LABEL } from "../sandbox/job.js";
import { leftoverRemover } from "../sandbox/select.js";

const STATE_RUN_ID = "run-id";
const STATE_ENGINE = "engine";

/** What the post step needs to find this run's leftovers; saved before anything is started. */
export function rememberRun(runId: string, engine: string): void {
  core.saveState(STATE_RUN_ID, runId);
  core.saveState(STATE_ENGINE, engine);
}

export async function cleanup(): Promise<void> {
  const runId = core.getState(STATE_RUN_ID);
  if (!runId) return;
  try {
    const removed = await leftoverRemover(core.getState(STATE_ENGINE) || "docker").removeLabelled(
      `${RUN_LABEL}=${runId}`,
    );
    if (removed.length)
      core.info(
        `removed ${removed.length} leftover(s) of this run (containers, networks, then images): ${removed.join(", ")}`,
      );
  } catch (error) {
    core.warning(`sandbox-gate cleanup: ${(error as Error).message}`);
  }
}
