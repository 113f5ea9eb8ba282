// git's object store, read through `git cat-file --batch`: a commit's blobs for a streamed tree (tree.ts's
// readBlobs), and the lookups a run makes before its first candidate (its lines' `base_commit` names, their
// `test_patch` files at each commit), all through one git process however many lines there are. A process
// per lookup (`rev-parse`, `ls-tree`, `cat-file`: ≈ 30 ms each where every exec is dear) was a second per
// ten lines before anything ran, minutes for a whole SWE-bench.
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";

/** One object as cat-file gives it: its full id, its type, its bytes. */
export interface GitObject {
  id: string;
  type: string;
  content: Buffer;
}

/** `<id> <type> <size>`: what cat-file writes before an object's bytes. Anything else ("<name> missing", "<name> ambiguous") has none. */
function sizeOf(header: string): number | undefined {
  const fields = header.split(" ");
  // Exactly three fields, the last all digits: a name echoed back in "<name> missing" may hold spaces and
  // digits of its own, and must never be read as a size (the bytes after it would be taken as an object's).
  return fields.length === 3 && /^\d+$/.test(fields[2]!) ? Number(fields[2]) : undefined;
}

/**
 * `git cat-file --batch`'s output, read as it comes: each object is `<id> <type> <size>\n`, its bytes, `\n`.
 * An object whole within one pipe chunk is kept as a view of the chunk; only one split across chunks is
 * copied. Not one buffer of the whole output: a commit's tree (tens of MB, once per streamed candidate) would
 * be copied again into fresh memory, ≈ 0.13 CPU-s a tree on a host with page-table isolation. Each object
 * goes to `onObject` when given, else into `objects`.
 */
export class CatFileBatch {
  readonly objects: Array<{ header: string; content: Buffer }> = [];
  /** The bytes of the header or the object being read, when they began in an earlier chunk. */
  #held: Buffer[] = [];
  #heldBytes = 0;
  /** The header read, while its object's bytes come; undefined while a header is being read. */
  #current: { header: string; size: number } | undefined;
  readonly #onObject: (object: { header: string; content: Buffer }) => void;

  constructor(onObject?: (object: { header: string; content: Buffer }) => void) {
    this.#onObject = onObject ?? ((object) => this.objects.push(object));
  }

