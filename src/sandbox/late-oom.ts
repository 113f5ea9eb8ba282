// Docker takes a container's OOMKilled from the OOM events it has seen when the exit arrives. The shim
// sends the two on their own, so on a loaded host the OOM event can come just after the exit: the
// flag then stays false although the kernel killed at the limit, and the engine still logs an `oom`
// event for the container. An exit by SIGKILL that we did not cause therefore asks the engine's event
// log for one, a few times, before it is called a plain kill.
import { setTimeout as sleep } from "node:timers/promises";

/** Pauses before each look at the event log: about 1.5 s in all, paid only by exits by SIGKILL. */
export const LATE_OOM_WAITS_MS: readonly number[] = [0, 100, 200, 400, 800];

export interface Ending {
  exitCode: number | null;
  /** Killed by us: the timeout, the start-up backstop or an abort. */
  killedByUs: boolean;
  oomKilled: boolean;
}

/** An exit by SIGKILL (128 + 9) that neither the engine's flag nor we explain. */
export function couldBeLateOom(ending: Ending): boolean {
  return ending.exitCode === 137 && !ending.killedByUs && !ending.oomKilled;
}

/**
 * The OOM verdict of a container that ended: the engine's flag, or else, when the exit could be an OOM
 * kill, an `oom` event that `seen` finds in the engine's log. A failed look counts as not seen.
 */
export async function oomVerdict(
  ending: Ending,
  seen: () => Promise<boolean>,
  waits: readonly number[] = LATE_OOM_WAITS_MS,
): Promise<boolean> {
  if (ending.oomKilled) return true;
  if (!couldBeLateOom(ending)) return false;
  for (const wait of waits) {
    if (wait > 0) await sleep(wait);
    if (await seen().catch(() => false)) return true;
  }
  return false;
}

/** A look at the log may wait for an engine whose clock is behind ours; never longer than this. */
export const OOM_LOOK_TIMEOUT_MS = 2_000;

/** The engine's whole kept log (its last 256 events) up to now, in seconds: a query that ends at once. */
export function eventWindow(now: number = Date.now()): { since: string; until: string } {
  return { since: "0", until: (now / 1000).toFixed(3) };
}
