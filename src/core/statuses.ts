// The statuses a candidate can end with, the vocabulary every room shares.

/** Statuses in the order classification tries them: the first that matches wins. */
export const STATUSES = [
  "no_code",
  "patch_failed",
  "syntax_error",
  "timeout",
  "oom",
  "test_failed",
  "pass",
  "sandbox_error",
] as const;

export type Status = (typeof STATUSES)[number];
