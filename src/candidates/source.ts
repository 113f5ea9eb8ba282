// Where candidates come from, behind one interface: one implementation per `source` value (comments.ts,
// pull-request.ts, files-source.ts, which reads datasets too), chosen by the settings in sources.ts.
import type { ListedEntry } from "../core/model.js";

export interface CandidateSource {
  /**
   * The candidates, in the order they are judged; a dataset line that is not one says why; what the source
   * read but is no candidate, listed as skipped (a comment that is no agent's reply).
   */
  entries(): Promise<AsyncIterable<ListedEntry>>;
}

/** A source whose candidates are all at hand already. */
export async function* fromList<T>(items: readonly T[]): AsyncGenerator<T> {
  yield* items;
}
