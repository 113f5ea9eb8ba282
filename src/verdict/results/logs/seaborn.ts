// seaborn's pytest lines as SWE-bench's harness reads them (parse_log_seaborn): `FAILED <id>` is a failure,
// `<id> PASSED [ 50%]` (pytest's verbose progress) and `PASSED <id>` are passes; nothing else is read (an
// error or a skip leaves the test missing, which grades as not passed). Our own code, written from how the
// harness decides. Pure.
import type { ResultsParser } from "../parser.js";
import { type Observation, logParser, pySplit } from "./log.js";
import { messageOf, pytestFamily } from "./pytest.js";

function seabornLine(line: string): Omit<Observation, "summary"> | undefined {
  const words = pySplit(line);
  if (words.length < 2) return undefined;
  if (line.startsWith("FAILED")) {
    const message = messageOf(line, "FAILED");
    return { id: words[1]!, status: "FAILED", ...(message && { message }) };
  }
  if (line.includes(" PASSED ")) return words[1] === "PASSED" ? { id: words[0]!, status: "PASSED" } : undefined;
  if (line.startsWith("PASSED")) return { id: words[1]!, status: "PASSED" };
  return undefined;
}

export const seaborn: ResultsParser = logParser("seaborn's pytest output", (text) => pytestFamily(text, seabornLine));
