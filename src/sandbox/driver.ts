// What runs first inside the container, and the reader of the markers it writes.
//
// The container's command is `sh -c DRIVER sandbox-gate <tree> <command> [check argv...]`: everything
// travels as positional parameters, so nothing is ever spliced into the script text. The driver reads
// a per-run nonce line from stdin; unpacks the run's base tree from `<tree>` (an archive in the run
// image) into the work dir when there is one; deletes the paths listed next on stdin (a count line, then
// one path a line: a patch's deleted files); unpacks the tar that follows (the candidate's files); runs
// the parse check (if any), then the command, and writes a marker line carrying the nonce to stderr when
// each phase begins. Only the head of stderr is ours to parse; after the run marker, stderr belongs to the
// candidate. A checker echoes candidate source (`node --check`, `php -l`), so a fixed marker could be
// forged by the candidate's text; the nonce cannot: it is not in the argv (PID 1's argv is readable
// through /proc/1/cmdline), not in the command's environment, and gone from memory once the command is
// exec'd. Only the parse check gets it (SANDBOX_GATE_NONCE), to mark its verdict line (VERDICT_ENV):
// nothing of the candidate runs while the check does, and the check ends before the command starts.
import { randomBytes } from "node:crypto";
import type { Writable } from "node:stream";
import type { Phase } from "../core/model.js";
import type { SandboxJob } from "./job.js";
import { GUARD_DIR, PYTHON_GUARD_FILE, RUN_PREFIX, VERDICT_ENV, VERDICT_PREFIX } from "../core/verdict-channel.js";
import { StreamCapture } from "./capture.js";

/** How long set-up and the parse check may take on top of the candidate's timeout before we give up. */
export const START_GRACE_MS = 60_000;

/** A fresh nonce for one run's markers. */
export function newNonce(): string {
  return randomBytes(16).toString("hex");
}

export function checkMarker(nonce: string): string {
  return `\x1esandbox-gate:check:${nonce}\n`;
}

export function runMarker(nonce: string): string {
  return `${RUN_PREFIX}${nonce}\n`;
}

/** What the driver writes before the test results' tar, once the command ended (driverScript). */
export function resultsMarker(nonce: string): string {
  return `\x1esandbox-gate:results:${nonce}\n`;
}

/**
 * What the driver writes just before the candidate's run begins (before the run marker, or before it execs
 * a check that writes the run marker): the next line is the sandbox's CPU counter as it read it there
 * (cgroup-meter.ts's cpuStampUs), so the time node takes to read the run marker is not lost from `cpu_ms`.
 */
export function cpuMarker(nonce: string): string {
  return `\x1esandbox-gate:cpu:${nonce}\n`;
}

export function verdictMarker(nonce: string): string {
  return `${VERDICT_PREFIX}${nonce}\n`;
}

/**
 * The container's stdin: the nonce line, the paths to delete from the base tree (a count line, then a
 * path a line; the path rule refuses control characters, so no path holds a newline), then the tar's
 * pieces (pack.ts's tarPieces), written as they are (writeInput).
 */
export function driverInput(nonce: string, tar: readonly Uint8Array[], deleted: readonly string[] = []): Uint8Array[] {
  return [Buffer.from(`${nonce}\n${deleted.length}\n${deleted.map((path) => `${path}\n`).join("")}`), ...tar];
}

/**
 * Writes the input's pieces to a sandbox's stdin and closes it: corked, so the stream hands them to the
 * kernel a batch at a time (writev) rather than a system call each.
 */
export function writeInput(stdin: Writable, input: readonly Uint8Array[]): void {
  stdin.cork();
  for (const piece of input) stdin.write(piece);
  stdin.end();
}

