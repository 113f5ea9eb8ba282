// What a running `isolation: namespace` sandbox holds its candidate to, read from the host while it runs:
// the kernel's view of the candidate's process (user, capabilities, no_new_privs, rlimits, environment,
// mounts, network), its pid 1 and the cgroup the gate made for it. In the terms of the engines' contract
// (engines.test.ts), so the same expectation holds for this engine as for docker's and podman's.
import { readFileSync, readlinkSync } from "node:fs";
import { NAMESPACE_ROOT } from "../../../src/sandbox/engines/namespace/namespace.js";

/** The sandbox's processes, by pid, with their argv. */
function processes(cgroup: string): Array<{ pid: string; argv: string[] }> {
  return readFileSync(`${cgroup}/cgroup.procs`, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((pid) => ({ pid, argv: readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").slice(0, -1) }));
}

/** mount point → its mount options and its file system's, as one list; sizes in bytes, modes in four digits. */
function mounts(pid: string): Record<string, string[]> {
  const lines = readFileSync(`/proc/${pid}/mountinfo`, "utf8").split("\n").filter(Boolean);
  return Object.fromEntries(
    lines.map((line) => {
      const [left, right] = line.split(" - ") as [string, string];
      const fields = left.split(" ");
      const [type, , superOptions] = right.split(" ") as [string, string, string];
      // The kernel shows a tmpfs's mode only when it is not the default.
      const implied = type === "tmpfs" && !/(^|,)mode=/.test(superOptions) ? ["mode=1777"] : [];
      const options = [...fields[5]!.split(","), ...superOptions.split(","), ...implied].map((o) => {
        const size = /^size=(\d+)k$/.exec(o);
        if (size) return `size=${Number(size[1]) * 1024}`;
        const mode = /^mode=(\d+)$/.exec(o);
        return mode ? `mode=${mode[1]!.padStart(4, "0")}` : o;
      });
      return [fields[4]!, options];
    }),
  );
}

/** The rlimits the policy sets (the others are the host's defaults, as in docker's containers). */
const RLIMITS: Record<string, string> = { "Max file size": "fsize", "Max open files": "nofile" };

/** The limits the kernel holds the process to that the policy sets (`name=soft:hard`). */
function rlimits(pid: string): string[] {
  return readFileSync(`/proc/${pid}/limits`, "utf8")
    .split("\n")
    .flatMap((line) => {
      const name = Object.keys(RLIMITS).find((key) => line.startsWith(key));
      if (!name) return [];
      const [soft, hard] = line.slice(name.length).trim().split(/\s+/);
      return soft === "unlimited" ? [] : [`${RLIMITS[name]}=${soft}:${hard}`];
    });
}

/**
 * The sandbox `id` as it runs `command` (the first word of the candidate's process), in the contract's
 * terms; throws while the candidate has not started yet (the caller waits).
 */
export function liveSandbox(id: string, command: string) {
  const record = JSON.parse(readFileSync(`${NAMESPACE_ROOT}/sandboxes/${id}.json`, "utf8")) as {
    labels: Record<string, string>;
    cgroups: { dirs: string[] };
  };
  // cgroup v1, as on the runner: a directory per controller.
  const [memory, pids, cpu] = record.cgroups.dirs as [string, string, string];
  const procs = processes(memory);
  const candidate = procs.find((p) => p.argv[0] === command);
  if (!candidate) throw new Error(`no ${command} in ${id} yet`);
  const init = procs.find((p) => p.argv[0] === "/sbin/docker-init");
  const status = Object.fromEntries(
    readFileSync(`/proc/${candidate.pid}/status`, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => [line.slice(0, line.indexOf(":")), line.slice(line.indexOf(":") + 1).trim()]),
  );
  const caps = ["CapEff", "CapPrm", "CapBnd", "CapInh", "CapAmb"].filter((key) => !/^0+$/.test(status[key]!));
  const own = mounts(candidate.pid);
  const links = readFileSync(`/proc/${candidate.pid}/net/dev`, "utf8").split("\n").slice(2).filter(Boolean);
  const read = (file: string) => Number(readFileSync(file, "utf8").trim());
  return {
    user: `${status.Uid!.split(/\s+/)[0]}:${status.Gid!.split(/\s+/)[0]}`,
    env: readFileSync(`/proc/${candidate.pid}/environ`, "utf8").split("\0").filter(Boolean),
    init: init !== undefined,
    // A network namespace of its own with nothing but loopback: docker's `none`.
    network:
      links.length === 1 &&
      links[0]!.trim().startsWith("lo:") &&
      readlinkSync(`/proc/${candidate.pid}/ns/net`) !== readlinkSync("/proc/self/ns/net")
        ? "none"
        : `(${links.length} links)`,
    memory: read(`${memory}/memory.limit_in_bytes`),
    memorySwap: read(`${memory}/memory.memsw.limit_in_bytes`),
    nanoCpus: Math.round((read(`${cpu}/cpu.cfs_quota_us`) / read(`${cpu}/cpu.cfs_period_us`)) * 1e9),
    pids: read(`${pids}/pids.max`),
    ulimits: rlimits(candidate.pid).sort(),
    readOnlyRoot: own["/"]!.includes("ro"),
    tmpfs: { "/work": own["/work"]!, "/tmp": own["/tmp"]! },
    shm: Number(own["/dev/shm"]!.find((o) => o.startsWith("size="))!.slice(5)),
    capsLeft: caps,
    noNewPrivileges: status.NoNewPrivs === "1",
    // Nothing keeps a log: the output is read through bwrap's stdio.
    logDriver: "none",
    runtime: "bwrap",
    labels: record.labels,
  };
}
