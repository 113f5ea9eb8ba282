// Colours for a person at a terminal, never for a pipe or a file. No dependency: four SGR codes.
import type { Status } from "../core/model.js";

/**
 * Whether to colour what goes to a stream. FORCE_COLOR (set and not empty) decides first, as in Node's
 * own tty.getColorDepth: on, except `0` or `false`; then NO_COLOR (set and not empty, no-color.org)
 * turns colour off; otherwise only a terminal that is not `dumb` gets it.
 */
export function colourWanted(isTTY: boolean | undefined, env: Readonly<Record<string, string | undefined>>): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== "") return !["0", "false"].includes(force.toLowerCase());
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  return isTTY === true && env.TERM !== "dumb";
}

/** How a status reads at a glance: passed, failed by the candidate, failed on our side, not run. */
export type Tone = "good" | "bad" | "ours" | "quiet";

export function toneOf(status: Status | "skipped"): Tone {
  if (status === "pass") return "good";
  if (status === "sandbox_error") return "ours";
  return status === "skipped" ? "quiet" : "bad";
}

const SGR: Record<Tone, string> = { good: "32", bad: "31", ours: "33", quiet: "2" };

export type Paint = (tone: Tone, text: string) => string;

export function painter(on: boolean): Paint {
  return on ? (tone, text) => `\u001b[${SGR[tone]}m${text}\u001b[0m` : (_, text) => text;
}
