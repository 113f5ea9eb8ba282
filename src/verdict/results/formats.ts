// The results formats by name, as `results-format` (or a dataset line's `results_format`) chooses one: each
// distinct reader is a file of this folder (logs/ for a test runner's own output) behind ResultsParser
// (parser.ts) and one entry here; a name whose parser decides exactly as another's (SWE-bench's harness
// names its parsers after repositories: parse_log_flask is parse_log_pytest) is an alias of that entry.
// Its name goes into RESULTS_FORMATS (settings), which types this registry: the compiler asks for the one
// where the other is missing.
import type { CandidateOverrides } from "../../core/model.js";
import { RESULTS_FORMATS, type ResultsFormat, type Settings } from "../../settings/settings.js";
import { junit } from "./junit.js";
import { django } from "./logs/django.js";
import { matplotlib } from "./logs/matplotlib.js";
import { pytest } from "./logs/pytest.js";
import { pytestOptions } from "./logs/pytest-options.js";
import { pytestV2 } from "./logs/pytest-v2.js";
import { seaborn } from "./logs/seaborn.js";
import { sympy } from "./logs/sympy.js";
import type { ResultsParser } from "./parser.js";

export const RESULTS_PARSERS: Readonly<Record<ResultsFormat, ResultsParser>> = {
  junit,
  pytest,
  "pytest-options": pytestOptions,
  "pytest-v2": pytestV2,
  django,
  sympy,
  seaborn,
  matplotlib,
  // The harness's repository-named parsers, each the same function as one above.
  astroid: pytest,
  flask: pytest,
  marshmallow: pytest,
  pvlib: pytest,
  pyvista: pytest,
  sqlfluff: pytest,
  xarray: pytest,
  pydicom: pytestOptions,
  requests: pytestOptions,
  pylint: pytestOptions,
  astropy: pytestV2,
  scikit: pytestV2,
  sphinx: pytestV2,
};

/** The parser `results-format` selected. */
export function resultsParser(format: ResultsFormat): ResultsParser {
  return RESULTS_PARSERS[format];
}

/** A candidate's results format: its line's `results_format` (checked against RESULTS_FORMATS by the line's schema), else the run's. */
export function formatOf(overrides: CandidateOverrides | undefined, settings: Pick<Settings, "run">): ResultsFormat {
  const own = overrides?.resultsFormat;
  return own !== undefined && (RESULTS_FORMATS as readonly string[]).includes(own)
    ? (own as ResultsFormat)
    : settings.run.resultsFormat;
}

/** Whether a format reads the command's own output rather than the `test-results` files. */
export function readsLog(format: ResultsFormat): boolean {
  return RESULTS_PARSERS[format].reads === "log";
}
