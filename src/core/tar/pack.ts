// A ustar writer for the files sent into a sandbox on stdin (nothing from the host is mounted) and for
// the base tree copied into a run's image. Pure: the same files and options give the same bytes (fixed owner
// and time: the base's a fixed date, a candidate's the time of its run, so that it is newer than the base).
import type { SandboxFile } from "../model.js";
import { checkRelativePath } from "../paths.js";

const BLOCK = 512;
/** GNU tar's default record: 20 blocks. */
const RECORD = 20 * BLOCK;
const NAME_FIELD = 100;
const FILE_MODE = 0o644;
const DIR_MODE = 0o755;
const EXECUTABLE_MODE = 0o755;
const LINK_MODE = 0o777;
// Fixed, and not the epoch, which some tools read as "no time stamp" (zip refuses dates before 1980).
export const BASE_MTIME = Date.UTC(2000, 0, 1) / 1000;
// Never written to: the padding pieces of every archive are views of it.
const ZEROS = new Uint8Array(RECORD);
// The ustar size field holds 11 octal digits.
const MAX_SIZE = 8 ** 11 - 1;

type Entry =
  | { kind: "file"; path: string; data: Uint8Array; mode: number }
  | { kind: "link"; path: string; target: string }
  | { kind: "dir"; path: string };

export interface TarOptions {
  /** uid and gid of every entry: root unless the files must belong to the sandbox user. */
  owner?: number;
  /** A directory every path is put under (`sandbox-gate/base`), itself included as an entry. */
  under?: string;
  /** Empty directories made beside `under` (`sandbox-gate/base`), with their parents, owned as the rest. */
  dirs?: string[];
  /**
   * Every entry's modification time, in seconds; BASE_MTIME unless given. A candidate's files must be newer
   * than the base tree's and than what a setup built from it: a stale .pyc or a make target is used otherwise.
   */
  mtime?: number;
}

/**
 * The archive of `files` (regular files and links, their parent directories first), ready for `tar -x`, as
 * the pieces to write one after the other: headers, each file's own bytes (not copied: a commit's whole
 * tree, tens of MB, is streamed once per candidate, and fresh memory that size costs ≈ 0.13 CPU-s to fault
 * in on a host with page-table isolation), and zeros to fill the blocks.
 */
export function tarPieces(files: SandboxFile[], options: TarOptions = {}): Uint8Array[] {
  const under = options.under === undefined ? undefined : normalisePath(options.under);
  const placed =
    under === undefined ? files : files.map((file) => ({ ...file, path: `${under}/${normalisePath(file.path)}` }));
  const entries = archiveEntries(placed, [
    ...(under === undefined ? [] : [under]),
    ...(options.dirs ?? []).map(normalisePath),
  ]);
  const stamp = { owner: options.owner ?? 0, mtime: options.mtime ?? BASE_MTIME };
  const pieces: Uint8Array[] = [];
  let size = 0;
  for (const entry of entries)
    for (const piece of entryPieces(entry, stamp)) {
      if (piece.byteLength === 0) continue;
      const padded = paddedSize(piece.byteLength);
      pieces.push(piece);
      if (padded > piece.byteLength) pieces.push(ZEROS.subarray(0, padded - piece.byteLength));
      size += padded;
    }
  // Two zero blocks end the archive; the zeros then fill the last record, since `tar -x -f -`
  // reads whole records and would otherwise wait on an open pipe for the rest of one.
  const end = Math.ceil((size + 2 * BLOCK) / RECORD) * RECORD - size;
  for (let left = end; left > 0; left -= RECORD) pieces.push(ZEROS.subarray(0, Math.min(left, RECORD)));
  return pieces;
}

/** The same archive in one buffer (a run image's copy, a test's file). */
export function tarball(files: SandboxFile[], options: TarOptions = {}): Buffer {
  return Buffer.concat(tarPieces(files, options));
}

/** A relative path with `.` and repeated slashes removed; throws on anything that could leave the work dir. */
export function normalisePath(path: string): string {
  const checked = checkRelativePath(path);
  if (!checked.ok) throw new Error(`sandbox file path ${JSON.stringify(path)} ${checked.why}`);
  return checked.path;
}

