// A dataset whose lines name their own `base_commit`: each commit's base (its tree, its run image, its
// setup) is made once and shared by that commit's candidates, and dropped when the last of them is done.
// Candidates are judged grouped by commit (the report keeps their order), so a night over many commits
// holds the bases of only the commits in flight: disk bounded by the concurrency, not the dataset.
import { InputError } from "../core/errors.js";
import type { Candidate, Result } from "../core/model.js";
import { listsTests } from "../verdict/resolved.js";
import type { RunImages } from "./run-images.js";
import type { Settings } from "../settings/settings.js";

type Item = Candidate | Result;
const nameOf = (item: Item): string | undefined => ("status" in item ? undefined : item.instance?.baseCommit);

/**
 * What a run must know before its first candidate: every `base_commit` is a commit of the repository, and
 * lines that list their tests have per-test results to be judged by. Bad input, named with its line.
 */
export async function checkInstances(items: readonly Item[], settings: Settings, runImages?: RunImages): Promise<void> {
  const listing = items.find((item): item is Candidate => !("status" in item) && listsTests(item.instance));
  if (listing && settings.run.testResults.length === 0)
    throw new InputError(
      "test-results",
      `${listing.source}: the line lists fail_to_pass/pass_to_pass, which are read from per-test results: set 'test-results' to the JUnit XML files the command writes; nothing was run`,
    );
  const named = items.flatMap((item) => {
    const name = nameOf(item);
    return name === undefined || "status" in item ? [] : [{ name, source: item.source }];
  });
  if (runImages && named.length > 0) await runImages.resolveCommits(named);
}

/** The order to judge `items` in (indices): grouped by base commit, each group where its first line stands. */
export function judgingOrder(items: readonly Item[]): number[] {
  const groups = new Map<string | undefined, number[]>();
  items.forEach((item, index) => {
    const name = nameOf(item);
    // Lines without a commit keep their own place: each is a group of one.
    const key = name === undefined ? `\u0000${index}` : name;
    groups.set(key, [...(groups.get(key) ?? []), index]);
  });
  return [...groups.values()].flat();
}

/** Releases each commit's base once its last candidate is done. */
export class CommitBases {
  readonly #left = new Map<string, number>();

  constructor(
    items: readonly Item[],
    private readonly runImages: RunImages | undefined,
    private readonly warn: (line: string) => void,
  ) {
    for (const item of items) {
      const name = nameOf(item);
      if (name !== undefined) this.#left.set(name, (this.#left.get(name) ?? 0) + 1);
    }
  }

  /** Called as each item's judgement ends. */
  async done(item: Item): Promise<void> {
    const name = nameOf(item);
    if (name === undefined || !this.runImages) return;
    const left = (this.#left.get(name) ?? 1) - 1;
    this.#left.set(name, left);
    if (left > 0) return;
    for (const failure of await this.runImages.release(this.runImages.commit(name)))
      this.warn(`sandbox-gate: the base of commit ${name} could not be removed: ${failure}`);
  }
}
