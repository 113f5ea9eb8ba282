// `source: files`: replies (.md/.txt/…), patches (.patch/.diff) and datasets (.jsonl) from the base tree.
import { readFile } from "node:fs/promises";
import type { Match } from "../core/globs.js";
import { readDataset } from "./dataset.js";
import { type SourceEntry } from "../core/model.js";
import type { CandidateSource } from "./source.js";

export function kindOfFile(path: string): "dataset" | "patch" | "reply" {
  const lower = path.toLowerCase();
  if (lower.endsWith(".jsonl")) return "dataset";
  if (lower.endsWith(".patch") || lower.endsWith(".diff")) return "patch";
  return "reply";
}

/** Every candidate of the matched files, in file order and, inside a dataset, line order. */
export async function* candidatesFromFiles(matches: Match[]): AsyncGenerator<SourceEntry> {
  for (const match of matches) {
    const kind = kindOfFile(match.relative);
    if (kind === "dataset") {
      yield* readDataset(match.absolute, match.relative);
      continue;
    }
    const bytes = await readFile(match.absolute);
    const candidate = { id: match.relative, source: match.relative, kind, text: bytes.toString("utf8") };
    // A patch is applied from its bytes: a line that is not UTF-8 (a latin1 file's) must reach the tree as it is.
    yield { candidate: kind === "patch" ? { ...candidate, bytes } : candidate };
  }
}

/** The candidates of the files `find` matches: the `files` globs for the action, the arguments for the CLI. */
export function filesSource(find: () => Promise<Match[]>): CandidateSource {
  return { entries: async () => candidatesFromFiles(await find()) };
}
