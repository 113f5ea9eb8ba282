// A dataset whose lines name their own `base_commit`: each commit's base (its tree, its run image, its
// setup) is made once and shared by that commit's candidates, and dropped when the last of them is done.
// Candidates are judged grouped by commit (the report keeps their order), so a night over many commits
// holds the bases of only the commits in flight: disk bounded by the concurrency, not the dataset.
import { InputError } from "../core/errors.js";
import type { Candidate, Result } from "../core/model.js";
import type { TouchedFiles } from "../prepare/base-tree.js";
import { GitObjects } from "../prepare/git-objects.js";
import { checkTestPatch, testPatchPaths } from "../prepare/candidate.js";
import { listsTests } from "../verdict/resolved.js";
import { formatOf, readsLog } from "../verdict/results/formats.js";
import type { RunImages } from "./run-images.js";
import { mapLimit } from "../core/map-limit.js";
import type { Settings } from "../settings/settings.js";

type Item = Candidate | Result;
const nameOf = (item: Item): string | undefined => ("status" in item ? undefined : item.instance?.baseCommit);

/**
 * What a run must know before its first candidate: every `base_commit` is a commit of the repository, every
 * `test_patch` applies to its base, and lines that list their tests have per-test results to be judged by.
 * Bad input, named with its line.
 */
export async function checkInstances(items: readonly Item[], settings: Settings, runImages?: RunImages): Promise<void> {
  // A log format reads its tests off the command's output; JUnit needs the files named.
  const listing = items.find(
    (item): item is Candidate =>
      !("status" in item) && listsTests(item.instance) && !readsLog(formatOf(item.overrides, settings)),
  );
  if (listing && settings.run.testResults.length === 0)
    throw new InputError(
      "test-results",
      `${listing.source}: the line lists fail_to_pass/pass_to_pass, which are read from per-test results: set 'test-results' to the JUnit XML files the command writes, or a log format ('results-format', or the line's results_format); nothing was run`,
    );
  const named = items.flatMap((item) => {
    const name = nameOf(item);
    return name === undefined || "status" in item ? [] : [{ name, source: item.source }];
  });
  if (!runImages) return;
  // One cat-file for every lookup of the run's lines (git-objects.ts), started only when one is made.
  const objects = new GitObjects(settings.source.workdir);
  try {
    if (named.length > 0) await runImages.resolveCommits(named, objects);
    await checkTestPatches(
      items.filter((item): item is Candidate => !("status" in item)),
      settings,
      (name) => (name === undefined ? undefined : runImages.commit(name)),
      (commit, paths) => runImages.baseFiles(commit, paths, objects),
    );
  } finally {
    objects.close();
  }
}

/** How many lines' test_patch files are read at once: enough to keep the one cat-file busy, not the whole dataset's in memory. */
const TEST_PATCHES_AT_ONCE = 16;

/**
 * Every line's `test_patch` applied to its base, once per base and test_patch however many candidates share
 * them: one that does not apply is the line's fault, so the run ends before anything runs, naming the first
 * line that carries it (judged, each of its candidates would be blamed for a test the dataset got wrong).
 */
export async function checkTestPatches(
  lines: readonly Candidate[],
  settings: Settings,
  commitOf: (name: string | undefined) => string | undefined,
  baseFiles: (commit: string | undefined, paths: string[]) => Promise<TouchedFiles>,
): Promise<void> {
  // Each line's base and test_patch, its commit resolved once; then one of each distinct pair.
  const seen = new Set<string>();
  const distinct = lines.flatMap((line) => {
    const testPatch = line.instance?.testPatch;
    if (testPatch === undefined || testPatch.trim() === "") return [];
    const name = line.instance?.baseCommit;
    const commit = commitOf(name);
    const key = JSON.stringify([commit ?? null, testPatch]);
    if (seen.has(key)) return [];
    seen.add(key);
    return [{ line, name, commit, testPatch }];
  });
  const problems = await mapLimit(distinct, TEST_PATCHES_AT_ONCE, async ({ commit, testPatch }) =>
    checkTestPatch(testPatch, await baseFiles(commit, testPatchPaths(testPatch)), settings),
  );
  // The first line in the dataset's order whose test_patch does not apply, whatever order the reads ended in.
  const at = problems.findIndex((problem) => problem !== undefined);
  if (at < 0) return;
  const { line, name, commit } = distinct[at]!;
  const base =
    name === undefined
      ? `the checkout at ${settings.source.workdir}`
      : `base_commit ${JSON.stringify(name)} (${commit})`;
  throw new InputError(
    "test_patch",
    `${line.source}: the line's test_patch does not apply to its ${base}: ${problems[at]}; nothing was run`,
  );
}