function archiveEntries(files: SandboxFile[], made: string[]): Entry[] {
  const entries: Entry[] = [];
  const dirs = new Set<string>();
  const filePaths = new Set<string>();
  // Even with no file under them, these directories are made (and owned as asked).
  for (const top of made)
    for (const dir of top.split("/").map((_, i, parts) => parts.slice(0, i + 1).join("/"))) {
      if (dirs.has(dir)) continue;
      dirs.add(dir);
      entries.push({ kind: "dir", path: dir });
    }
  for (const file of files) {
    const path = normalisePath(file.path);
    if (filePaths.has(path)) throw new Error(`sandbox file path ${JSON.stringify(file.path)} is given twice`);
    if (dirs.has(path)) throw new Error(conflict(path));
    const segments = path.split("/");
    for (let depth = 1; depth < segments.length; depth++) {
      const dir = segments.slice(0, depth).join("/");
      if (filePaths.has(dir)) throw new Error(conflict(dir));
      if (!dirs.has(dir)) {
        dirs.add(dir);
        entries.push({ kind: "dir", path: dir });
      }
    }
    filePaths.add(path);
    if (file.linkTarget !== undefined) {
      entries.push({ kind: "link", path, target: file.linkTarget });
      continue;
    }
    const data = typeof file.content === "string" ? Buffer.from(file.content, "utf8") : file.content;
    if (data.byteLength > MAX_SIZE) throw new Error(`sandbox file ${JSON.stringify(path)} is too large for tar`);
    entries.push({ kind: "file", path, data, mode: file.executable ? EXECUTABLE_MODE : FILE_MODE });
  }
  return entries;
}

function conflict(path: string): string {
  return `sandbox file path ${JSON.stringify(path)} is both a file and a directory`;
}

const TYPES = { file: "0", link: "2", dir: "5" } as const;

/** What every entry of one archive carries alike. */
interface Stamp {
  owner: number;
  mtime: number;
}

/** The entry's header blocks and data, each to be padded to whole blocks (with zeros) in the archive. */
function entryPieces(entry: Entry, { owner, mtime }: Stamp): Uint8Array[] {
  const name = entry.kind === "dir" ? `${entry.path}/` : entry.path;
  const data = entry.kind === "file" ? entry.data : new Uint8Array(0);
  const nameBytes = Buffer.from(name, "utf8");
  const linkBytes = Buffer.from(entry.kind === "link" ? entry.target : "", "utf8");
  // A pax header carries a full name or link target; the ustar fields get truncated stand-ins that
  // readers ignore, so no prefix/name split is needed.
  const pax = Buffer.concat([
    ...(nameBytes.byteLength > NAME_FIELD ? [paxRecord("path", name)] : []),
    ...(linkBytes.byteLength > NAME_FIELD ? [paxRecord("linkpath", entry.kind === "link" ? entry.target : "")] : []),
  ]);
  const pieces: Uint8Array[] = [];
  if (pax.byteLength > 0)
    pieces.push(
      header({ name: "././@PaxHeader", mode: FILE_MODE, size: pax.byteLength, type: "x", owner, mtime }),
      pax,
    );
  pieces.push(
    header({
      name: nameBytes.subarray(0, NAME_FIELD),
      mode: entry.kind === "file" ? entry.mode : entry.kind === "dir" ? DIR_MODE : LINK_MODE,
      size: data.byteLength,
      type: TYPES[entry.kind],
      owner,
      mtime,
      link: linkBytes.subarray(0, NAME_FIELD),
    }),
    data,
  );
  return pieces;
}

/** `"<length> key=value\n"`, where the length counts its own digits. */
export function paxRecord(key: string, value: string): Buffer {
  const body = Buffer.byteLength(` ${key}=${value}\n`, "utf8");
  // Adding the digits can add a digit (98 + 2 = 100), so iterate to the fixed point.
  let length = body;
  while (body + String(length).length !== length) length = body + String(length).length;
  return Buffer.from(`${length} ${key}=${value}\n`, "utf8");
}

interface HeaderFields {
  name: string | Uint8Array;
  mode: number;
  size: number;
  type: "0" | "2" | "5" | "x";
  owner: number;
  mtime: number;
  /** A link's target (type 2). */
  link?: Uint8Array;
}

function header(fields: HeaderFields): Buffer {
  const block = Buffer.alloc(BLOCK);
  Buffer.from(fields.name).copy(block, 0, 0, NAME_FIELD);
  octal(block, 100, 8, fields.mode);
  octal(block, 108, 8, fields.owner); // uid
  octal(block, 116, 8, fields.owner); // gid
  octal(block, 124, 12, fields.size);
  octal(block, 136, 12, fields.mtime);
  block.write(fields.type, 156, "ascii");
  if (fields.link) Buffer.from(fields.link).copy(block, 157, 0, NAME_FIELD);
  block.write("ustar\0", 257, "ascii");
  block.write("00", 263, "ascii");
  // The checksum is computed with its own field read as spaces.
  block.fill(" ", 148, 156);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "ascii");
  return block;
}

/** Zero-padded octal digits followed by a NUL, filling `width` bytes. */
function octal(block: Buffer, offset: number, width: number, value: number): void {
  block.write(`${value.toString(8).padStart(width - 1, "0")}\0`, offset, "ascii");
}

/** The bytes `size` takes in the archive: whole blocks. */
function paddedSize(size: number): number {
  return Math.ceil(size / BLOCK) * BLOCK;
}
