import { describe, expect, it } from "vitest";
import {
  MS,
  type OciConfig,
  lockDownGap,
  mergedEnv,
  mountOptions,
  sandboxPlan,
} from "../../../../src/sandbox/engines/namespace/namespace-config.js";

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

describe("mergedEnv", () => {
  it("puts the job's variables in place of the template's of those names", () => {
    expect(mergedEnv(["PATH=/usr/bin:/bin", "HOSTNAME=abc", "HOME=/work", "A=1"], ["HOME=/work", "A=2=3"])).toEqual([
      "PATH=/usr/bin:/bin",
      "HOSTNAME=abc",
      "HOME=/work",
      "A=2=3",
    ]);
  });
});

describe("sandboxPlan", () => {
  const SCRATCH = "/run/sandbox-gate/scratch";
  const kinds: Record<string, "file" | "dir"> = {
    "/proc/kcore": "file",
    "/proc/acpi": "dir",
    "/usr/bin/docker-init": "file",
    "/var/lib/docker/containers/x/hosts": "file",
  };
  const kindOf = (path: string) => kinds[path];
  /** docker's mounts for the policy, as the 2-core runner's docker 20.10 wrote them. */
  function full(): OciConfig {
    const config = template();
    config.hostname = "abc";
    config.linux.maskedPaths = ["/proc/kcore", "/proc/acpi", "/proc/not-here", "/sys/firmware"];
    config.process.rlimits = [
      { type: "RLIMIT_FSIZE", hard: 67108864, soft: 67108864 },
      { type: "RLIMIT_NOFILE", hard: 256, soft: 256 },
    ];
    (config.process.user as { additionalGids?: number[] }).additionalGids = [65534];
    config.linux.resources = {
      memory: { limit: LIMITS.memoryBytes, swap: LIMITS.memoryBytes },
      pids: { limit: LIMITS.pids },
      cpu: { shares: 0, quota: 150000, period: 100000 },
    };
    config.mounts = [
      { destination: "/proc", type: "proc", source: "proc", options: ["nosuid", "noexec", "nodev"] },
      { destination: "/dev", type: "tmpfs", source: "tmpfs", options: ["nosuid", "strictatime", "mode=755"] },
      { destination: "/dev/pts", type: "devpts", source: "devpts", options: ["nosuid", "noexec"] },
      { destination: "/sys", type: "sysfs", source: "sysfs", options: ["ro"] },
      { destination: "/sys/fs/cgroup", type: "cgroup", source: "cgroup", options: ["ro"] },
      { destination: "/dev/mqueue", type: "mqueue", source: "mqueue", options: ["nosuid", "noexec", "nodev"] },
      {
        destination: "/dev/shm",
        type: "tmpfs",
        source: "shm",
        options: ["nosuid", "noexec", "mode=1777", "size=4194304"],
      },
      { destination: "/sbin/docker-init", type: "bind", source: "/usr/bin/docker-init", options: ["bind", "ro"] },
      {
        destination: "/tmp",
        type: "tmpfs",
        source: "tmpfs",
        options: ["noexec", "rprivate", "rw", "nosuid", "nodev", "size=67108864", "mode=1777"],
      },
      {
        destination: "/work",
        type: "tmpfs",
        source: "tmpfs",
        options: ["rprivate", "rw", "exec", "nosuid", "nodev", "size=8388608", "uid=65534", "gid=65534", "mode=0700"],
      },
      {
        destination: "/etc/hosts",
        type: "bind",
        source: "/var/lib/docker/containers/x/hosts",
        options: ["rbind", "ro"],
      },
    ];
    return config;
  }

  it("mounts the root, docker's tmpfs mounts with docker's options and docker's binds, as root, where bwrap binds them", () => {
    const plan = sandboxPlan(full(), KEEPER, SCRATCH, kindOf);
    const { BIND, NOSUID, NODEV, NOEXEC } = MS;
    expect(plan.mounts).toEqual([
      { source: "/var/lib/docker/overlay2/x/merged", target: `${SCRATCH}/root`, type: "", flags: BIND, data: "" },
      {
        source: "sandbox-gate",
        target: `${SCRATCH}/at_dev_shm`,
        type: "tmpfs",
        flags: NOSUID | NOEXEC,
        data: "mode=1777,size=4194304",
      },
      { source: "/usr/bin/docker-init", target: `${SCRATCH}/at_sbin_docker-init`, type: "", flags: BIND, data: "" },
      {
        source: "sandbox-gate",
        target: `${SCRATCH}/at_tmp`,
        type: "tmpfs",
        flags: NOEXEC | NOSUID | NODEV,
        data: "size=67108864,mode=1777",
      },
      {
        source: "sandbox-gate",
        target: `${SCRATCH}/at_work`,
        type: "tmpfs",
        flags: NOSUID | NODEV,
        data: "size=8388608,uid=65534,gid=65534,mode=0700",
      },
      {
        source: "/var/lib/docker/containers/x/hosts",
        target: `${SCRATCH}/at_etc_hosts`,
        type: "",
        flags: BIND,
        data: "",
      },
    ]);
    expect(plan.mountPoints).toEqual([
      { path: `${SCRATCH}/root`, file: false },
      { path: `${SCRATCH}/at_dev_shm`, file: false },
      { path: `${SCRATCH}/at_sbin_docker-init`, file: true },
      { path: `${SCRATCH}/at_tmp`, file: false },
      { path: `${SCRATCH}/at_work`, file: false },
      { path: `${SCRATCH}/at_etc_hosts`, file: true },
    ]);
  });

  it("makes the namespaces, the read-only root, /proc with docker's masks, a read-only /dev of docker's devices", () => {
    const { bwrap } = sandboxPlan(full(), KEEPER, SCRATCH, kindOf);
    const line = bwrap.join(" ");
    for (const flag of [
      "--unshare-user",
      "--disable-userns",
      "--unshare-pid",
      "--unshare-net",
      "--unshare-ipc",
      "--unshare-uts",
    ])
      expect(bwrap).toContain(flag);
    expect(line).toContain("--as-pid-1 --die-with-parent --new-session --uid 65534 --gid 65534 --hostname abc");
    expect(line).toContain(`--ro-bind ${SCRATCH}/root /`);
    expect(line).toContain(
      "--proc /proc --ro-bind /dev/null /proc/kcore --perms 0555 --tmpfs /proc/acpi --remount-ro /proc/acpi",
    );
    expect(line).not.toContain("/proc/not-here");
    expect(line).not.toContain("/sys");
    expect(line).toContain("--perms 0755 --tmpfs /dev --dev-bind /dev/null /dev/null");
    expect(line).toContain("--mqueue /dev/mqueue");
    expect(line).toContain(`--bind ${SCRATCH}/at_dev_shm /dev/shm`);
    expect(line).toContain(`--ro-bind ${SCRATCH}/at_sbin_docker-init /sbin/docker-init --bind ${SCRATCH}/at_tmp /tmp`);
    expect(line).toContain(`--bind ${SCRATCH}/at_work /work --ro-bind ${SCRATCH}/at_etc_hosts /etc/hosts`);
    // /dev read-only once everything under it is in place; the work dir last.
    expect(line.endsWith("--remount-ro /dev --chdir /work")).toBe(true);
  });

  it("carries the rlimits, the user and groups, the cgroup limits and docker's init before the keeper's place", () => {
    const config = full();
    const plan = sandboxPlan(config, KEEPER, SCRATCH, kindOf);
    expect(plan.rlimits).toEqual([
      { resource: 1, soft: 67108864, hard: 67108864 },
      { resource: 7, soft: 256, hard: 256 },
    ]);
    expect(plan.user).toEqual({ uid: 65534, gid: 65534, groups: [65534] });
    expect(plan.limits).toEqual({
      memoryBytes: LIMITS.memoryBytes,
      memorySwapBytes: LIMITS.memoryBytes,
      pids: LIMITS.pids,
      cpu: { quota: 150000, period: 100000 },
    });
    expect(plan.init).toEqual(["/sbin/docker-init", "--"]);
    expect(plan.env).toEqual(config.process.env);
  });

  it("keeps a root path's spaces as they are, and refuses a mount or rlimit it has no equivalent for, naming it", () => {
    const config = full();
    config.root.path = "/var/lib/my docker/merged";
    expect(sandboxPlan(config, KEEPER, SCRATCH, kindOf).mounts[0]!.source).toBe("/var/lib/my docker/merged");
    config.process.rlimits = [{ type: "RLIMIT_BOGUS", soft: 1, hard: 1 }];
    expect(() => sandboxPlan(config, KEEPER, SCRATCH, kindOf)).toThrow(
      "the rlimit RLIMIT_BOGUS is not one Linux knows",
    );
    config.process.rlimits = [];
    config.mounts!.push({ destination: "/data", type: "nfs", source: "srv:/x" });
    expect(() => sandboxPlan(config, KEEPER, SCRATCH, kindOf)).toThrow(
      "the mount at /data (nfs) has no sandbox equivalent",
    );
  });
});

describe("mountOptions", () => {
  it("turns mount(8)'s flag words into flags, the later word winning, and passes the rest on as data", () => {
    expect(mountOptions(["ro", "nosuid", "size=1m"])).toEqual({ flags: MS.RDONLY | MS.NOSUID, data: "size=1m" });
    expect(mountOptions(["noexec", "exec", "rw", "nodev"])).toEqual({ flags: MS.NODEV, data: "" });
    expect(mountOptions(["strictatime", "noatime", "mode=755"])).toEqual({
      flags: MS.STRICTATIME | MS.NOATIME,
      data: "mode=755",
    });
    // Propagation and mount(8)'s own words never reach the kernel.
    expect(mountOptions(["rprivate", "defaults", "nofail", "uid=1", "gid=2"])).toEqual({
      flags: 0,
      data: "uid=1,gid=2",
    });
  });
});
