// What each candidate costs the host in processes started, context switches, execs and syscalls (issue 32):
// the host pays for each of them, more so under page-table isolation, so the bench counts them beside the
// CPU-s of every figure. All of it is machine-wide, as the CPU-s is (others' work included):
// - forks and context switches: /proc/stat's `processes` (every fork and clone since boot, threads
//   included) and `ctxt`, read before and after a figure's span; free to read.
// - execs by command name: BSD process accounting (Debian's `acct`: `accton FILE`), one 64-byte record
//   per process as it exits, in this PID namespace and every one below it (the containers' processes too).
//   Turned on once for the whole bench; a span is the records written between two sizes of the file.
// - syscalls: perf counting the raw_syscalls tracepoint on every CPU, only with `--syscalls`: an enabled
//   tracepoint taxes every syscall of the machine, so the CPU-s of the same span would no longer be the
//   figure's alone.
// - the bench process's own read and write syscalls (/proc/self/io): the gate's side, where it runs in
//   this process (modes a, a-cli, d, f and the SWE gate loop).
// What needs a package degrades to "n/a (why)"; the bench never fails for it. The files are read through
// a small reader; what they say is decided by pure functions.
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { closeSync, openSync, readdirSync, readlinkSync, readSync, statSync } from "node:fs";
import { cpus } from "node:os";
import { type HostReader, readHostFile } from "./host.js";

/** /proc/stat's `processes` and `ctxt` lines. */
export function procCounters(stat: string): { forks: number; switches: number } {
  const field = (name: string) => {
    const value = new RegExp(`^${name}\\s+(\\d+)\\s*$`, "m").exec(stat)?.[1];
    if (value === undefined) throw new Error(`bench: /proc/stat has no "${name}" line`);
    return Number(value);
  };
  return { forks: field("processes"), switches: field("ctxt") };
}

/** The read and write syscalls of /proc/<pid>/io (`syscr` + `syscw`); undefined when the file lacks them. */
export function ioSyscalls(io: string): number | undefined {
  const field = (name: string) => /^(\d+)$/.exec(new RegExp(`^${name}:\\s*(\\S+)`, "m").exec(io)?.[1] ?? "")?.[1];
  const [reads, writes] = [field("syscr"), field("syscw")];
  return reads === undefined || writes === undefined ? undefined : Number(reads) + Number(writes);
}

/** One exited process, as BSD process accounting wrote it. */
export interface AcctRecord {
  command: string;
  /** False when the process forked and never exec'd (the AFORK flag). */
  exec: boolean;
  /** User + system time, as the kernel rounds it down: whole 1/100 s. */
  cpuSeconds: number;
}

const RECORD = 64;
const AFORK = 0x01;
const ACCT_V3 = 3;
/** The kernel's comp_t: a 13-bit mantissa and a 3-bit base-8 exponent, in ticks of 1/100 s (AHZ). */
export const decodeComp = (value: number) => (value & 0x1fff) * 8 ** ((value >> 13) & 0x7);

/** The records of an acct(5) file of version 3 (Linux's only); a record of another version is skipped. */
export function acctRecords(bytes: Uint8Array): AcctRecord[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const records: AcctRecord[] = [];
  for (let at = 0; at + RECORD <= bytes.byteLength; at += RECORD) {
    if (view.getUint8(at + 1) !== ACCT_V3) continue;
    const comm = bytes.subarray(at + 48, at + 64);
    const end = comm.indexOf(0);
    records.push({
      command: Buffer.from(comm.subarray(0, end < 0 ? comm.length : end)).toString("latin1"),
      exec: (view.getUint8(at) & AFORK) === 0,
      cpuSeconds: (decodeComp(view.getUint16(at + 32, true)) + decodeComp(view.getUint16(at + 34, true))) / 100,
    });
  }
  return records;
}

/** The processes that exec'd, counted and timed by command name. */
export interface ExecTally {
  execs: number;
  byCommand: Map<string, { count: number; cpuSeconds: number }>;
}

export function execTally(records: AcctRecord[]): ExecTally {
  const byCommand: ExecTally["byCommand"] = new Map();
  for (const record of records.filter((r) => r.exec)) {
    const seen = byCommand.get(record.command) ?? { count: 0, cpuSeconds: 0 };
    byCommand.set(record.command, { count: seen.count + 1, cpuSeconds: seen.cpuSeconds + record.cpuSeconds });
  }
  return { execs: records.filter((r) => r.exec).length, byCommand };
}

/** `perf stat -x,` output: each event's count, by event name; an event not counted is left out. */
export function perfCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of text.split("\n")) {
    const [value, , event] = line.split(",");
    if (event && /^\d+$/.test(value ?? "")) counts.set(event, Number(value));
  }
  return counts;
}

