// The bench's per-candidate set-up figure (issue 31, `setup-inputs`): ten patch candidates on the `deps`
// fixture repository (test/fixtures/repos/deps: its `setup` installs requirements.txt offline from a
// vendored wheel) through the gate's CLI, twice in the same process: a run where none of the ten changes the
// manifests, and one where one in ten adds tinydep to requirements.txt and so gets a set-up of its own. The
// other nine are the same in both runs. Each run's verdicts and set-ups are held to what they must be.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEPS, commitCopy, setupLines, setupsRan } from "../../test/support/fixture-repo.js";
import { cliRun, wrongVerdicts } from "./gate-cli.js";

export const CANDIDATES = 10;
/** Where the one that changes the manifests stands in the run's order: mid-run, neither first nor last. */
const CHANGER_AT = 4;

export interface SetupCandidate {
  name: string;
  patch: string;
  /** The verdict it must get. */
  status: "pass" | "test_failed";
}

/**
 * Candidate `n` of the nine that change only prices.py: cents, half away from zero, by hand (what tinydep
 * does), each with its own comment so that no two are the same text.
 */
function ownRounding(n: number): SetupCandidate {
  const patch = [
    "diff --git a/prices.py b/prices.py",
    "--- a/prices.py",
    "+++ b/prices.py",
    "@@ -1,2 +1,3 @@",
    " def total(amounts):",
    "-    return sum(amounts)",
    `+    # candidate ${n}: rounded to cents, half away from zero, without a dependency`,
    "+    return int(sum(amounts) * 100 + 0.5 + 1e-9) / 100",
    "",
  ].join("\n");
  return { name: `own-rounding-${n}`, patch, status: "pass" };
}

/**
 * The ten candidates of a run. With `changesManifests`, the tenth is the fixture's `adds` (tinydep imported
 * and added to requirements.txt: it passes on its own set-up); without, `uses-only` (the same code, the
 * base's requirements.txt: it fails on the import), so the two runs differ in that one candidate alone.
 */
export function setupCandidates(
  changesManifests: boolean,
  readPatch: (name: string) => string = DEPS.patch,
): SetupCandidate[] {
  const tenth: SetupCandidate = changesManifests
    ? { name: "adds", patch: readPatch("adds"), status: "pass" }
    : { name: "uses-only", patch: readPatch("uses-only"), status: "test_failed" };
  const nine = Array.from({ length: CANDIDATES - 1 }, (_, n) => ownRounding(n + 1));
  return [...nine.slice(0, CHANGER_AT), tenth, ...nine.slice(CHANGER_AT)];
}

export interface SetupRun {
  changesManifests: boolean;
  wallMs: number;
  cpuSeconds: number;
  /** The set-ups' own times from the gate's log: the base's, and each candidates' own one's. */
  baseSetupMs: number[];
  ownSetupMs: number[];
}

export interface SetupInputsFigures {
  candidates: number;
  concurrency: number;
  /** None of the ten changes the manifests (A), and one in ten does (B). */
  none: SetupRun;
  one: SetupRun;
}

const tookMs = (lines: string[]) => lines.map((line) => Number(/took ([\d.]+) s/.exec(line)?.[1]) * 1000);

/** One run of the ten through the CLI on `repo`; throws when a verdict or the set-ups are not what they must be. */
async function run(repo: string, root: string, image: string, concurrency: number, changesManifests: boolean) {
  const dir = join(root, changesManifests ? "one-changes" : "none-changes");
  mkdirSync(dir);
  const candidates = setupCandidates(changesManifests);
  const files = candidates.map(({ name, patch }) => {
    const file = join(dir, `${name}.patch`);
    writeFileSync(file, patch);
    return file;
  });
  const args = ["--workdir", repo, "--image", image, "--pull", "never", "--setup", DEPS.setup];
  args.push("--command", DEPS.command, "--timeout", "30s", "--concurrency", String(concurrency));
  const { wallMs, cpuSeconds, report, log } = await cliRun([...args, ...files], repo, join(dir, "report.json"));
  const what = changesManifests ? "one in ten changes the manifests" : "none changes the manifests";
  const wrong = wrongVerdicts(new Map(candidates.map((c) => [c.name, c.status])), report.results);
  if (wrong.length > 0) throw new Error(`setup-inputs bench (${what}): wrong verdicts:\n  ${wrong.join("\n  ")}`);
  // The figure is of one set-up more, or it is of nothing: the base's once in each run, and B's own one.
  const ran = setupsRan(log);
  const own = changesManifests ? ["requirements.txt"] : [];
  if (ran.base !== 1 || JSON.stringify(ran.own) !== JSON.stringify(own))
    throw new Error(
      `setup-inputs bench (${what}): set-ups ${JSON.stringify(ran)}, must be ${JSON.stringify({ base: 1, own })}`,
    );
  const setups = setupLines(log);
  return { changesManifests, wallMs, cpuSeconds, baseSetupMs: tookMs(setups.base), ownSetupMs: tookMs(setups.own) };
}

/**
 * Run A (no candidate changes the manifests) and run B (one in ten does) on one checkout of the fixture,
 * in the order given (a repeated figure turns it, so that neither run always goes first on a cold cache).
 */
export async function setupInputsBench(
  image: string,
  concurrency: number,
  oneFirst = false,
): Promise<SetupInputsFigures> {
  const root = mkdtempSync(join(tmpdir(), "sandbox-gate-bench-setup-inputs-"));
  try {
    const repo = commitCopy(DEPS.repo, join(root, "repo"));
    const [first, second] = oneFirst ? [true, false] : [false, true];
    const a = await run(repo, root, image, concurrency, first);
    const b = await run(repo, root, image, concurrency, second);
    const [none, one] = oneFirst ? [b, a] : [a, b];
    return { candidates: CANDIDATES, concurrency, none, one };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