// Checker output goes to stderr, so stdout carries the candidate's output only.
// stdin is /dev/null after the unpack, so a program waiting for input gets EOF instead of hanging.
// `read` takes the nonce line byte by byte from the pipe, so tar gets the rest untouched.
// With `results` (find patterns, a line each: the test-results globs, widened; the gate filters what
// comes back with the globs themselves), the command runs as the driver's child rather than in its place:
// once it ends, the matching files go to stderr as a tar behind a results marker, then the driver exits
// with the command's status. The driver then outlives the run marker, with the nonce in its memory: all
// the candidate could do with it is forge its own results, which it can write into its work dir anyway.
// cpu_stamp writes the sandbox's CPU counter behind a cpu marker where its /sys shows its own cgroup (v2's
// cpu.stat, a v1 host's unified one, v1's cpuacct.usage): builtins only, no process started. Read just
// before the candidate's run begins, it lets the clock count the candidate's CPU time from there rather
// than from the moment node reads the run marker, which on a busy machine is tens of milliseconds later.
function driverScript(afterCommand: string): string {
  return String.raw`tree=$1
command=$2
results=$3
guard=$4
shift 4
cpu_stamp() {
  for cgstat in /sys/fs/cgroup/cpu.stat /sys/fs/cgroup/unified/cpu.stat; do
    [ -r "$cgstat" ] || continue
    while read -r cgkey cgused; do
      [ "$cgkey" = usage_usec ] || continue
      printf '\036sandbox-gate:cpu:%s\nu%s\n' "$nonce" "$cgused" >&2
      return 0
    done <"$cgstat"
  done
  cgstat=/sys/fs/cgroup/cpuacct/cpuacct.usage
  [ -r "$cgstat" ] && IFS= read -r cgused <"$cgstat" && printf '\036sandbox-gate:cpu:%s\na%s\n' "$nonce" "$cgused" >&2
  return 0
}
IFS= read -r nonce || {
  echo "sandbox-gate: no marker nonce on stdin" >&2
  exit 125
}
if [ -n "$tree" ]; then
  tar -x -f "$tree" || {
    echo "sandbox-gate: could not unpack the base tree $tree into $PWD (is tmpfs-size large enough?)" >&2
    exit 125
  }
fi
IFS= read -r deleted || {
  echo "sandbox-gate: no count of deleted paths on stdin" >&2
  exit 125
}
while [ "$deleted" -gt 0 ]; do
  IFS= read -r path || exit 125
  rm -f -- "$path"
  deleted=$((deleted - 1))
done
tar -x -f - || {
  status=$?
  echo "sandbox-gate: could not unpack the files into $PWD (tar exited with $status)" >&2
  exit "$status"
}
exec </dev/null
# Results are what this run's command writes: a file already there (shipped by the candidate, left by the
# setup) is gone before anything runs.
if [ -n "$results" ]; then
  printf '%s\n' "$results" | while IFS= read -r pattern; do
    find . -path "./$pattern" ! -type d -exec rm -f -- {} + 2>/dev/null
  done
fi
# The end guard (languages/python-guard.ts) first on PYTHONPATH, in a directory of its own under /tmp, written
# before anything of the candidate's runs. An image whose /tmp the sandbox user cannot write (busybox's) runs
# without it: nothing of the candidate can make it so, and such an image has no Python to guard.
if [ -n "$guard" ] && { mkdir -p ${GUARD_DIR} && printf '%s' "$guard" >${GUARD_DIR}/${PYTHON_GUARD_FILE}; } 2>/dev/null; then
  PYTHONPATH=${GUARD_DIR}${"$"}{PYTHONPATH:+:$PYTHONPATH}
  export PYTHONPATH
fi
guard=
if [ "$#" -gt 0 ]; then
  printf '\036sandbox-gate:check:%s\n' "$nonce" >&2
fi
if [ -z "$command" ] && [ "$#" -gt 0 ]; then
  # The check runs the command itself once its file parses, and writes the run marker before it.
  export ${VERDICT_ENV}="$nonce"
  cpu_stamp
else
  if [ "$#" -gt 0 ]; then
    ${VERDICT_ENV}=$nonce "$@" >&2 || exit "$?"
  fi
  cpu_stamp
  printf '\036sandbox-gate:run:%s\n' "$nonce" >&2
  set -- sh -c "$command"
fi
${afterCommand ? "" : EXEC_UNLESS_RESULTS}"$@"
status=$?
if [ -n "$results" ]; then
  printf '\036sandbox-gate:results:%s\n' "$nonce" >&2
  printf '%s\n' "$results" | while IFS= read -r pattern; do find . -path "./$pattern" -type f; done 2>/dev/null |
    sort -u | tar -c -f - -T - >&2 2>/dev/null
fi
${afterCommand}exit "$status"
`;
}

/** Without results to bring back, the command takes the driver's place: the nonce is gone from memory. */
const EXEC_UNLESS_RESULTS = '[ -n "$results" ] || exec "$@"\n';

export const DRIVER = driverScript("");

/**
 * The driver for a container that outlives the command (`isolation: run`): the command always runs as
 * the driver's child, and `afterCommand` (a line of shell) runs once it ended, before the driver exits.
 */
export function driverAfter(afterCommand: string): string {
  return driverScript(afterCommand);
}