/** What one span cost: totals, added up over rounds, divided by the candidates when printed. */
export interface Costs {
  forks: number;
  switches: number;
  /** The bench process's own read + write syscalls; undefined without /proc/self/io. */
  ownSyscalls: number | undefined;
  /** By command name, or why there are none. */
  execs: ExecTally | string;
  /** The whole machine's syscalls, or why there are none. */
  syscalls: number | string;
}

export function addCosts(a: Costs, b: Costs): Costs {
  const byCommand = new Map(typeof a.execs === "string" ? [] : a.execs.byCommand);
  if (typeof b.execs !== "string")
    for (const [command, { count, cpuSeconds }] of b.execs.byCommand) {
      const seen = byCommand.get(command) ?? { count: 0, cpuSeconds: 0 };
      byCommand.set(command, { count: seen.count + count, cpuSeconds: seen.cpuSeconds + cpuSeconds });
    }
  const both = <T>(x: T | string, y: T | string, add: (x: T, y: T) => T) =>
    typeof x === "string" ? x : typeof y === "string" ? y : add(x, y);
  return {
    forks: a.forks + b.forks,
    switches: a.switches + b.switches,
    ownSyscalls: a.ownSyscalls === undefined || b.ownSyscalls === undefined ? undefined : a.ownSyscalls + b.ownSyscalls,
    execs: both(a.execs, b.execs, (x, y) => ({ execs: x.execs + y.execs, byCommand })),
    syscalls: both(a.syscalls, b.syscalls, (x, y) => x + y),
  };
}

/**
 * One line of per-candidate counts: forks, context switches, execs with the `top` most frequent command
 * names (each with acct's CPU in ms when it comes to half a ms or more: acct rounds each process down to
 * 10 ms, so it is a floor), the machine's syscalls and the bench process's own.
 */
export function formatCosts(costs: Costs, candidates: number, top = 6): string {
  if (candidates <= 0) return "no candidates";
  const each = (n: number) => {
    const per = n / candidates;
    return per >= 100 ? per.toFixed(0) : per.toFixed(1);
  };
  const parts = [`${each(costs.forks)} forks`, `${each(costs.switches)} context switches`];
  if (typeof costs.execs === "string") parts.push(`execs ${costs.execs}`);
  else {
    const named = [...costs.execs.byCommand]
      .sort(([a, x], [b, y]) => y.count - x.count || a.localeCompare(b))
      .slice(0, top)
      .map(([command, { count, cpuSeconds }]) => {
        const ms = (cpuSeconds * 1000) / candidates;
        return `${command} ${each(count)}${ms >= 0.5 ? ` (${ms.toFixed(0)} ms)` : ""}`;
      });
    const rest = costs.execs.byCommand.size > top ? ", …" : "";
    parts.push(`${each(costs.execs.execs)} execs (${named.join(", ")}${rest})`);
  }
  parts.push(typeof costs.syscalls === "string" ? `syscalls ${costs.syscalls}` : `${each(costs.syscalls)} syscalls`);
  if (costs.ownSyscalls !== undefined) parts.push(`bench process ${each(costs.ownSyscalls)} r/w syscalls`);
  return parts.join(", ");
}

// ---------------------------------------------------------------------------------------------------
// Reading them around a span.

export interface CostSpan {
  stop(): Promise<Costs>;
}

export interface CostMeter {
  /** Resolves once every counter is running (perf's take a moment to open). */
  start(): Promise<CostSpan>;
  /** Turns accounting off (and back to the host's own file, if it had one). */
  close(): void;
}

/** Debian's acct package accounts into this file when its service is on. */
const DEBIAN_PACCT = "/var/log/account/pacct";
const SYSCALL_EVENT = "raw_syscalls:sys_enter";

const sizeOf = (path: string) => {
  try {
    return statSync(path).size;
  } catch {
    return undefined;
  }
};

const failure = (result: ReturnType<typeof spawnSync>) =>
  result.error
    ? (result.error as NodeJS.ErrnoException).code === "ENOENT"
      ? "n/a (install acct)"
      : `n/a (accton: ${result.error.message})`
    : `n/a (accton: ${String(result.stderr).trim() || `exit ${result.status}`})`;

/** Turns process accounting on into `file`; the reason when it cannot. */
function startAccounting(file: string): { restore: string | undefined } | string {
  // Whether the host accounts into Debian's file already: one process's exit grows it.
  const before = sizeOf(DEBIAN_PACCT);
  spawnSync("true");
  const restore = before !== undefined && (sizeOf(DEBIAN_PACCT) ?? 0) > before ? DEBIAN_PACCT : undefined;
  // acct(2) appends to a file that is there; it creates none.
  closeSync(openSync(file, "a", 0o600));
  const result = spawnSync("accton", [file], { encoding: "utf8" });
  return result.status === 0 ? { restore } : failure(result);
}

