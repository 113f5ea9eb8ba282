// The per-candidate audit line: enough to trace a run, nothing of the candidate's text or of our
// secrets. The action writes them to the `audit-log` file (and, in debug mode, to the log), apart from
// the progress lines; the CLI to stderr, or to `--audit-log`.
import { appendFileSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";

export interface AuditEvent {
  event: "sandbox-gate.candidate";
  run: string;
  candidate: string;
  code_length: number;
  status: string;
  exit: number | null;
  duration_ms: number;
}

/** A JSONL file that each event is appended to as it happens, so a cancelled run keeps what it did. */
export function auditFile(path: string): (event: AuditEvent) => void {
  mkdirSync(dirname(path), { recursive: true });
  return (event) => appendFileSync(path, `${JSON.stringify(event)}\n`);
}
