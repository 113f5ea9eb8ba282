// Reading back the tar a sandbox sent (its test results): untrusted bytes, so a reader that keeps to
// regular files, bounds every size by what was received, and says what it could not read instead of
// throwing. Pure.
import { decodeUtf8 } from "../utf8.js";

const BLOCK = 512;

export interface TarFile {
  path: string;
  data: Buffer;
}

export interface Untarred {
  files: TarFile[];
  /** Why reading stopped early, or what was passed over; empty when all of it was read. */
  notes: string[];
}

function field(block: Buffer, offset: number, length: number): string {
  const raw = block.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return decodeUtf8(end < 0 ? raw : raw.subarray(0, end), false);
}

function octal(block: Buffer, offset: number, length: number): number {
  const text = field(block, offset, length).trim();
  return /^[0-7]+$/.test(text) ? parseInt(text, 8) : NaN;
}

/** `"<length> key=value\n"` records of a pax header; only `path` matters here. */
function paxPath(data: Buffer): string | undefined {
  let path: string | undefined;
  for (let at = 0; at < data.length;) {
    const space = data.indexOf(0x20, at);
    const length = Number(data.subarray(at, space).toString("ascii"));
    if (space < 0 || !Number.isInteger(length) || length <= 0) break;
    const record = decodeUtf8(data.subarray(space + 1, at + length - 1), false);
    if (record.startsWith("path=")) path = record.slice("path=".length);
    at += length;
  }
  return path;
}

/** A member's name as the work dir knows it: tar writes what `find .` listed, `./` first. */
const relative = (name: string): string => name.replace(/^\.\//, "");

/** The regular files of `tar` (ustar and pax, as GNU and busybox tar write them), relative paths as written. */
export function untar(tar: Uint8Array): Untarred {
  const bytes = Buffer.from(tar.buffer, tar.byteOffset, tar.byteLength);
  const files: TarFile[] = [];
  const notes: string[] = [];
  let longName: string | undefined;
  for (let at = 0; at + BLOCK <= bytes.length;) {
    const header = bytes.subarray(at, at + BLOCK);
    if (header.every((byte) => byte === 0)) return { files, notes };
    const size = octal(header, 124, 12);
    const type = String.fromCharCode(header[156]!);
    if (!Number.isFinite(size)) {
      notes.push(`the results' tar is not readable past ${files.length} file(s)`);
      return { files, notes };
    }
    const start = at + BLOCK;
    const end = start + size;
    if (end > bytes.length) {
      notes.push(`the results' tar is cut inside ${JSON.stringify(relative(longName ?? field(header, 0, 100)))}`);
      return { files, notes };
    }
    const data = bytes.subarray(start, end);
    const prefix = field(header, 345, 155);
    const name = longName ?? (prefix ? `${prefix}/${field(header, 0, 100)}` : field(header, 0, 100));
    longName = undefined;
    if (type === "x") longName = paxPath(data);
    else if (type === "L")
      longName = decodeUtf8(data.subarray(0, data.indexOf(0) < 0 ? data.length : data.indexOf(0)), false);
    else if (type === "0" || type === "\0" || type === "7")
      files.push({ path: relative(name), data: Buffer.from(data) });
    at = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  return { files, notes };
}
