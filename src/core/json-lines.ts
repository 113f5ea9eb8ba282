// JSON-lines files (a dataset, SWE-bench's instances and predictions, the partial report a run keeps): one
// reader for them all, so each numbers its lines from 1, skips blank ones, drops the BOM some editors open a
// file with, and says `file:line` of a line that is not JSON.
import { createInterface } from "node:readline";

/** One line of a JSON-lines file, `where` it stands (`file:n`): its value, or why it has none. */
export type JsonLine = { n: number; where: string } & ({ ok: true; value: unknown } | { ok: false; problem: string });

/** Line `n` (from 1) of `file` → its value, or `not valid JSON (…)`. Pure. */
export function jsonLine(line: string, file: string, n: number): JsonLine {
  const where = `${file}:${n}`;
  try {
    // A BOM opens files some editors save: not part of the first record.
    const value = JSON.parse(n === 1 ? line.replace(/^\uFEFF/, "") : line) as unknown;
    return { n, where, ok: true, value };
  } catch (error) {
    return { n, where, ok: false, problem: `not valid JSON (${(error as Error).message})` };
  }
}

/**
 * A JSON-lines text's lines but the blank ones, each read by `jsonLine`. `last` marks the text's last line
 * when no newline ends it: a write cut short leaves such a line, which a reader may forgive. Pure.
 */
export function* jsonLines(text: string, file: string): Generator<JsonLine & { last: boolean }> {
  const lines = text.split(/\r?\n/);
  for (const [i, line] of lines.entries()) {
    if (line.trim() === "") continue;
    yield { ...jsonLine(line, file, i + 1), last: i === lines.length - 1 };
  }
}

/** The same of a stream, read a line at a time: a large file (a nightly dataset) is never held whole. */
export async function* streamedJsonLines(input: NodeJS.ReadableStream, file: string): AsyncGenerator<JsonLine> {
  const lines = createInterface({ input, crlfDelay: Infinity });
  let n = 0;
  for await (const line of lines) {
    n += 1;
    if (line.trim() === "") continue;
    yield jsonLine(line, file, n);
  }
}
