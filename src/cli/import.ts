// `sandbox-gate import swe-bench`: the files read, each record handed to candidates/swe-bench.ts (the rules),
// the dataset lines written to stdout or --out. Instances are streamed a line at a time from JSONL (SWE-bench
// full is 2294 instances, tens of MB), each line's dataset lines written before the next is read; a JSON
// array, and the predictions (every one is needed before the first instance is matched), are read whole.
// A gzipped file (`.jsonl.gz`, `.json.gz`: known by gzip's magic bytes, so a pipe does too) is read the
// same way, unzipped as it streams; one that does not unzip is one error naming the file.
// A bad record ends the import: exit 2 naming it, and --out is written to a temporary file renamed into
// place only when every record was good, so it is never half there.
import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { open, readFile, rename, rm, stat, type FileHandle } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { Readable, pipeline } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { createGunzip, gunzipSync } from "node:zlib";
import {
  SweBenchImport,
  arrayRecords,
  groupPredictions,
  lineRecord,
  predictionRecords,
  type ImportSummary,
  type Prediction,
  type SourcedRecord,
} from "../candidates/swe-bench.js";
import { InputError } from "../core/errors.js";
import { streamedJsonLines } from "../core/json-lines.js";
import type { ImportCommand } from "./options.js";

export interface ImportIO {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  cwd: string;
}

/** Runs the import; throws InputError (exit 2) naming the input and the record at fault. */
export async function runImport(command: ImportCommand, io: ImportIO): Promise<number> {
  const predictions =
    command.predictions === undefined ? undefined : await readPredictions(command.predictions, io.cwd);
  const importer = new SweBenchImport(predictions, { ...(command.repo !== undefined && { repo: command.repo }) });
  const sink = await openSink(command.out, io);
  try {
    for await (const record of instanceRecords(command.instances, io.cwd)) {
      const lines = importer.add(record);
      if (!lines.ok) throw new InputError("INSTANCES", lines.problem);
      if (lines.value.length > 0) await sink.write(lines.value.map((line) => `${JSON.stringify(line)}\n`).join(""));
    }
    const done = importer.finish();
    if (done.instances === 0) throw new InputError("INSTANCES", `'${command.instances}' holds no instances`);
    if (done.kept === 0)
      throw new InputError(
        "repo",
        `'${command.instances}' holds no instance of ${command.repo} (its ${done.instances} are of ${listed(done.otherRepo.repos)})`,
      );
    await sink.close();
    for (const line of summaryLines(done, command, predictions !== undefined))
      if (!command.quiet || line.startsWith("warning")) io.stderr.write(`sandbox-gate: ${line}\n`);
    return 0;
  } catch (error) {
    await sink.abandon();
    throw error;
  }
}

/** Up to five names, then how many more. */
function listed(names: readonly string[]): string {
  return names.slice(0, 5).join(", ") + (names.length > 5 ? `, ... (${names.length} in all)` : "");
}

/**
 * What the import did, and warnings for what the user must know before running the lines: predictions
 * skipped, lines without a test command, lines that cannot run in one workdir.
 */
export function summaryLines(summary: ImportSummary, command: ImportCommand, predicted: boolean): string[] {
  const { otherRepo, unknownPredictions, withoutCommand } = summary;
  const notes = [
    ...(otherRepo.instances > 0
      ? [
          `${otherRepo.instances} instance(s) of other repositories left out${predicted ? ` (${otherRepo.predictions} prediction(s) of them)` : ""}`,
        ]
      : []),
    ...(summary.unpredicted > 0 ? [`${summary.unpredicted} instance(s) without a prediction left out`] : []),
    ...(summary.emptyPatches > 0 ? [`${summary.emptyPatches} empty model_patch(es), judged patch_failed`] : []),
  ];
  const to = command.out === undefined || command.out === "-" ? "stdout" : command.out;
  const of = command.repo === undefined ? "" : ` of ${command.repo}`;
  const lines = [
    `imported ${summary.lines} dataset line(s) from ${summary.kept} instance(s)${of}${predicted ? " and their predictions" : " (gold patches)"} to ${to}${notes.length > 0 ? `; ${notes.join(", ")}` : ""}`,
  ];
  if (unknownPredictions.count > 0)
    lines.push(
      `warning: ${unknownPredictions.count} prediction(s) of instances not in '${command.instances}' skipped (the first: ${unknownPredictions.first})`,
    );
  if (withoutCommand.lines > 0)
    lines.push(
      `warning: ${withoutCommand.lines} line(s) carry no test command: SWE-bench's specs have none for ${listed(withoutCommand.specs)}; run them with --command (and --results-format)`,
    );
  if (summary.repos.length > 1)
    lines.push(
      `warning: the instances come from ${summary.repos.length} repositories (${listed(summary.repos)}); a run judges every line in one workdir, so run each repository's lines in its own clone (import with --repo OWNER/NAME)`,
    );
  return lines;
}

async function readable(typed: string, cwd: string, input: string): Promise<string> {
  const path = resolve(cwd, typed);
  const info = await stat(path).catch(() => undefined);
  // A named pipe too: `--predictions <(zcat preds.jsonl.gz)`.
  if (!info?.isFile() && !info?.isFIFO()) throw new InputError(input, `'${typed}' is not a readable file`);
  return path;
}

