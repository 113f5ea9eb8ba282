// `source: files`: replies (.md/.txt/…), patches (.patch/.diff) and datasets (.jsonl) from the base tree.
import { readFile } from "node:fs/promises";
import { InputError } from "../core/errors.js";
import type { Match } from "../core/globs.js";
import { readDataset } from "./dataset-lines.js";
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

/**
 * Every line of the datasets among `matches` read once, before anything runs: a line that is not a
 * candidate (not JSON, not of docs/dataset.schema.json's shape) is bad input, named by file:line, and
 * nothing of the run is judged. Judging the rest would publish a pass rate over a set that is not the
 * one asked for; a half-judged night is worth less than one line saying what to fix.
 */
export async function checkDatasets(matches: readonly Match[], input: string): Promise<void> {
  for (const match of matches) {
    if (kindOfFile(match.relative) !== "dataset") continue;
    for await (const entry of readDataset(match.absolute, match.relative))
      if ("problem" in entry)
        throw new InputError(
          input,
          `${entry.problem.source}: ${entry.problem.problem} (a dataset line is one candidate, see docs/dataset.schema.json); nothing was run`,
        );
  }
}

/**
 * The candidates of the files `find` matches: the `files` globs for the action, the arguments for the
 * CLI; `input` names them in an error (`files`, the CLI's FILE). The datasets are checked whole first.
 */
export function filesSource(find: () => Promise<Match[]>, input = "files"): CandidateSource {
  return {
    entries: async () => {
      const matches = await find();
      await checkDatasets(matches, input);
      return candidatesFromFiles(matches);
    },
  };
}
