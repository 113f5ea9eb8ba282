// The host a bench figure was measured on, and the machine's CPU time, so that a figure is never read as
// another host's: the same 2 cores cost more per exec, fork and namespace under page-table isolation
// (issue 32 measured 0.34 CPU-s per candidate on a PTI host against 0.09 without). The files are read
// through a small reader; what they say is decided by pure functions.
import { readFileSync } from "node:fs";

/** Reads a file of /proc or /sys as text; undefined when it is not there (another kernel, a container). */
export type HostReader = (path: string) => string | undefined;

export const readHostFile: HostReader = (path) => {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
};

const VULNERABILITIES = "/sys/devices/system/cpu/vulnerabilities";
/** The mitigations that tax the gate's work (syscalls, execs, forks, context switches) the most. */
const MITIGATIONS = ["meltdown", "spectre_v1", "spectre_v2", "retbleed", "spec_rstack_overflow", "mds"] as const;

export interface HostFacts {
  cpuModel: string;
  cores: number;
  kernel: string;
  /** Page-table isolation: the kernel's `pti` flag, or meltdown's mitigation naming it. */
  pti: boolean | "unknown";
  /** The load averages over 1, 5 and 15 minutes when the bench started: others' work shows in every CPU figure. */
  load: string;
  /** Each mitigation's line as the kernel states it; absent when the file is not there. */
  mitigations: Partial<Record<(typeof MITIGATIONS)[number], string>>;
}

/** The host's facts from its /proc and /sys files. */
export function hostFacts(read: HostReader = readHostFile): HostFacts {
  const cpuinfo = read("/proc/cpuinfo") ?? "";
  const field = (name: string) => new RegExp(`^${name}\\s*:\\s*(.*)$`, "m").exec(cpuinfo)?.[1]?.trim() ?? undefined;
  const flags = new Set((field("flags") ?? "").split(/\s+/));
  const mitigations: HostFacts["mitigations"] = {};
  for (const name of MITIGATIONS) {
    const line = read(`${VULNERABILITIES}/${name}`)?.trim();
    if (line !== undefined) mitigations[name] = line;
  }
  const pti =
    flags.has("pti") || /\bPTI\b/.test(mitigations.meltdown ?? "")
      ? true
      : cpuinfo === "" && mitigations.meltdown === undefined
        ? "unknown"
        : false;
  return {
    cpuModel: field("model name") ?? field("Model") ?? "unknown",
    cores: (cpuinfo.match(/^processor\s*:/gm) ?? []).length,
    kernel: read("/proc/sys/kernel/osrelease")?.trim() ?? "unknown",
    pti,
    load: read("/proc/loadavg")?.trim().split(/\s+/).slice(0, 3).join(" ") ?? "unknown",
    mitigations,
  };
}

/** The facts as the bench's first lines. */
export function formatHostFacts(facts: HostFacts): string[] {
  const pti = facts.pti === "unknown" ? "unknown" : facts.pti ? "on" : "off";
  const lines = [
    `host: ${facts.cpuModel}, ${facts.cores} cores, kernel ${facts.kernel}, page-table isolation ${pti}`,
    `  load at the start: ${facts.load} (CPU-s figures are the whole machine's busy time, others' work included)`,
  ];
  const named = Object.entries(facts.mitigations);
  if (named.length === 0) lines.push("  CPU vulnerabilities: not stated by this kernel");
  for (const [name, line] of named) lines.push(`  ${name}: ${line}`);
  return lines;
}

/** Busy CPU seconds of the whole machine from /proc/stat's first line (others' work on it included). */
export function busyCpuSeconds(stat: string, ticksPerSecond = 100): number {
  const fields = (stat.split("\n")[0] ?? "").trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
  return (user + nice + system + irq + softirq + steal) / ticksPerSecond;
}

/** The machine's busy CPU seconds now: a figure's CPU is the difference of two readings. */
export function machineCpuSeconds(read: HostReader = readHostFile): number {
  const stat = read("/proc/stat");
  if (stat === undefined) throw new Error("bench: /proc/stat is not readable, so no CPU figure can be given");
  return busyCpuSeconds(stat);
}

/** CPU seconds per candidate, as the bench prints it. */
export const cpuPerCandidate = (cpuSeconds: number, candidates: number) =>
  candidates > 0 ? (cpuSeconds / candidates).toFixed(2) : "-";
