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
