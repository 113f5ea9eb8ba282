// A run's image: `image` with the run's base tree in it (and, with `setup`, what the setup made of it),
// made once per run so that no candidate gets the tree streamed in. Each candidate's driver unpacks it
// from RUN_TREE into its own fresh work dir, then gets only what the candidate changes (driver.ts).
//
// Made with a container and a commit, not `docker build`: no builder (BuildKit) or Dockerfile, the same
// steps for docker and podman, and a setup that runs locked down like a candidate. The steps go through the
// Engine API where the run's engine does, through the CLI otherwise (RunImageSteps). The image carries the
// run label and is removed when the run ends (the action's post step removes it too, by label).
import { randomBytes } from "node:crypto";
import type { Limits, SandboxFile } from "../core/model.js";
import { withOwner } from "./job.js";
import { type LockDown, WORKDIR, lockDown } from "./policy.js";
import { containerName } from "./engines/base.js";
import { tarball } from "../core/tar/pack.js";

/** The run image's directory of the base tree: out of every candidate's reach but for reading. */
export const RUN_TREE_DIR = "/sandbox-gate/base";
/**
 * The base tree in the run image: one archive in RUN_TREE_DIR, unpacked by each candidate's driver with one
 * `tar -x` reading one file, rather than the tree's directory copied by a `tar -c | tar -x` pair reading
 * each of its files through the image's layers: half the CPU on a 2 000-file tree, and a process less.
 */
export const RUN_TREE = `${RUN_TREE_DIR}/tree.tar`;
const SANDBOX_UID = 65534;
/** Committing and copying a large tree may take a while; a wedged engine may not hold the run for ever. */
const STEP_TIMEOUT_MS = 10 * 60_000;

export interface SetupSpec {
  command: string;
  network: "none" | "bridge";
  timeoutMs: number;
}

export interface RunImageSpec {
  /** The image the run image is made from. */
  image: string;
  files: SandboxFile[];
  /**
   * A directory of `image` that is the base (a line's `image_workdir`, SWE-bench's `/testbed`): what the image
   * holds there, build artifacts and all but its `.git`, with `files` on top, is what candidates start from,
   * in a work dir at that same path.
   */
  workdir?: string;
  setup?: SetupSpec;
  /** The setup's limits (memory, CPU, processes, output, runtime): a candidate's. */
  limits: Limits;
  labels: Record<string, string>;
}

export type RunImage =
  /** `id`: the image's id as the engine gave it, which still finds it once its tag is gone. */
  | { ok: true; image: string; id?: string; setup?: { durationMs: number; output: string } }
  /**
   * `output`: what a setup printed before it failed. `bySetup`: the setup's own command failed (exited
   * non-zero, did not finish), not the engine: a candidate's own set-up (run-images.ts) is then its failure.
   */
  | { ok: false; reason: string; output?: string; bySetup?: true };

// The setup runs in the work dir as every candidate will see it; what it leaves there is then archived as
// RUN_TREE, which every candidate unpacks into its own work dir. Nothing else is
// kept: /tmp and /var/tmp are the setup's tmpfs (policy.ts), and the image's system is not writable by nobody.
// An image's own work dir ($3, `own`, set) is kept without its .git: the gate never needs the history, and a
// repository's can be larger than its files, unpacked into every candidate's work dir. It must hold more than
// the files sent into it ($4, their top-level names a line each): the engine makes a missing work dir, and
// an image that lacks it (another environment than the line's) would judge the changed files alone.
// Exit 125 is ours (the engine's too), so a setup's own 125 is passed on as 1.
const SETUP_DRIVER = String.raw`setup=$1
own=$3
cd "$2" || exit 125
if [ -n "$own" ]; then
  base=
  for entry in * .[!.]* ..?*; do
    [ -e "$entry" ] || [ -L "$entry" ] || continue
    case "
$4
" in *"
$entry
"*) ;; *) base=1; break ;; esac
  done
  [ -n "$base" ] || { echo "sandbox-gate: the image holds nothing at $PWD to judge on (is it the environment the line names?)" >&2; exit 125; }
fi
sh -c "$setup" || { code=$?; [ "$code" -ne 125 ] || code=1; exit "$code"; }
if [ -n "$own" ]; then set -- --exclude=./.git; else set --; fi
tar -c -f ${RUN_TREE} "$@" . || {
  echo "sandbox-gate: could not keep the work dir $PWD (is everything in it readable by nobody?)" >&2
  exit 125
}
# Our own files, in the container's layer with what the setup made, once archived are removed, so that the run
# image holds the tree once (its commit, a sys-heavy untar of the layer, costs with every file). What cannot
# be removed (in a directory nobody may write) stays, unread: the candidates' work dir is a tmpfs over it. One
# rm for all: it goes on past what it cannot remove; an exec an entry cost 2–3 ms on a host with page-table
# isolation. An image's own work dir is left as the image has it.
[ -n "$own" ] || rm -rf -- * .[!.]* ..?* 2>/dev/null || :
`;

/** How a step of the engine's went: why it failed, in the engine's words, or undefined when it did not. */
export type StepFailure = string | undefined;

/** A setup's container, started and waited for: how it ended, what it printed (stdout, then stderr). */
export type SetupExit =
  | { code: number; output: string }
  /** Past its time, and killed. */
  | { timedOut: true; output: string }
  /** The engine could not start or follow it. */
  | { failed: string; output: string };

