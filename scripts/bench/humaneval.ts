// HumanEval records → gate candidates, and the rules for comparing a verdict with the official one.
// Pure: the bench and its unit test share these.
import type { Status } from "../../src/core/model.js";

/** One corpus line (../shared/corpus/humaneval-replies/README.md), or one of the bench's own. */
export interface BenchRecord {
  id: string;
  prompt: string;
  reply: string;
  test: string;
  official_category: Status;
  aux_first_fence_official_3s?: { category: Status };
  flags?: string[];
}

export const PROMPT_FILE = "prompt.py";
export const TEST_FILE = "test.py";
export const TARGET = "solution.py";
/** The official program: prompt, then the extracted code, then the test; pass iff exit 0. */
export const COMMAND = `cat ${PROMPT_FILE} ${TARGET} ${TEST_FILE} > program.py && python3 program.py`;

/** A dataset line (INTERFACE.md) for one record. */
export function datasetLine(record: BenchRecord): Record<string, unknown> {
  return {
    id: record.id,
    reply: record.reply,
    language: "python",
    files: { [PROMPT_FILE]: record.prompt, [TEST_FILE]: record.test },
    command: COMMAND,
  };
}

export type Agreement =
  { kind: "agree" } | { kind: "exception"; note: string } | { kind: "disagree"; expected: Status };

/**
 * Whether `status` agrees with the record's official verdict, applying the corpus README's known
 * disagreements: each accepted only for the records it names, and reported as such.
 */
export function agreement(record: BenchRecord, status: Status): Agreement {
  const flags = new Set(record.flags ?? []);
  // The original extraction left a fence word in the code; the first-fence run is the fair reference.
  const expected =
    flags.has("fence_artifact_in_tested_code") && record.aux_first_fence_official_3s
      ? record.aux_first_fence_official_3s.category
      : record.official_category;
  if (status === expected) {
    return expected === record.official_category
      ? { kind: "agree" }
      : { kind: "exception", note: "scored against the first fence (fence artifact in the official code)" };
  }
  if (expected === "timeout" && status === "oom")
    return { kind: "exception", note: "grows without bound: met the memory limit before the clock" };
  if (expected === "test_failed" && status === "pass" && flags.has("multi_block_reply")) {
    return { kind: "exception", note: "multi-block reply: the corrected later block passes" };
  }
  const thirdParty = [...flags].find((flag) => flag.startsWith("third_party_import:"));
  if (thirdParty && expected === "pass" && status === "test_failed") {
    return {
      kind: "exception",
      note: `imports ${thirdParty.slice("third_party_import:".length)}, which the image lacks`,
    };
  }
  return { kind: "disagree", expected };
}
