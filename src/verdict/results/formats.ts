// The results formats by name, as `results-format` chooses one: each is a file of this folder behind
// ResultsParser (parser.ts) and one entry here. Its name goes into RESULTS_FORMATS (settings), which
// types this registry: the compiler asks for the one where the other is missing.
import type { ResultsFormat } from "../../settings/settings.js";
import { junit } from "./junit.js";
import type { ResultsParser } from "./parser.js";

export const RESULTS_PARSERS: Readonly<Record<ResultsFormat, ResultsParser>> = { junit };

/** The parser `results-format` selected. */
export function resultsParser(format: ResultsFormat): ResultsParser {
  return RESULTS_PARSERS[format];
}