/**
 * The order to judge `items` in (indices): grouped by base commit, each group where its first line stands,
 * then by the line's own image the same way, so that an image's lines run together and it is held (pulled,
 * on disk) only while they do (line-images.ts). Lines with neither keep their own place. Where every line
 * lists its tests (a SWE-bench dataset), the groups go longest first by the tests they list, ties in place:
 * the command runs those tests' files, so the count foretells the run's length, and a long run started last
 * holds the whole run up while the other slots stand idle (psf/requests' SWE-bench Lite instances at
 * concurrency 2: the 8.4 s one started after a 6.4 s one, the run 15.8 s for 22.6 s of runs).
 */
export function judgingOrder(items: readonly Item[]): number[] {
  const cost = listedCosts(items);
  const longestFirst = (groups: number[][]): number[] =>
    (cost === undefined ? groups : sortedByCost(groups, cost)).flat();
  const byCommit = longestFirst(
    grouped(
      items.map((_, index) => index),
      (index) => nameOf(items[index]!),
    ),
  );
  // A line without an image of its own stays with its commit's (after the commit grouping they stand together).
  return longestFirst(grouped(byCommit, (index) => imageOf(items[index]!) ?? commitOf(items[index]!)));
}

const commitOf = (item: Item): string | undefined => {
  const name = nameOf(item);
  return name === undefined ? undefined : `\u0001${name}`;
};

const imageOf = (item: Item): string | undefined => ("status" in item ? undefined : item.overrides?.image);

/**
 * Each item's tests listed (fail_to_pass and pass_to_pass; a carried-over result costs nothing), or
 * undefined when a candidate lists none: then nothing foretells its length and the order stays the file's.
 */
function listedCosts(items: readonly Item[]): number[] | undefined {
  const costs: number[] = [];
  for (const item of items) {
    if ("status" in item) costs.push(0);
    else if (!listsTests(item.instance)) return undefined;
    else costs.push((item.instance?.failToPass?.length ?? 0) + (item.instance?.passToPass?.length ?? 0));
  }
  return costs;
}

/** `groups` by the sum of their members' costs, largest first; equal sums keep their order. */
function sortedByCost(groups: number[][], cost: readonly number[]): number[][] {
  const total = (group: number[]): number => group.reduce((sum, index) => sum + cost[index]!, 0);
  return groups
    .map((group, at) => ({ group, at, total: total(group) }))
    .sort((a, b) => b.total - a.total || a.at - b.at)
    .map(({ group }) => group);
}

/** `indices` grouped by `keyOf`, each group where its first member stands; those without a key stay alone. */
function grouped(indices: readonly number[], keyOf: (index: number) => string | undefined): number[][] {
  const groups = new Map<string, number[]>();
  for (const index of indices) {
    const key = keyOf(index) ?? `\u0000${index}`;
    const group = groups.get(key);
    if (group) group.push(index);
    else groups.set(key, [index]);
  }
  return [...groups.values()];
}

/**
 * How many of `items` are candidates at each commit, by `keyOf` of their `base_commit` name (a full sha, so
 * that two names of one commit count together). Results carried over (a resumed run's) start from nothing.
 */
export function candidatesByCommit(
  items: readonly Item[],
  keyOf: (name: string) => string = (name) => name,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) {
    const name = nameOf(item);
    if (name !== undefined) counts.set(keyOf(name), (counts.get(keyOf(name)) ?? 0) + 1);
  }
  return counts;
}

/**
 * The bytes a commit's tree may be streamed again, beyond one copy, before a run image pays: a run image costs
 * about as much as streaming the tree once, plus a container created, committed and removed (0.6-0.8 s,
 * measured on a quiet machine of 2 cores), and every container started from it unpacks the tree into its work
 * dir too, so sharing saves only the streaming itself per candidate: about 6 ms per MiB (sympy's 34 MiB tree
 * streamed into a container took 0.23 s more than an empty tar). 128 MiB is about what that fixed cost buys.
 * Measured again once the run image held the tree as one archive (quiet, 2 cores, a 19.6 MB tree of 2 000
 * files, through the Engine API): the run image took 0.63-0.94 s and about 1 CPU-s; 10 and 40 candidates
 * cost the same either way within the noise, run image included (10: 2.1-2.5 s against 2.1-2.4 s wall, 40:
 * 5.6-7.1 s against 5.6-6.5 s), so any budget from 128 to about 800 MiB decides alike there; it stays.
 */
export const STREAM_BUDGET_BYTES = 128 * 1024 ** 2;

/**
 * How a candidate gets its commit's tree: from a run image made once and `share`d by its containers, or
 * `stream`ed into its own fresh container with its changes, as a reply's files are. A run image costs a
 * container, a copy and a commit, and every candidate of the commit waits for it; it is paid back only when
 * the tree would be streamed many times over (STREAM_BUDGET_BYTES: many candidates of a large tree), or when
 * something must be kept in it: a `setup` (run once on the tree, kept in the image), an image's own work dir
 * (`image_workdir`: the tree is what the image holds, not ours to stream), or `compare: base` (the baseline
 * runs on the same tree). Otherwise the tree streams: every SWE-bench Lite instance (a commit of its own), and
 * a few samples of each instance on a tree of ordinary size.
 */
