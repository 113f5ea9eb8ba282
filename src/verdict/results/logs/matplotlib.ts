// matplotlib's pytest lines as SWE-bench's harness reads them (parse_log_matplotlib): pytest's reading
// (pytest.ts) after `MouseButton.LEFT` and `MouseButton.RIGHT` are written as 1 and 3, so ids keep the
// parameters matplotlib's older releases printed as numbers. Our own code, written from how the harness
// decides. Pure.
import type { ResultsParser } from "../parser.js";
import { logParser } from "./log.js";
import { pytestFamily, pytestLine } from "./pytest.js";

export const matplotlib: ResultsParser = logParser("matplotlib's pytest output", (text) =>
  pytestFamily(text, (line) =>
    pytestLine(line.replaceAll("MouseButton.LEFT", "1").replaceAll("MouseButton.RIGHT", "3")),
  ),
);
