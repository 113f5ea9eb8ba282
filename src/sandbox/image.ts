// The image is made ready before the first candidate runs, so a pull never eats into a candidate's
// time and a registry hiccup becomes one clear sandbox error instead of a row of timeouts.
import { setTimeout as sleep } from "node:timers/promises";
import { performance } from "node:perf_hooks";
import type { PullPolicy } from "../settings/settings.js";
import type { JudgingEngine } from "./engine.js";
import { cli, describeFailure } from "./cli-command.js";

/** A large image's layers may take a while to delete, but a wedged engine may not hold the run for ever. */
const REMOVE_TIMEOUT_MS = 10 * 60_000;

export interface EnsureImageOptions {
  /** Pull attempts after the first failed one. */
  retries: number;
  /** Wait before the first retry, doubled before each next one. */
  backoffMs: number;
  log: (message: string) => void;
}

/**
 * `pulled`: this call pulled it. `existed`: the engine had it before this call (or could not say): an image
 * the user already had, which whoever releases images after a run must never remove.
 */
export type EnsureImageResult =
  { ok: true; pulled: boolean; existed: boolean; ms: number } | { ok: false; reason: string };

export async function ensureImage(
  engine: Pick<JudgingEngine, "hasImage" | "pull">,
  image: string,
  policy: PullPolicy,
  options: EnsureImageOptions,
): Promise<EnsureImageResult> {
  const started = performance.now();
  const elapsed = (): number => Math.round(performance.now() - started);
  let present: boolean;
  try {
    present = await engine.hasImage(image);
  } catch (error) {
    // `always` pulls whatever the engine says; an image it could not tell about counts as the user's.
    if (policy !== "always") return { ok: false, reason: messageOf(error) };
    present = true;
  }
  if (policy !== "always") {
    if (present) return { ok: true, pulled: false, existed: true, ms: elapsed() };
    if (policy === "never") return { ok: false, reason: `image ${image} is missing and pull is "never"` };
  }
  const delays = backoffDelays(options.retries, options.backoffMs);
  const attempts = delays.length + 1;
  let lastError = "";
  for (let attempt = 1; attempt <= attempts; attempt++) {
    options.log(`pulling ${image}${attempts > 1 ? ` (attempt ${attempt} of ${attempts})` : ""}`);
    try {
      await engine.pull(image);
      options.log(`pulled ${image} in ${elapsed()} ms`);
      return { ok: true, pulled: true, existed: present, ms: elapsed() };
    } catch (error) {
      lastError = messageOf(error);
    }
    const delay = delays[attempt - 1];
    if (delay !== undefined) {
      options.log(`${lastError}; retrying in ${delay} ms`);
      await sleep(delay);
    }
  }
  return { ok: false, reason: `${lastError} (${attempts} attempt${attempts > 1 ? "s" : ""})` };
}

/** The waits before each retry: `backoffMs`, then doubling. */
export function backoffDelays(retries: number, backoffMs: number): number[] {
  return Array.from({ length: Math.max(0, Math.floor(retries)) }, (_, i) => backoffMs * 2 ** i);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Removes one image by name; one the engine no longer has is removed already. `force` (our own run images)
 * removes it even while a stopped container still refers to it. Returns why it could not be removed, if it
 * could not.
 */
export async function removeImage(binary: string, image: string, force = false): Promise<string | undefined> {
  const removed = await cli(binary, ["rmi", ...(force ? ["-f"] : []), "--", image], { timeoutMs: REMOVE_TIMEOUT_MS });
  return removed.code === 0 || /no such image|image not known/i.test(removed.stderr)
    ? undefined
    : `${image}: ${describeFailure(removed)}`;
}

/**
 * Removes an image the run pulled, by the name it was pulled as and without force: only that name goes,
 * and its layers only when nothing else holds them (another of the user's names for the same image, a
 * container, an image made from it).
 */
export function removePulledImage(binary: string, image: string): Promise<string | undefined> {
  return removeImage(binary, image);
}

/** The engine's id of the image `image` names, or undefined when it has none by that name (or cannot say). */
export async function imageIdOf(binary: string, image: string): Promise<string | undefined> {
  const found = await cli(binary, ["image", "inspect", "--format", "{{.Id}}", "--", image]);
  return found.code === 0 ? found.stdout.trim() || undefined : undefined;
}
