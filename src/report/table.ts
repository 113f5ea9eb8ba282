// The CLI's closing table: one row per candidate, plain text, control characters made harmless.
import type { GateOutcome } from "../core/model.js";
import { protectedNote } from "./protected.js";
import { countResolved, resolvedText } from "./resolved-rate.js";
import { tamperingLines } from "./tampering.js";

/** Ids come from datasets and file names: keeps a terminal from interpreting anything in them. */
export function plainText(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f]/g, "?");
}

/**
 * `paint` dresses the status cell once it is padded (the CLI's colours), so the columns line up
 * whether or not it adds escape codes.
 */
export function renderTable(
  outcome: GateOutcome,
  paint: (status: string, cell: string) => string = (_, cell) => cell,
): string {
  // A dataset that lists its tests gets SWE-bench's verdict per row, and its rate under the table.
  const resolved = countResolved(outcome.results);
  const column = <T>(cells: T[]): T[] => (resolved ? cells : cells.slice(0, -1));
  const rows = [
    column(["id", "status", "exit", "signal", "time", "resolved"]),
    ...outcome.results.map((r) =>
      column([
        plainText(r.id),
        r.status,
        r.exit_code === null ? "-" : String(r.exit_code),
        r.signal ?? "-",
        `${(r.duration_ms / 1000).toFixed(2)}s`,
        r.resolved ?? "-",
      ]),
    ),
    ...outcome.skipped.map((s) => column([plainText(s.id), "skipped", "-", "-", "-", "-"])),
  ];
  const widths = rows[0]!.map((_, col) => Math.max(...rows.map((row) => row[col]!.length)));
  // What a reviewer must see of a protected candidate, below the table: the files it changed.
  const notes = outcome.results.flatMap((r) => {
    const note = protectedNote(r, Number.POSITIVE_INFINITY);
    const said = note ? [plainText(`${r.id}: ${note} (the base's versions ran)`)] : [];
    // And every place a candidate's own code reaches into the judge, whatever its status.
    return [...said, ...tamperingLines(r).map((line) => plainText(`${r.id}: reaches into the judge at ${line}`))];
  });
  return [...tableLines(rows, widths, paint), ...notes, ...(resolved ? [resolvedText(resolved)] : [])].join("\n");
}

function tableLines(rows: string[][], widths: number[], paint: (status: string, cell: string) => string): string[] {
  return rows.map((row, index) =>
    row
      .map((cell, col) => (col === 1 && index > 0 ? paint(cell, cell.padEnd(widths[col]!)) : cell.padEnd(widths[col]!)))
      .join("  ")
      .trimEnd(),
  );
}
