// The baseline runs of `compare: base`: the test command on the unpatched tree, once per run for each
// tree and command, whatever the number of patches compared with it.
import { createHash } from "node:crypto";
import type { BaseRun } from "./compare.js";
import type { SandboxFile } from "../core/model.js";
import { ascending } from "../core/order.js";

/**
 * What makes two baseline runs the same: the image (a run image holds the tree), the command, the files
 * sent, and how its tests are read (lines of one run may each name their `results_format`).
 */
export interface BaselineKey {
  image: string;
  command: string;
  files: readonly SandboxFile[];
  format?: string;
}

function keyOf({ image, command, files, format }: BaselineKey): string {
  const hash = createHash("sha256");
  for (const file of [...files].sort((a, b) => ascending(a.path, b.path))) {
    hash.update(`${file.path}\0${file.executable ? 1 : 0}\0${file.linkTarget ?? ""}\0`);
    hash.update(file.content);
    hash.update("\0");
  }
  return JSON.stringify([image, command, hash.digest("hex"), format ?? null]);
}

export class BaselineRuns {
  readonly #runs = new Map<string, Promise<BaseRun>>();

  /** The baseline run for `key`, run by `run` the first time it is asked for. */
  get(key: BaselineKey, run: () => Promise<BaseRun>): Promise<BaseRun> {
    const id = keyOf(key);
    let pending = this.#runs.get(id);
    if (!pending) {
      pending = run();
      this.#runs.set(id, pending);
    }
    return pending;
  }

  /** Every baseline run made, in the order first asked for. */
  all(): Promise<BaseRun[]> {
    return Promise.all(this.#runs.values());
  }
}
