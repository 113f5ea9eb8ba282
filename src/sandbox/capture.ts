// A capped collector for one output stream: it keeps the head, counts everything, and never stops
// reading (a writer blocked on a full pipe would look like a hang, not like too much output).
import type { CapturedStream } from "../core/model.js";
import { decodeUtf8 } from "../core/utf8.js";

export class StreamCapture {
  readonly #limit: number;
  readonly #kept: Buffer[] = [];
  #keptBytes = 0;
  #bytes = 0;

  constructor(limitBytes: number) {
    this.#limit = Math.max(0, Math.floor(limitBytes));
  }

  push(chunk: Uint8Array): void {
    this.#bytes += chunk.byteLength;
    const room = this.#limit - this.#keptBytes;
    if (room <= 0) return;
    const part = chunk.byteLength <= room ? chunk : chunk.subarray(0, room);
    // Copied: callers may reuse their buffers.
    this.#kept.push(Buffer.from(part));
    this.#keptBytes += part.byteLength;
  }

  /** The bytes kept, as they came: for a stream that is data (a tar), not text. */
  kept(): Buffer {
    return Buffer.concat(this.#kept, this.#keptBytes);
  }

  get bytes(): number {
    return this.#bytes;
  }

  get truncated(): boolean {
    return this.#bytes > this.#keptBytes;
  }

  result(): CapturedStream {
    return {
      text: decodeUtf8(Buffer.concat(this.#kept, this.#keptBytes), this.truncated),
      truncated: this.truncated,
      bytes: this.#bytes,
    };
  }
}

/**
 * The command's stdout and stderr as one log, for a log parser (verdict/results/logs/): whole up to
 * `limitBytes`, each stream's lines kept whole and in the order they ended, as a terminal or `2>&1`
 * shows them, never a line of one stream cut into by the other. A line longer than the bound is cut
 * where the bound falls. Reading never stops (a writer blocked on a full pipe would look like a hang).
 */
export class LogCapture {
  readonly #log: StreamCapture;
  readonly #partial = { stdout: [] as Buffer[], stderr: [] as Buffer[] };
  readonly #partialBytes = { stdout: 0, stderr: 0 };
  readonly #limit: number;

  constructor(limitBytes: number) {
    this.#limit = Math.max(0, Math.floor(limitBytes));
    this.#log = new StreamCapture(this.#limit);
  }

  push(stream: "stdout" | "stderr", chunk: Uint8Array): void {
    let data = Buffer.from(chunk);
    for (let at = data.indexOf(0x0a); at !== -1; at = data.indexOf(0x0a)) {
      this.#flush(stream, data.subarray(0, at + 1));
      data = data.subarray(at + 1);
    }
    if (data.length === 0) return;
    // A line held back may not grow past the bound: one that would goes to the log as it is, and the log
    // is cut there.
    if (this.#partialBytes[stream] + data.length > this.#limit) {
      this.#flush(stream, data);
      return;
    }
    this.#partial[stream].push(data);
    this.#partialBytes[stream] += data.length;
  }

  #flush(stream: "stdout" | "stderr", end: Buffer): void {
    for (const part of this.#partial[stream]) this.#log.push(part);
    this.#partial[stream] = [];
    this.#partialBytes[stream] = 0;
    this.#log.push(end);
  }

  /** The log once both streams ended: a last line without its newline is kept too. */
  result(): { bytes: Buffer; truncated: boolean } {
    // Two unended lines end apart; the last one as it came.
    if (this.#partialBytes.stdout > 0 && this.#partialBytes.stderr > 0) this.#flush("stdout", Buffer.from("\n"));
    for (const stream of ["stdout", "stderr"] as const) this.#flush(stream, Buffer.alloc(0));
    return { bytes: this.#log.kept(), truncated: this.#log.truncated };
  }
}