export function treeDelivery(facts: {
  /** The run's candidates at the commit (0 when not known: the image is made, as ever). */
  candidates: number;
  /** The bytes of the candidate's whole tree, as it would be streamed. */
  treeBytes: number;
  setup: boolean;
  imageWorkdir: boolean;
  compareBase: boolean;
}): "share" | "stream" {
  const kept = facts.setup || facts.imageWorkdir || facts.compareBase;
  const streamedAgain = (facts.candidates - 1) * facts.treeBytes;
  return kept || facts.candidates === 0 || streamedAgain > STREAM_BUDGET_BYTES ? "share" : "stream";
}

/**
 * The run's candidates by commit, counted once before the first runs: how many start from each (a commit of
 * one may get its tree streamed, treeDelivery), and each commit's base released once its last is done.
 */
export class CommitBases {
  readonly #total: Map<string, number>;
  readonly #left: Map<string, number>;

  constructor(
    items: readonly Item[],
    private readonly runImages: RunImages | undefined,
    private readonly warn: (line: string) => void,
  ) {
    // By full sha, the names being resolved by now: two names of one commit are one base.
    this.#total = candidatesByCommit(items, (name) => this.#commitOf(name));
    this.#left = new Map(this.#total);
  }

  /** How many of the run's candidates start from `commit` (a full sha). */
  candidates(commit: string): number {
    return this.#total.get(commit) ?? 0;
  }

  /** Called as each item's judgement ends. */
  async done(item: Item): Promise<void> {
    const name = nameOf(item);
    if (name === undefined || !this.runImages) return;
    const commit = this.#commitOf(name);
    const left = (this.#left.get(commit) ?? 1) - 1;
    this.#left.set(commit, left);
    if (left > 0) return;
    for (const failure of await this.runImages.release(commit))
      this.warn(`sandbox-gate: the base of commit ${name} could not be removed: ${failure}`);
  }

  #commitOf(name: string): string {
    return this.runImages ? this.runImages.commit(name) : name;
  }
}

/**
 * The commit whose base to make ahead for the line at `position` of the judging order: the next commit in the
 * order after this line's. `bases` holds, by position, the commit of each line whose base can be made ahead
 * (undefined for one whose cannot): the search stops at the first line that is not this commit's, so nothing
 * is made for a commit further on than the next.
 */
export function nextBase(bases: ReadonlyArray<string | undefined>, position: number): string | undefined {
  const here = bases[position];
  let at = position + 1;
  while (here !== undefined && at < bases.length && bases[at] === here) at++;
  return at < bases.length ? bases[at] : undefined;
}

/**
 * With a setup, a commit's run image takes seconds (a container, the setup, a commit) and every candidate of
 * the commit waits for it. So as soon as a candidate has its run image, the next commit's base is asked for
 * (`make`, once a commit), and is made while this commit's candidates run: not beside this commit's own (its
 * candidates wait for that one), and not after a commit none of whose candidates got that far (every patch
 * failed to apply). Only for a patch line that starts from the run's `image` and its commit's whole tree: the
 * first candidate of the next commit asks for the same run image (RunImages' key), so a base made ahead that
 * failed is reported on that commit's candidates as if made at their start, and one no candidate uses (each
 * changes the setup's inputs and has its own) goes with its commit. A line's own image is held only while its
 * lines run (line-images.ts): nothing is made ahead of it. Disk: one commit's base beyond those in flight.
 */
export class BasesAhead {
  readonly #bases: Array<string | undefined>;
  /** Each commit's first position in the judging order (its lines are grouped: what comes after one comes after all). */
  readonly #first = new Map<string, number>();
  readonly #asked = new Set<string>();
  readonly #ahead: boolean;

  constructor(
    items: readonly Item[],
    order: readonly number[],
    settings: Settings,
    private readonly make: ((commit: string) => void) | undefined,
  ) {
    this.#ahead = make !== undefined && settings.run.setup !== undefined && settings.run.image !== "";
    this.#bases = order.map((index) => {
      const item = items[index]!;
      return this.#eligible(item) ? item.instance?.baseCommit : undefined;
    });
    this.#bases.forEach((name, position) => {
      if (name !== undefined && !this.#first.has(name)) this.#first.set(name, position);
    });
  }

  /** Called as `candidate` gets its run image. */
  made(candidate: Candidate): void {
    const name = candidate.instance?.baseCommit;
    const position = name === undefined || !this.#eligible(candidate) ? undefined : this.#first.get(name);
    const next = position === undefined ? undefined : nextBase(this.#bases, position);
    if (next === undefined || this.#asked.has(next)) return;
    this.#asked.add(next);
    this.make!(next);
  }

  #eligible(item: Item): item is Candidate {
    return (
      this.#ahead &&
      !("status" in item) &&
      item.kind === "patch" &&
      !item.overrides?.image &&
      !item.overrides?.imageWorkdir
    );
  }
}
