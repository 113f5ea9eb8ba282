// What the runtimes suite and `npm run tally:runsc` give every case under gVisor.
import type { Inputs } from "./hostile-cases.js";

/**
 * The memory limit holds the whole sandbox, gVisor's own kernel (a Go program with its own threads) as
 * well as the candidate, so gVisor needs more of it; the process limit is the guest's own (processLimits).
 */
export const GVISOR_INPUTS: Inputs = { runtime: "runsc", memory: "256m" };