/**
 * The container's argv: `script` (the driver), then the base tree's archive (or ""), the test command,
 * the results' find patterns (a line each, or ""), the end guard's text (or ""), and the check argv. An empty command with a check: the
 * check runs the command itself (driverCommand).
 */
export function driverArgv(
  command: string,
  check: readonly string[] = [],
  tree = "",
  results: readonly string[] = [],
  script = DRIVER,
  guard = "",
): string[] {
  return ["sh", "-c", script, "sandbox-gate", tree, command, results.join("\n"), guard, ...check];
}

/**
 * The command the driver is given for `job`: none where the check runs the job's command itself (a
 * language's checkAndRun, SandboxJob.checkRuns), which then writes the run marker, the nonce in its
 * environment. That checker outlives the run marker with the nonce in its memory; after the run marker only
 * a results marker is read, and a check that runs the command is never given a job with results (where
 * the driver would keep the nonce anyway, below).
 */
export function driverCommand(job: Pick<SandboxJob, "command" | "checkRuns">): string {
  return job.checkRuns ? "" : job.command;
}

/** Bytes of our own text (a set-up error, the checker's complaint) kept per phase. */
const MAX_TEXT_BYTES = 1024 * 1024;

const SEPARATOR = 0x1e;

interface Marker {
  bytes: Buffer;
  from: readonly Phase[];
  /** The phase it begins, or the line after it is the checker's verdict or the driver's CPU stamp. */
  to: Phase | "verdict" | "cpu";
}

/** A checker's verdict is one line of JSON: a message, a file, a line and a column. */
const MAX_VERDICT_BYTES = 64 * 1024;
/** A CPU stamp is a letter and at most 19 digits; a longer line is no stamp (cpuStampUs refuses it). */
const MAX_STAMP_BYTES = 32;
const NEWLINE = 0x0a;

export interface PhaseParserOptions {
  /** The run's nonce: only markers carrying it count. */
  nonce: string;
  /** Receives everything written after the run marker, untouched. */
  onRunOutput: (chunk: Buffer) => void;
  /** Called once, when the run marker arrives: the candidate's clock starts then. */
  onRun?: () => void;
  maxTextBytes?: number;
  /** Results are expected after the command (the job's `results`): the most of their tar kept. */
  maxResultsBytes?: number;
  /** Called once, at the results marker: the command has ended and the sandbox is still there. */
  onCommandEnd?: () => void;
}

/** The test results' tar as the driver sent it after the command, up to its cap. */
export interface ResultsTar {
  bytes: Buffer;
  /** Bytes past the cap were dropped: the tar is cut. */
  truncated: boolean;
}

/** Reads the driver's stderr: tracks the phase, keeps our text, passes the candidate's on. */
export class PhaseParser {
  readonly #onRunOutput: (chunk: Buffer) => void;
  readonly #onRun: () => void;
  readonly #onCommandEnd: () => void;
  readonly #maxTextBytes: number;
  readonly #markers: readonly Marker[];
  #phase: Phase = "setup";
  #text: StreamCapture;
  /** The start of a marker split across chunks, held back until the rest arrives. */
  #pending: Buffer = Buffer.alloc(0);
  /** The checker's verdict line. */
  #verdict: StreamCapture | undefined;
  /** The driver's CPU stamp line (cpuMarker). */
  #cpu: StreamCapture | undefined;
  /** The line a verdict or cpu marker began, while its end has not arrived. */
  #line: StreamCapture | undefined;
  /** When results are expected: their marker, and their tar once it began. */
  readonly #results: { marker: Buffer; capture: StreamCapture; open: boolean } | undefined;

