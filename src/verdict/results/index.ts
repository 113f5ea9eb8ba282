// The test-results seam: one parser per format behind ResultsParser, the reader that bounds them, and the
// `test-results` globs that pick the files.
export {
  caseId,
  type CaseStatus,
  type ParsedFile,
  type ResultsParser,
  type TestCase,
  type TestResults,
} from "./parser.js";
export { junit } from "./junit.js";
export { MAX_CASES, MAX_RESULTS_FILE_BYTES, readTestResults, type ReadResults } from "./read.js";
export { findPatterns, readResults, type ResultsReading } from "./files.js";
