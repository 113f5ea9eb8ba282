// A cancelled job (SIGTERM, SIGINT: the runner's cancel, Ctrl-C) leaves no container behind.
import { constants } from "node:os";
import type { ContainerEngine } from "./engine.js";

/**
 * On SIGTERM or SIGINT (a cancelled job, Ctrl-C): end the engine's runs, remove every container
 * labelled `label` (`key=value`), then exit with 128 + the signal's number. A second signal exits at once.
 * Returns what takes the handlers off again: a run that ended hands the signals back to its process (a
 * library user's own Ctrl-C, the next run's handlers), so runs in one process do not pile them up.
 */
export function exitOnSignals(
  engine: Pick<ContainerEngine, "abort" | "removeLabelled">,
  label: string,
  log: (line: string) => void,
): () => void {
  let stopping = false;
  const stop = (signal: NodeJS.Signals): void => {
    const code = 128 + constants.signals[signal];
    if (stopping) process.exit(code);
    stopping = true;
    log(`sandbox-gate: ${signal}: removing this run's containers`);
    void (async () => {
      const removed = new Set(await engine.abort());
      // A CLI killed by the abort may have left a container created too late to be asked for.
      try {
        for (const name of await engine.removeLabelled(label)) removed.add(name);
      } catch (error) {
        log(`sandbox-gate: ${(error as Error).message}`);
      }
      log(`sandbox-gate: removed ${removed.size} container(s)`);
      process.exit(code);
    })();
  };
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  return () => {
    process.off("SIGTERM", stop);
    process.off("SIGINT", stop);
  };
}
