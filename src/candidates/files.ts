// `source: files`: replies (.md/.txt/…), patches (.patch/.diff) and datasets (.jsonl) from the base tree.
import { readFile } from "node:fs/promises";
import type { Match } from "./glob.js";
import { readDataset, type DatasetEntry } from "./dataset.js";

export function kindOfFile(path: string): "dataset" | "patch" | "reply" {
  const lower = path.toLowerCase();
  if (lower.endsWith(".jsonl")) return "dataset";
  if (lower.endsWith(".patch") || lower.endsWith(".diff")) return "patch";
  return "reply";
}

/** Every candidate of the matched files, in file order and, inside a dataset, line order. */
export async function* candidatesFromFiles(matches: Match[]): AsyncGenerator<DatasetEntry> {
  for (const match of matches) {
    const kind = kindOfFile(match.relative);
    if (kind === "dataset") {
      yield* readDataset(match.absolute, match.relative);
      continue;
    }
    const text = await readFile(match.absolute, "utf8");
    yield { candidate: { id: match.relative, source: match.relative, kind, text } };
  }
}