/**
 * What making a run image asks of the engine, a step each: the CLI's commands (engines/cli), or the Engine
 * API's calls where the run's engine uses it (engines/api: no CLI process per step). buildRunImage decides
 * what each outcome means, once for both.
 */
export interface RunImageSteps {
  /** Creates the container `name` as `policy` says, not started, without stdin. */
  create(name: string, policy: LockDown): Promise<StepFailure>;
  /** Unpacks `archive` at the container's root, owners as the tar gives them, within `timeoutMs`. */
  copy(name: string, archive: Uint8Array, timeoutMs: number): Promise<StepFailure>;
  /** Starts it, waits for it to end within `timeoutMs`, keeping up to `maxOutputBytes` of each stream. */
  start(name: string, timeoutMs: number, maxOutputBytes: number): Promise<SetupExit>;
  /** Commits it as `tag` with `labels`: the image's id (when the engine gave it), or why not. */
  commit(
    name: string,
    tag: string,
    labels: Record<string, string>,
    timeoutMs: number,
  ): Promise<{ id?: string } | { failed: string }>;
  /** Removes the container, its anonymous volumes too; never throws. */
  remove(name: string): Promise<void>;
  /** Removes an image by name, forced; one already gone counts as removed. */
  removeImage(image: string): Promise<StepFailure>;
}

export async function buildRunImage(steps: RunImageSteps, spec: RunImageSpec): Promise<RunImage> {
  const name = containerName();
  const tag = `sandbox-gate/run-${randomBytes(6).toString("hex")}:base`;
  const { workdir } = spec;
  // An image's own work dir is copied as a setup's result is: by a setup, `true` when there is none.
  const setup =
    spec.setup ??
    (workdir === undefined ? undefined : { command: "true", network: "none" as const, timeoutMs: STEP_TIMEOUT_MS });
  const job = {
    image: spec.image,
    files: [],
    command: setup?.command ?? "true",
    limits: { ...spec.limits, timeoutMs: setup?.timeoutMs ?? spec.limits.timeoutMs },
    labels: spec.labels,
    ...(workdir !== undefined && { workdir }),
  };
  const base = lockDown(job, { network: setup?.network ?? "none" });
  const policy = {
    ...base,
    argv: [
      "sh",
      "-c",
      SETUP_DRIVER,
      "sandbox-gate-setup",
      job.command,
      base.workdir,
      workdir === undefined ? "" : "image",
      [...new Set(spec.files.map((file) => file.path.split("/")[0]!))].join("\n"),
    ],
    // Caches out of the work dir: a setup's downloads are not copied into every candidate.
    env: [...base.env, "XDG_CACHE_HOME=/tmp/.cache", "npm_config_cache=/tmp/.npm"],
  };
  const fail = (step: string, why: string): RunImage => ({ ok: false, reason: `${step}: ${why}` });
  const created = await steps.create(name, policy);
  if (created !== undefined) return fail(`the run image could not be started from ${spec.image}`, created);
  try {
    // Without a setup the tree goes straight where the candidates unpack it from, as the archive RUN_TREE,
    // owned by root: read-only for them. With one, into the work dir, and RUN_TREE_DIR is made empty for the
    // setup's driver to archive it in: one copy for both (each copy costs the engine a process of its own).
    // An image's own work dir is left as the image has it, but for `files` on top.
    const tree = RUN_TREE_DIR.slice(1);
    const archive = !setup
      ? tarball([{ path: RUN_TREE.slice(RUN_TREE_DIR.length + 1), content: tarball(spec.files) }], { under: tree })
      : workdir !== undefined && spec.files.length === 0
        ? tarball([], { under: tree, owner: SANDBOX_UID })
        : tarball(spec.files, { under: (workdir ?? WORKDIR).slice(1), owner: SANDBOX_UID, dirs: [tree] });
    const copied = await steps.copy(name, archive, STEP_TIMEOUT_MS);
    if (copied !== undefined) return fail("the base tree could not be copied into the run image", copied);
    const ran = setup ? await runSetup(steps, name, setup, spec.limits.maxOutputBytes) : undefined;
    if (ran && !ran.ok) return ran;
    const committed = await steps.commit(name, tag, withOwner(spec.labels), STEP_TIMEOUT_MS);
    if ("failed" in committed) return fail("the run image could not be committed", committed.failed);
    return { ok: true, image: tag, ...(committed.id && { id: committed.id }), ...(ran && { setup: ran.setup }) };
  } finally {
    await steps.remove(name);
  }
}

/** Runs the setup in the created container, attached, within its own time limit. */
async function runSetup(
  steps: RunImageSteps,
  name: string,
  setup: SetupSpec,
  maxOutputBytes: number,
): Promise<{ ok: true; setup: { durationMs: number; output: string } } | Extract<RunImage, { ok: false }>> {
  const started = performance.now();
  const ended = await steps.start(name, setup.timeoutMs, maxOutputBytes);
  const { output } = ended;
  if ("timedOut" in ended)
    return { ok: false, reason: `the setup did not finish within ${setup.timeoutMs / 1000} s`, output, bySetup: true };
  if ("failed" in ended) return { ok: false, reason: `the setup's container failed: ${ended.failed}`, output };
  // The driver's own failure (or the engine's): ours, in its last line, not the setup's.
  if (ended.code === 125)
    return { ok: false, reason: output.trim().split("\n").at(-1) || "the setup's container failed (exit 125)", output };
  if (ended.code !== 0) return { ok: false, reason: `the setup exited with code ${ended.code}`, output, bySetup: true };
  return { ok: true, setup: { durationMs: Math.round(performance.now() - started), output } };
}
