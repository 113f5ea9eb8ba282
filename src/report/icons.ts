// One icon beside every status label, the same in the comment, the job summary and the check: a reader
// finds the failures by shape before reading a word. Pure data.
import type { Status } from "../core/model.js";

export const STATUS_ICONS: Record<Status, string> = {
  pass: "✅",
  test_failed: "❌",
  syntax_error: "❌",
  no_code: "❌",
  patch_failed: "❌",
  timeout: "⏱️",
  oom: "💥",
  // Ours, not the candidate's: a warning sign, never the cross that blames the code.
  sandbox_error: "⚠️",
};

export const SKIPPED_ICON = "⏭️";

/** The verdict line's icon: passed, failed, or only our side failed (re-run). */
export function verdictIcon(failed: boolean, ours: boolean): string {
  if (!failed) return STATUS_ICONS.pass;
  return ours ? STATUS_ICONS.sandbox_error : STATUS_ICONS.test_failed;
}