  push(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.#current === undefined) {
        const eol = chunk.indexOf(10, at);
        if (eol < 0) return this.#hold(chunk.subarray(at));
        const header = this.#take(chunk.subarray(at, eol)).toString();
        at = eol + 1;
        const size = sizeOf(header);
        // "<name> missing" has no bytes after it; the caller finds it is not the object it asked for.
        if (size === undefined) this.#onObject({ header, content: Buffer.alloc(0) });
        else this.#current = { header, size };
        continue;
      }
      // The object's bytes and the newline after them.
      const wanted = this.#current.size + 1 - this.#heldBytes;
      if (chunk.length - at < wanted) return this.#hold(chunk.subarray(at));
      const whole = this.#take(chunk.subarray(at, at + wanted));
      const { header, size } = this.#current;
      this.#current = undefined;
      at += wanted;
      this.#onObject({ header, content: whole.subarray(0, size) });
    }
  }

  #hold(piece: Buffer): void {
    this.#held.push(piece);
    this.#heldBytes += piece.length;
  }

  /** `last` after what is held: a view when nothing is, one copy otherwise. */
  #take(last: Buffer): Buffer {
    if (this.#held.length === 0) return last;
    const whole = Buffer.concat([...this.#held, last]);
    this.#held = [];
    this.#heldBytes = 0;
    return whole;
  }
}

/**
 * One `git cat-file --batch` in the repository at `root`, started on the first read, answering reads in the
 * order they were asked (they are written at once, so many lookups cost one process and no round trip each).
 * close() ends it; a git that fails (no repository there) rejects every read with its message.
 */
export class GitObjects {
  readonly #root: string;
  #git: ChildProcessWithoutNullStreams | undefined;
  #failure: Error | undefined;
  #closed = false;
  readonly #waiting: Array<{ resolve: (object: GitObject | undefined) => void; reject: (error: Error) => void }> = [];

  constructor(root: string) {
    this.#root = root;
  }

  /** The object `name` names (any of git's object names: a sha, `HEAD~1`, `<commit>^{tree}`), or undefined when it names none. */
  read(name: string): Promise<GitObject | undefined> {
    // A line is one request: a name with a line break in it names nothing (it would be two requests).
    if (/[\n\r\0]/.test(name)) return Promise.resolve(undefined);
    if (this.#failure) return Promise.reject(this.#failure);
    // Asked after close(): git would never see it, and the read would wait for ever.
    if (this.#closed)
      return Promise.reject(new Error(`git cat-file in ${this.#root} was closed before ${name} was asked`));
    const git = this.#git ?? this.#start();
    return new Promise((resolve, reject) => {
      this.#waiting.push({ resolve, reject });
      git.stdin.write(`${name}\n`);
    });
  }

  /** Ends the process once it has answered what was asked. */
  close(): void {
    this.#closed = true;
    this.#git?.stdin.end();
  }

  #start(): ChildProcessWithoutNullStreams {
    const git = spawn("git", ["-C", this.#root, "cat-file", "--batch"], { stdio: ["pipe", "pipe", "pipe"] });
    let stderr = "";
    const batch = new CatFileBatch(({ header, content }) => {
      const waiter = this.#waiting.shift();
      if (!waiter) return;
      const [id, type] = header.split(" ");
      waiter.resolve(sizeOf(header) === undefined ? undefined : { id: id!, type: type!, content });
    });
    git.stdout.on("data", (chunk: Buffer) => batch.push(chunk));
    git.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    // A request written after git died: its end is reported by "close" below.
    git.stdin.on("error", () => {});
    const fail = (error: Error) => {
      this.#failure ??= error;
      for (const waiter of this.#waiting.splice(0)) waiter.reject(this.#failure);
    };
    git.on("error", fail);
    git.on("close", (code) => {
      fail(
        new Error(
          `git cat-file in ${this.#root} ended (exit ${code}) before answering: ${stderr.trim() || "no message"}`,
        ),
      );
    });
    this.#git = git;
    return git;
  }
}

/** The content of blob `id`; `what` names it in the error when it is none (missing, or a tree). */
export async function readBlob(objects: GitObjects, id: string, what = id): Promise<Buffer> {
  const blob = await objects.read(id);
  if (blob?.type !== "blob") throw new Error(`git: ${what} is not a blob (${blob?.type ?? "missing"})`);
  return blob.content;
}

/** The full sha of the commit `name` names, or undefined when it names none (a tree, a blob, nothing, an option). */
export async function resolveCommit(objects: GitObjects, name: string): Promise<string | undefined> {
  // Read as an object name, never as an option: cat-file takes names on its input, not in its argv.
  const found = await objects.read(`${name}^{commit}`).catch(() => undefined);
  return found?.type === "commit" && /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/.test(found.id) ? found.id : undefined;
}

/** One entry of a tree as `git ls-tree` lists it: its path from the root, mode (git's: 100644, 100755, 120000, 160000, 040000), type, id. */
export interface TreeEntry {
  path: string;
  mode: string;
  type: "blob" | "tree" | "commit";
  id: string;
}

/** A tree object's entries: `<mode> <name>\0` then the raw id (`idBytes` long), one after another. */
export function parseTree(content: Buffer, idBytes: number): Array<{ name: string; mode: string; id: string }> {
  const entries: Array<{ name: string; mode: string; id: string }> = [];
  let at = 0;
  while (at < content.length) {
    const space = content.indexOf(32, at);
    const nul = content.indexOf(0, space + 1);
    if (space < 0 || nul < 0 || nul + 1 + idBytes > content.length) throw new Error("git: a tree object is malformed");
    entries.push({
      mode: content.toString("latin1", at, space).padStart(6, "0"),
      name: content.toString("utf8", space + 1, nul),
      id: content.toString("hex", nul + 1, nul + 1 + idBytes),
    });
    at = nul + 1 + idBytes;
  }
  return entries;
}

const typeOf = (mode: string): TreeEntry["type"] =>
  mode === "040000" ? "tree" : mode === "160000" ? "commit" : "blob";

/**
 * The entry of `commit` (a full sha) at each of `paths` that it holds, as `git ls-tree -r -t` lists it: walked
 * from the root tree, reading only the directories on the paths' way, never below a link, a submodule or a file.
 */
export async function entriesAt(objects: GitObjects, commit: string, paths: Iterable<string>): Promise<TreeEntry[]> {
  const wanted = new Set(paths);
  // Each wanted path's directories: only those are read.
  const dirs = new Set<string>();
  for (const path of wanted) {
    const parts = path.split("/");
    for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join("/"));
  }
  const idBytes = commit.length / 2;
  const found: TreeEntry[] = [];
  const walk = async (treeName: string, prefix: string): Promise<void> => {
    const tree = await objects.read(treeName);
    if (tree?.type !== "tree") throw new Error(`git: ${treeName} is not a tree in ${commit}`);
    const below: Array<Promise<void>> = [];
    for (const { name, mode, id } of parseTree(tree.content, idBytes)) {
      const path = prefix === "" ? name : `${prefix}/${name}`;
      const type = typeOf(mode);
      if (wanted.has(path)) found.push({ path, mode, type, id });
      if (type === "tree" && dirs.has(path)) below.push(walk(id, path));
    }
    await Promise.all(below);
  };
  if (wanted.size > 0) await walk(`${commit}^{tree}`, "");
  return found;
}