  constructor(options: PhaseParserOptions) {
    this.#onRunOutput = options.onRunOutput;
    this.#onRun = options.onRun ?? (() => {});
    this.#onCommandEnd = options.onCommandEnd ?? (() => {});
    this.#maxTextBytes = options.maxTextBytes ?? MAX_TEXT_BYTES;
    this.#text = new StreamCapture(this.#maxTextBytes);
    this.#results =
      options.maxResultsBytes === undefined
        ? undefined
        : {
            marker: Buffer.from(resultsMarker(options.nonce)),
            capture: new StreamCapture(options.maxResultsBytes),
            open: false,
          };
    this.#markers = [
      { bytes: Buffer.from(checkMarker(options.nonce)), from: ["setup"], to: "check" },
      { bytes: Buffer.from(runMarker(options.nonce)), from: ["setup", "check"], to: "run" },
      { bytes: Buffer.from(verdictMarker(options.nonce)), from: ["check"], to: "verdict" },
      { bytes: Buffer.from(cpuMarker(options.nonce)), from: ["setup", "check"], to: "cpu" },
    ];
  }

  /** The line a checker wrote after the verdict marker, if one did: the only verdict the candidate cannot forge. */
  get verdict(): string | undefined {
    return this.#verdict?.result().text;
  }

  get phase(): Phase {
    return this.#phase;
  }

  /** The driver's CPU stamp, once its line ended: read by the clock when the run begins. */
  get cpuStamp(): string | undefined {
    return this.#cpu === undefined || this.#line === this.#cpu ? undefined : this.#cpu.result().text;
  }

  /** What the driver and the checker wrote in the last phase before the run (set-up error, checker output). */
  get text(): string {
    return this.#text.result().text;
  }

  push(chunk: Buffer): void {
    if (this.#phase === "run") {
      this.#pushRun(chunk);
      return;
    }
    let data = Buffer.concat([this.#pending, chunk]);
    this.#pending = Buffer.alloc(0);
    for (;;) {
      if (this.#line) {
        const end = data.indexOf(NEWLINE);
        this.#line.push(end < 0 ? data : data.subarray(0, end));
        if (end < 0) return;
        this.#line = undefined;
        data = data.subarray(end + 1);
      }
      const at = data.indexOf(SEPARATOR);
      if (at < 0) {
        this.#text.push(data);
        return;
      }
      this.#text.push(data.subarray(0, at));
      const rest = data.subarray(at);
      const expected = this.#markers.filter((marker) => marker.from.includes(this.#phase));
      const marker = expected.find((m) => rest.subarray(0, m.bytes.length).equals(m.bytes));
      if (marker?.to === "run") {
        this.#phase = "run";
        this.#onRun();
        const after = rest.subarray(marker.bytes.length);
        if (after.length > 0) this.#pushRun(after);
        return;
      }
      if (marker?.to === "verdict" || marker?.to === "cpu") {
        this.#line =
          marker.to === "verdict"
            ? (this.#verdict = new StreamCapture(MAX_VERDICT_BYTES))
            : (this.#cpu = new StreamCapture(MAX_STAMP_BYTES));
        data = rest.subarray(marker.bytes.length);
      } else if (marker) {
        this.#phase = marker.to;
        // Each phase's text stands alone: tar's chatter is not part of the checker's complaint.
        this.#text = new StreamCapture(this.#maxTextBytes);
        data = rest.subarray(marker.bytes.length);
      } else if (expected.some((m) => rest.length < m.bytes.length && m.bytes.subarray(0, rest.length).equals(rest))) {
        this.#pending = Buffer.from(rest);
        return;
      } else {
        // A separator byte that starts no marker is just text.
        this.#text.push(rest.subarray(0, 1));
        data = rest.subarray(1);
      }
    }
  }

  /** The stream ended: a held-back partial marker was text after all. */
  end(): void {
    // A held-back start of a marker was text (or the candidate's output) after all.
    if (this.#pending.length > 0 && this.#phase === "run") this.#onRunOutput(this.#pending);
    else if (this.#pending.length > 0) this.#text.push(this.#pending);
    this.#pending = Buffer.alloc(0);
  }

  /** The results the driver sent after the command, when results were expected and came. */
  get results(): ResultsTar | undefined {
    const results = this.#results;
    return results?.open ? { bytes: results.capture.kept(), truncated: results.capture.truncated } : undefined;
  }

  /** The candidate's stderr, until the results marker: then the results' tar. */
  #pushRun(chunk: Buffer): void {
    const results = this.#results;
    if (!results) return this.#onRunOutput(chunk);
    if (results.open) return results.capture.push(chunk);
    const data = this.#pending.length > 0 ? Buffer.concat([this.#pending, chunk]) : chunk;
    this.#pending = Buffer.alloc(0);
    const at = data.indexOf(results.marker);
    if (at >= 0) {
      if (at > 0) this.#onRunOutput(data.subarray(0, at));
      results.open = true;
      this.#onCommandEnd();
      results.capture.push(data.subarray(at + results.marker.length));
      return;
    }
    // The marker may be split across chunks: hold back the end that could start it.
    let held = Math.min(results.marker.length - 1, data.length);
    while (held > 0 && !results.marker.subarray(0, held).equals(data.subarray(data.length - held))) held--;
    if (data.length > held) this.#onRunOutput(data.subarray(0, data.length - held));
    this.#pending = Buffer.from(data.subarray(data.length - held));
  }
}