/** gzip's first two bytes. */
const isGzip = (head: Uint8Array) => head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;

const notGzip = (input: string, typed: string, error: unknown) =>
  new InputError(input, `'${typed}' is not a readable gzip file (${(error as Error).message})`);

async function readPredictions(typed: string, cwd: string): Promise<Map<string, Prediction[]>> {
  const bytes = await readFile(await readable(typed, cwd, "predictions"));
  let text: string;
  try {
    text = (isGzip(bytes) ? gunzipSync(bytes) : bytes).toString("utf8");
  } catch (error) {
    throw notGzip("predictions", typed, error);
  }
  const records = predictionRecords(text, typed);
  if (!records.ok) throw new InputError("predictions", records.problem);
  if (records.value.length === 0) throw new InputError("predictions", `'${typed}' holds no predictions`);
  const grouped = groupPredictions(records.value);
  if (!grouped.ok) throw new InputError("predictions", grouped.problem);
  return grouped.value;
}

/**
 * The instances' records: a JSON array's elements, or a JSONL file's lines one at a time. The file is read
 * once, as a stream, so a pipe (`<(zcat instances.jsonl.gz)`) does as well as a file.
 */
async function* instanceRecords(typed: string, cwd: string): AsyncGenerator<SourcedRecord> {
  const text = replayable(textOf(await readable(typed, cwd, "INSTANCES"), typed, "INSTANCES"));
  if ((await text.firstCharacter()) === "[") {
    let whole = "";
    for await (const chunk of text.chunks()) whole += chunk;
    const records = arrayRecords(whole, typed);
    if (!records.ok) throw new InputError("INSTANCES", records.problem);
    yield* records.value;
    return;
  }
  for await (const line of streamedJsonLines(Readable.from(text.chunks()), typed)) {
    const record = lineRecord(line);
    if (!record.ok) throw new InputError("INSTANCES", record.problem);
    yield record.value;
  }
}

/**
 * A file's text as it streams, unzipped on the way when it starts as gzip does. The bytes are read once
 * (a pipe cannot be read twice): the first ones are held until there are enough to tell.
 */
async function* textOf(path: string, typed: string, input: string): AsyncGenerator<string> {
  const source = createReadStream(path)[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const held: Buffer[] = [];
  let next = await source.next();
  for (; !next.done; next = await source.next()) {
    held.push(next.value);
    if (Buffer.concat(held).length >= 2) break;
  }
  const head = Buffer.concat(held);
  const bytes = Readable.from(
    (async function* () {
      if (head.length > 0) yield head;
      if (next.done) return;
      for (next = await source.next(); !next.done; next = await source.next()) yield next.value;
    })(),
  );
  const gzip = isGzip(head);
  // pipeline: a failure of either stream ends the other and comes out of the loop below.
  const chunks = gzip ? pipeline(bytes, createGunzip(), () => {}) : bytes;
  const decoder = new StringDecoder("utf8");
  try {
    for await (const chunk of chunks as AsyncIterable<Buffer>) {
      const part = decoder.write(chunk);
      if (part !== "") yield part;
    }
  } catch (error) {
    if (gzip && (error as NodeJS.ErrnoException).code?.startsWith("Z_")) throw notGzip(input, typed, error);
    throw error;
  }
  const rest = decoder.end();
  if (rest !== "") yield rest;
}

/** A text stream whose first character can be looked at before every chunk, the first ones too, is read. */
function replayable(stream: AsyncIterable<string>) {
  const source = stream[Symbol.asyncIterator]();
  const head: string[] = [];
  return {
    /** The first character that is not white space (nor a BOM); "" for a blank stream. */
    async firstCharacter(): Promise<string> {
      for (let next = await source.next(); !next.done; next = await source.next()) {
        head.push(next.value);
        const found = /[^\s\uFEFF]/.exec(next.value);
        if (found) return found[0];
      }
      return "";
    },
    async *chunks(): AsyncGenerator<string> {
      yield* head.splice(0);
      for (let next = await source.next(); !next.done; next = await source.next()) yield next.value;
    },
  };
}

interface Sink {
  write(text: string): Promise<void>;
  /** Every line is written: the output is complete. */
  close(): Promise<void>;
  /** The import failed: leave no file behind. */
  abandon(): Promise<void>;
}

async function openSink(out: string | undefined, io: ImportIO): Promise<Sink> {
  if (out === undefined || out === "-")
    return {
      write: async (text) => void io.stdout.write(text),
      close: async () => {},
      abandon: async () => {},
    };
  const target = resolve(io.cwd, out);
  const temporary = join(dirname(target), `.${basename(target)}.${randomBytes(4).toString("hex")}.tmp`);
  let handle: FileHandle;
  try {
    handle = await open(temporary, "wx");
  } catch (error) {
    throw new InputError("out", `cannot write '${out}' (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
  return {
    write: async (text) => void (await handle.write(text)),
    close: async () => {
      await handle.close();
      await rename(temporary, target).catch((error: NodeJS.ErrnoException) => {
        throw new InputError("out", `cannot write '${out}' (${error.code ?? "error"})`);
      });
    },
    abandon: async () => {
      await handle.close().catch(() => {});
      await rm(temporary, { force: true });
    },
  };
}
