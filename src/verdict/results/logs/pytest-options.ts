// pytest's report lines with the parameters of an id made stable, as SWE-bench's harness reads them for
// pydicom, requests and pylint (parse_log_pytest_options): as pytest's reading (pytest.ts), then an id's
// parameters (`test_x[...]`) that are an absolute path are cut to its last part (`[/tmp/abc/data.txt]` →
// `[/data.txt]`), so an id names the same test whatever temporary directory the run had; `//…` and
// globs are kept. Our own code, written from how the harness decides. Pure.
import type { ResultsParser } from "../parser.js";
import { logParser } from "./log.js";
import { pytestFamily, pytestLine } from "./pytest.js";

/** The harness's option_pattern `(.*?)\[(.*)\]`: up to the first `[`, then to the last `]`; what follows is dropped. */
export function stableOptions(id: string): string {
  const open = id.indexOf("[");
  const close = id.lastIndexOf("]");
  if (open === -1 || close < open) return id;
  const main = id.slice(0, open);
  let option = id.slice(open + 1, close);
  if (option.startsWith("/") && !option.startsWith("//") && !option.includes("*"))
    option = `/${option.split("/").at(-1)!}`;
  return `${main}[${option}]`;
}

export const pytestOptions: ResultsParser = logParser("pytest's output (options)", (text) =>
  pytestFamily(text, (line) => pytestLine(line, stableOptions)),
);
