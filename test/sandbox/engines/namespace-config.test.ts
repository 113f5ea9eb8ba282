import { describe, expect, it } from "vitest";
import {
  type OciConfig,
  candidateConfig,
  lockDownGap,
  seccompArch,
} from "../../../src/sandbox/engines/namespace-config.js";

const KEEPER = ["sleep", "2147483647"];
const LIMITS = { memoryBytes: 128 * 1024 * 1024, pids: 64 };

/** The shape docker 20.10 wrote for a template of the policy (trimmed to what is read or changed). */
function template(): OciConfig {
  return {
    ociVersion: "1.0.2-dev",
    process: {
      user: { uid: 65534, gid: 65534 },
      args: ["/sbin/docker-init", "--", ...KEEPER],
      env: ["PATH=/usr/bin:/bin", "HOSTNAME=abc", "HOME=/work", "SANDBOX_GATE_ATTEMPT=1"],
      cwd: "/work",
      capabilities: {},
      noNewPrivileges: true,
      rlimits: [{ type: "RLIMIT_NOFILE", hard: 256, soft: 256 }],
    },
    root: { path: "/var/lib/docker/overlay2/x/merged", readonly: true },
    mounts: [
      { destination: "/proc", type: "proc", source: "proc", options: ["nosuid", "noexec", "nodev"] },
      { destination: "/work", type: "tmpfs", source: "tmpfs", options: ["size=8388608", "uid=65534"] },
      { destination: "/sbin/docker-init", type: "bind", source: "/usr/bin/docker-init", options: ["bind", "ro"] },
      {
        destination: "/etc/hosts",
        type: "bind",
        source: "/var/lib/docker/containers/x/hosts",
        options: ["rbind", "ro"],
      },
    ],
    hooks: { prestart: [{ path: "/proc/1/exe", args: ["libnetwork-setkey"] }] },
    linux: {
      cgroupsPath: "/docker/abc",
      resources: { memory: { limit: LIMITS.memoryBytes, swap: LIMITS.memoryBytes }, pids: { limit: LIMITS.pids } },
      namespaces: [{ type: "mount" }, { type: "network" }, { type: "uts" }, { type: "pid" }, { type: "ipc" }],
      seccomp: {
        defaultAction: "SCMP_ACT_ERRNO",
        architectures: ["SCMP_ARCH_X86_64", "SCMP_ARCH_X86", "SCMP_ARCH_X32"],
        syscalls: [{ names: ["read"], action: "SCMP_ACT_ALLOW" }],
      },
      maskedPaths: ["/proc/kcore"],
    },
  } as OciConfig;
}

describe("lockDownGap", () => {
  it("finds nothing missing in docker's config of the policy", () => {
    expect(lockDownGap(template(), KEEPER, LIMITS)).toBeUndefined();
  });

  // Each weakening of the template, and what it is called: the engine refuses to run candidates under it.
  it.each<[string, (c: OciConfig) => void, RegExp]>([
    ["a writable root", (c) => (c.root.readonly = false), /root is not read-only/],
    ["root", (c) => (c.process.user.uid = 0), /runs as root/],
    ["a capability", (c) => (c.process.capabilities = { bounding: ["CAP_NET_RAW"] }), /CAP_NET_RAW/],
    ["new privileges", (c) => (c.process.noNewPrivileges = false), /no_new_privs/],
    ["no seccomp", (c) => delete c.linux.seccomp, /seccomp/],
    ["an allow-all seccomp", (c) => (c.linux.seccomp!.defaultAction = "SCMP_ACT_ALLOW"), /seccomp/],
    [
      "the host's network",
      (c) => (c.linux.namespaces = c.linux.namespaces!.filter((n) => n.type !== "network")),
      /host's network/,
    ],
    [
      "a joined pid namespace",
      (c) => (c.linux.namespaces!.find((n) => n.type === "pid")!.path = "/proc/1/ns/pid"),
      /existing pid/,
    ],
    [
      "a shared /dev/shm",
      (c) =>
        c.mounts!.push({
          destination: "/dev/shm",
          type: "bind",
          source: "/var/lib/docker/containers/x/mounts/shm",
          options: ["rbind"],
        }),
      /\/dev\/shm/,
    ],
    ["a writable docker bind", (c) => (c.mounts![3]!.options = ["rbind"]), /\/etc\/hosts is writable/],
    [
      "another memory limit",
      (c) => ((c.linux.resources as { memory: { limit: number } }).memory.limit = 1),
      /memory limit/,
    ],
    ["swap", (c) => ((c.linux.resources as { memory: { swap: number } }).memory.swap = -1), /without swap/],
    ["another pids limit", (c) => ((c.linux.resources as { pids: { limit: number } }).pids.limit = 0), /pids limit/],
    ["another command", (c) => (c.process.args = ["sh"]), /does not end with the keeper's/],
  ])("names %s", (_, weaken, gap) => {
    const config = template();
    weaken(config);
    expect(lockDownGap(config, KEEPER, LIMITS)).toMatch(gap);
  });
});

describe("candidateConfig", () => {
  const parts = {
    argv: ["sh", "-c", "DRIVER", "sandbox-gate", "", "python3 solution.py", ""],
    env: ["HOME=/work", "SANDBOX_GATE_ATTEMPT=2"],
    keeperArgv: KEEPER,
    cgroupsPath: "/sandbox-gate-0123",
    annotations: { "io.github.sandbox-gate.run": "r1" },
    nativeArch: "SCMP_ARCH_X86_64",
  };

  it("puts the driver in the keeper's place, the job's environment, its own cgroup, no hooks, the rest as docker wrote it", () => {
    const base = template();
    const config = candidateConfig(base, parts);
    expect(config.process.args).toEqual(["/sbin/docker-init", "--", ...parts.argv]);
    expect(config.process.env).toEqual(["PATH=/usr/bin:/bin", "HOSTNAME=abc", "HOME=/work", "SANDBOX_GATE_ATTEMPT=2"]);
    expect(config.linux.cgroupsPath).toBe("/sandbox-gate-0123");
    expect(config.annotations).toEqual(parts.annotations);
    expect(config.hooks).toBeUndefined();
    // Everything else of the lock-down is docker's, untouched; the template itself is not changed.
    expect(config.mounts).toEqual(base.mounts);
    expect(config.root).toEqual(base.root);
    expect(config.linux.namespaces).toEqual(base.linux.namespaces);
    expect(config.linux.resources).toEqual(base.linux.resources);
    expect(config.linux.maskedPaths).toEqual(base.linux.maskedPaths);
    expect(config.process.rlimits).toEqual(base.process.rlimits);
    expect(base.process.args).toEqual(["/sbin/docker-init", "--", ...KEEPER]);
    expect(lockDownGap(config, parts.argv, LIMITS)).toBeUndefined();
  });

  it("keeps Docker's seccomp rules for the native system call ABI only: stricter, and cheaper to compile", () => {
    const config = candidateConfig(template(), parts);
    expect(config.linux.seccomp).toEqual({ ...template().linux.seccomp, architectures: ["SCMP_ARCH_X86_64"] });
    // An ABI the profile does not list, or none known: the profile stays as docker wrote it.
    const other = candidateConfig(template(), { ...parts, nativeArch: "SCMP_ARCH_RISCV64" });
    expect(other.linux.seccomp).toEqual(template().linux.seccomp);
    expect(seccompArch("x64")).toBe("SCMP_ARCH_X86_64");
    expect(seccompArch("arm64")).toBe("SCMP_ARCH_AARCH64");
    expect(seccompArch("mips")).toBeUndefined();
  });
});