function readFrom(file: string, from: number, to: number): Uint8Array {
  const bytes = Buffer.alloc(Math.max(0, to - from));
  const fd = openSync(file, "r");
  try {
    readSync(fd, bytes, 0, bytes.length, from);
  } finally {
    closeSync(fd);
  }
  return bytes;
}

/** perf counting every CPU's syscalls until stopped (its output when it ends); the reason when it cannot. */
interface Perf {
  child: ChildProcess;
  ended: Promise<string>;
}

function startPerf(): Promise<Perf | string> {
  const child = spawn("perf", ["stat", "-a", "-x", ",", "-e", SYSCALL_EVENT], { stdio: ["ignore", "ignore", "pipe"] });
  const err: Buffer[] = [];
  child.stderr.on("data", (b: Buffer) => err.push(b));
  const ended = new Promise<string>((done) => child.once("close", () => done(Buffer.concat(err).toString("utf8"))));
  return new Promise((done) => {
    child.once("error", (error) =>
      done(
        (error as NodeJS.ErrnoException).code === "ENOENT"
          ? "n/a (install linux-perf)"
          : `n/a (perf: ${error.message})`,
      ),
    );
    void ended.then((text) => done(`n/a (perf: ${lastLine(text)})`));
    // Counting starts when perf holds a counter per CPU: until then a syscall would go uncounted.
    const deadline = Date.now() + 5000;
    const poll = () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      if (perfCounters(child.pid!) >= cpus().length) return done({ child, ended });
      if (Date.now() > deadline) {
        child.kill("SIGKILL");
        return done("n/a (perf did not start counting within 5 s)");
      }
      setTimeout(poll, 10);
    };
    if (child.pid !== undefined) setTimeout(poll, 10);
  });
}

const lastLine = (text: string) => text.trim().split("\n").pop() || "no output";

function perfCounters(pid: number): number {
  try {
    return readdirSync(`/proc/${pid}/fd`).filter((fd) => {
      try {
        return readlinkSync(`/proc/${pid}/fd/${fd}`).includes("perf_event");
      } catch {
        return false;
      }
    }).length;
  } catch {
    return 0;
  }
}

async function stopPerf({ child, ended }: Perf): Promise<number | string> {
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGINT");
  const text = await ended;
  return perfCounts(text).get(SYSCALL_EVENT) ?? `n/a (perf: ${lastLine(text)})`;
}

/**
 * The meter the bench reads around each figure: accounting into `acctFile` (in the bench's work dir) when
 * `accton` is there, perf when `syscalls` is asked for.
 */
export function costMeter(acctFile: string, syscalls: boolean, read: HostReader = readHostFile): CostMeter {
  const accounting = startAccounting(acctFile);
  const counters = () => {
    const stat = read("/proc/stat");
    if (stat === undefined) throw new Error("bench: /proc/stat is not readable, so no count can be given");
    return procCounters(stat);
  };
  const own = () => ioSyscalls(read("/proc/self/io") ?? "");
  let closed = false;
  return {
    async start() {
      const perf = syscalls ? await startPerf() : "n/a (--syscalls)";
      const [before, ownBefore, acctFrom] = [counters(), own(), sizeOf(acctFile)];
      return {
        async stop() {
          const after = counters();
          const ownAfter = own();
          const counted = typeof perf === "string" ? perf : await stopPerf(perf);
          const acctTo = sizeOf(acctFile);
          const execs =
            typeof accounting === "string"
              ? accounting
              : acctFrom === undefined || acctTo === undefined
                ? `n/a (${acctFile} is gone)`
                : execTally(acctRecords(readFrom(acctFile, acctFrom, acctTo - ((acctTo - acctFrom) % RECORD))));
          return {
            forks: after.forks - before.forks,
            switches: after.switches - before.switches,
            ownSyscalls: ownBefore === undefined || ownAfter === undefined ? undefined : ownAfter - ownBefore,
            // Another accton on the machine takes accounting over: no record at all where processes ran.
            execs:
              typeof execs !== "string" && execs.byCommand.size === 0 && after.forks - before.forks > 0
                ? "n/a (no accounting records: another accton took it over?)"
                : execs,
            syscalls: counted,
          };
        },
      };
    },
    close() {
      if (typeof accounting === "string" || closed) return;
      closed = true;
      try {
        execFileSync("accton", accounting.restore ? [accounting.restore] : ["off"], { stdio: "ignore" });
      } catch {
        // Accounting stays on into the bench's file, which is removed: said so rather than thrown over the figures.
        process.stderr.write(
          `bench: accton ${accounting.restore ?? "off"} failed; process accounting may still be on\n`,
        );
      }
    },
  };
}
