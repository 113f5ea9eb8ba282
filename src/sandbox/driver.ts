// What runs first inside the container, and the reader of the markers it writes.
//
// The container's command is `sh -c DRIVER sandbox-gate <command> [check argv...]`: everything
// travels as positional parameters, so nothing is ever spliced into the script text. The driver
// reads a per-run nonce line from stdin, unpacks the tar that follows it, runs the parse check (if
// any), then the command, and writes a marker line carrying the nonce to stderr when each phase
// begins. Only the head of stderr is ours to parse; after the run marker, stderr belongs to the
// candidate. A checker echoes candidate source (`node --check`, `php -l`), so a fixed marker could be
// forged by the candidate's text; the nonce cannot: it is not in the argv (PID 1's argv is readable
// through /proc/1/cmdline), not in any environment, and gone from memory once the command is exec'd.
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import type { Phase } from "../model.js";
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
  return `\x1esandbox-gate:run:${nonce}\n`;
}

/** The container's stdin: the nonce line, then the tar. */
export function driverInput(nonce: string, tar: Uint8Array): Buffer {
  return Buffer.concat([Buffer.from(`${nonce}\n`), tar]);
}

// Checker output goes to stderr, so stdout carries the candidate's output only.
// stdin is /dev/null after the unpack, so a program waiting for input gets EOF instead of hanging.
// `read` takes the nonce line byte by byte from the pipe, so tar gets the rest untouched.
export const DRIVER = String.raw`command=$1
shift
IFS= read -r nonce || {
  echo "sandbox-gate: no marker nonce on stdin" >&2
  exit 125
}
tar -x -f - || {
  status=$?
  echo "sandbox-gate: could not unpack the files into $PWD (tar exited with $status)" >&2
  exit "$status"
}
exec </dev/null
if [ "$#" -gt 0 ]; then
  printf '\036sandbox-gate:check:%s\n' "$nonce" >&2
  "$@" >&2 || exit "$?"
fi
printf '\036sandbox-gate:run:%s\n' "$nonce" >&2
exec sh -c "$command"
`;

/** The container's argv: the driver, then the test command and the check argv as parameters. */
export function driverArgv(command: string, check: readonly string[] = []): string[] {
  return ["sh", "-c", DRIVER, "sandbox-gate", command, ...check];
}

/** Bytes of our own text (a set-up error, the checker's complaint) kept per phase. */
const MAX_TEXT_BYTES = 1024 * 1024;

const SEPARATOR = 0x1e;

interface Marker {
  bytes: Buffer;
  from: readonly Phase[];
  to: Phase;
}

export interface PhaseParserOptions {
  /** The run's nonce: only markers carrying it count. */
  nonce: string;
  /** Receives everything written after the run marker, untouched. */
  onRunOutput: (chunk: Buffer) => void;
  /** Called once, when the run marker arrives: the candidate's clock starts then. */
  onRun?: () => void;
  maxTextBytes?: number;
}

/** Reads the driver's stderr: tracks the phase, keeps our text, passes the candidate's on. */
export class PhaseParser {
  readonly #onRunOutput: (chunk: Buffer) => void;
  readonly #onRun: () => void;
  readonly #maxTextBytes: number;
  readonly #markers: readonly Marker[];
  #phase: Phase = "setup";
  #text: StreamCapture;
  /** The start of a marker split across chunks, held back until the rest arrives. */
  #pending: Buffer = Buffer.alloc(0);

  constructor(options: PhaseParserOptions) {
    this.#onRunOutput = options.onRunOutput;
    this.#onRun = options.onRun ?? (() => {});
    this.#maxTextBytes = options.maxTextBytes ?? MAX_TEXT_BYTES;
    this.#text = new StreamCapture(this.#maxTextBytes);
    this.#markers = [
      { bytes: Buffer.from(checkMarker(options.nonce)), from: ["setup"], to: "check" },
      { bytes: Buffer.from(runMarker(options.nonce)), from: ["setup", "check"], to: "run" },
    ];
  }

  get phase(): Phase {
    return this.#phase;
  }

  /** What the driver and the checker wrote in the last phase before the run (set-up error, checker output). */
  get text(): string {
    return this.#text.result().text;
  }

  push(chunk: Buffer): void {
    if (this.#phase === "run") {
      this.#onRunOutput(chunk);
      return;
    }
    let data = Buffer.concat([this.#pending, chunk]);
    this.#pending = Buffer.alloc(0);
    for (;;) {
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
        if (after.length > 0) this.#onRunOutput(after);
        return;
      }
      if (marker) {
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
    if (this.#pending.length > 0) this.#text.push(this.#pending);
    this.#pending = Buffer.alloc(0);
  }
}

export interface RunClockOptions {
  nonce: string;
  timeoutMs: number;
  /** Receives everything the candidate writes to stderr after the run marker. */
  onRunOutput: (chunk: Buffer) => void;
  /** A clock ran out: the run must be killed; `timedOut` or `stalled` says which clock. */
  onExpired: () => void;
}

/**
 * The two clocks of one run, on the driver's markers: set-up and the parse check get the timeout plus
 * START_GRACE_MS (a pull never happens there, so only a sick engine is that slow); the candidate's own
 * timeout starts at the run marker.
 */
export class RunClock {
  /** Reads the driver's stderr; push every chunk of it here. */
  readonly parser: PhaseParser;
  timedOut = false;
  stalled = false;
  #runStartedAt: number | undefined;
  #timer: NodeJS.Timeout;

  constructor({ nonce, timeoutMs, onRunOutput, onExpired }: RunClockOptions) {
    this.#timer = setTimeout(() => {
      this.stalled = true;
      onExpired();
    }, timeoutMs + START_GRACE_MS);
    this.parser = new PhaseParser({
      nonce,
      onRunOutput,
      onRun: () => {
        this.#runStartedAt = performance.now();
        clearTimeout(this.#timer);
        this.#timer = setTimeout(() => {
          this.timedOut = true;
          onExpired();
        }, timeoutMs);
      },
    });
  }

  /** The run's output ended: stops the clocks; returns the candidate's run time (0 when it never ran). */
  end(): number {
    const endedAt = performance.now();
    clearTimeout(this.#timer);
    this.parser.end();
    return this.#runStartedAt === undefined ? 0 : Math.round(endedAt - this.#runStartedAt);
  }
}
