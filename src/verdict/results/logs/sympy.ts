// sympy's own runner (`bin/test --verbose`), read as SWE-bench's harness reads it (parse_log_sympy): a
// line `test_a ok` passes, `test_a F` fails, `test_a E` is an error, keyed by the test's bare name; the
// header the runner writes over each failure's traceback (`____ sympy/core/tests/test_x.py:test_a ____`)
// is a failure keyed `sympy/core/tests/test_x.py:test_a`. The runner's own count: `tests finished: N
// passed`. Our own code, written from how the harness decides. Pure.
import type { ResultsParser } from "../parser.js";
import { type Observation, logLines, logParser, pySplit, pyStrip } from "./log.js";

// The harness reads `(_*) (.*)\.py:(.*) (_*)` anywhere in the log, which also keys the location in a warning
// (`  sympy/x.py:12: SymPyDeprecationWarning: …`) as a failed test. Only the runner's own header is read here:
// a line of underscores around it. Its key is the harness's: the last `.py:` splits it, the last space ends it.
const HEADER = /^_+ ([^\n]*)\.py:([^\n]*) _+$/;
const HEADER_END = / _+$/;
const FINISHED = /tests finished: (\d+) passed/;

export const sympy: ResultsParser = logParser("sympy's test runner output", (text) => {
  const observations: Observation[] = [];
  const counted: number[] = [];
  const lines = logLines(text);
  for (const raw of lines) {
    // Only a line that ends as a header does is tried: the pattern stays linear in the line.
    const header = raw.startsWith("_") && HEADER_END.test(raw) ? HEADER.exec(raw) : null;
    if (header) observations.push({ id: `${header[1]}.py:${header[2]}`, status: "FAILED" });
    const finished = FINISHED.exec(raw)?.[1];
    if (finished !== undefined) counted.push(Number(finished));
  }
  for (const raw of lines) {
    const line = pyStrip(raw);
    if (!line.startsWith("test_")) continue;
    const id = pySplit(line)[0]!;
    if (line.endsWith(" E")) observations.push({ id, status: "ERROR" });
    if (line.endsWith(" F")) observations.push({ id, status: "FAILED" });
    if (line.endsWith(" ok")) observations.push({ id, status: "PASSED" });
  }
  return { observations, counted };
});
