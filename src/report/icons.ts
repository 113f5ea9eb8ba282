// The icons that are no status's own: a skipped candidate, and the verdict line's. Each status's icon is
// in the catalogue (core/statuses.ts). Pure data.
import { STATUS_INFO } from "../core/statuses.js";

export const SKIPPED_ICON = "⏭️";

/** The verdict line's icon: passed, failed, or only our side failed (re-run). */
export function verdictIcon(failed: boolean, ours: boolean): string {
  if (!failed) return STATUS_INFO.pass.icon;
  return ours ? STATUS_INFO.sandbox_error.icon : STATUS_INFO.test_failed.icon;
}
