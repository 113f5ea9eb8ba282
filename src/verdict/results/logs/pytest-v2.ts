// pytest's report lines as SWE-bench's harness reads them for astropy, scikit-learn and sphinx
// (parse_log_pytest_v2): colour codes and control characters are dropped first; a line that begins with a
// status word names the test in the rest of the line (an id may hold spaces), a FAILED line up to its
// first ` - `; a line that ends with one (`tests/test_x.py::test_a PASSED`, older pytest's verbose lines)
// names it in what precedes. Our own code, written from how the harness decides. Pure.
import type { ResultsParser } from "../parser.js";
import { ENDS_WITH_STATUS, STARTS_WITH_STATUS, type Observation, isLogStatus, logParser, pySplit } from "./log.js";
import { isSkipSummary, messageOf, pytestFamily } from "./pytest.js";

// The harness strips `[<digits>m` (a colour code's tail, its ESC then goes with the control characters),
// then every character from 0x01 to 0x1f.
const COLOUR = /\[\d+m/g;
const CONTROL = /[\x01-\x1f]/g;

function v2Line(raw: string): Omit<Observation, "summary"> | undefined {
  const line = raw.replace(COLOUR, "").replace(CONTROL, "");
  const starts = STARTS_WITH_STATUS.exec(line)?.[1];
  if (starts !== undefined) {
    const words = pySplit(starts === "FAILED" ? line.split(" - ")[0]! : line);
    if (words.length < 2 || !isLogStatus(words[0]) || isSkipSummary(words[0], words[1]!)) return undefined;
    const message = messageOf(line, words[0]);
    return { id: words.slice(1).join(" "), status: words[0], ...(message && { message }) };
  }
  if (!ENDS_WITH_STATUS.test(line)) return undefined;
  const words = pySplit(line);
  const status = words.at(-1);
  if (words.length < 2 || !isLogStatus(status)) return undefined;
  return { id: words.slice(0, -1).join(" "), status };
}

export const pytestV2: ResultsParser = logParser("pytest's output (v2)", (text) => pytestFamily(text, v2Line));
