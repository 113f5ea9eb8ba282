// `isolation: namespace`'s lock-down, as docker wrote it: the OCI config of a template container started
// with the policy's own flags (policy.ts, so the lock-down is written once), checked for what `candidate`
// promises, then turned into each candidate's config. Pure functions; the engine (namespace.ts) reads and
// writes the files.

/** The parts of an OCI runtime config (runtime-spec 1.0) this module reads or changes; the rest is kept as docker wrote it. */
export interface OciConfig {
  process: {
    args: string[];
    env?: string[];
    user: { uid: number; gid: number };
    capabilities?: Record<string, string[] | undefined>;
    noNewPrivileges?: boolean;
    [key: string]: unknown;
  };
  root: { path: string; readonly?: boolean };
  mounts?: Array<{ destination: string; type?: string; source?: string; options?: string[] }>;
  hooks?: unknown;
  annotations?: Record<string, string>;
  linux: {
    cgroupsPath?: string;
    namespaces?: Array<{ type: string; path?: string }>;
    seccomp?: { defaultAction?: string; syscalls?: unknown[] };
    resources?: unknown;
    [key: string]: unknown;
  };
  [key: string]: unknown;
}

/** Each candidate's own: none shared with the host, the template or another candidate. */
export const FRESH_NAMESPACES = ["pid", "mount", "network", "ipc", "uts"] as const;

/**
 * Host files docker binds into every container, all read-only: its init (`--init`) and the name
 * service files it writes per container. Any other bind (a shareable /dev/shm, a volume) would be shared
 * by every candidate made from the template.
 */
const DOCKER_BINDS = new Set(["/sbin/docker-init", "/etc/resolv.conf", "/etc/hostname", "/etc/hosts"]);

/**
 * What the template's config lacks of `candidate`'s lock-down, or undefined when it holds all of it:
 * the policy's memory (no swap) and pids limits, a read-only root, a non-root user, no capabilities, no new privileges, a seccomp profile that denies by
 * default, fresh namespaces, no shared writable mount, and the keeper's argv at the end of its args (the
 * place the driver takes).
 */
export function lockDownGap(
  config: OciConfig,
  keeperArgv: readonly string[],
  limits: { memoryBytes: number; pids: number },
): string | undefined {
  const { process: proc, linux } = config;
  const resources = linux.resources as { memory?: { limit?: number; swap?: number }; pids?: { limit?: number } };
  if (resources?.memory?.limit !== limits.memoryBytes || resources.memory.swap !== limits.memoryBytes)
    return `its memory limit is not ${limits.memoryBytes} bytes without swap`;
  if (resources.pids?.limit !== limits.pids) return `its pids limit is not ${limits.pids}`;
  if (config.root?.readonly !== true) return "its root is not read-only";
  if (proc.user.uid === 0 || proc.user.gid === 0) return "it runs as root";
  const caps = Object.entries(proc.capabilities ?? {}).find(([, set]) => (set ?? []).length > 0);
  if (caps) return `it keeps capabilities (${caps[0]}: ${caps[1]!.join(", ")})`;
  if (proc.noNewPrivileges !== true) return "it may gain privileges (no_new_privs is off)";
  const seccomp = linux.seccomp;
  if (!seccomp || !seccomp.defaultAction || /ALLOW|LOG/.test(seccomp.defaultAction))
    return "it has no seccomp profile that denies by default (is docker's seccomp unconfined?)";
  for (const type of FRESH_NAMESPACES) {
    const namespace = (linux.namespaces ?? []).find((ns) => ns.type === type);
    if (!namespace) return `it shares the host's ${type} namespace`;
    if (namespace.path) return `it joins an existing ${type} namespace (${namespace.path})`;
  }
  const shared = (config.mounts ?? []).find(
    (mount) =>
      (mount.type === "bind" || (mount.options ?? []).some((o) => o === "bind" || o === "rbind")) &&
      !DOCKER_BINDS.has(mount.destination),
  );
  if (shared)
    return `it binds ${shared.source ?? "a host path"} at ${shared.destination}, which candidates would share`;
  const binds = (config.mounts ?? []).filter((m) => DOCKER_BINDS.has(m.destination));
  const writable = binds.find((m) => !(m.options ?? []).includes("ro"));
  if (writable) return `its bind of ${writable.destination} is writable`;
  const args = proc.args;
  const tail = args.slice(args.length - keeperArgv.length);
  if (args.length < keeperArgv.length || tail.some((arg, i) => arg !== keeperArgv[i]))
    return `its command ${JSON.stringify(args)} does not end with the keeper's`;
  return undefined;
}

/** The template's environment with the policy's variables (`NAME=value`) in place of its own of those names. */
export function mergedEnv(template: readonly string[], env: readonly string[]): string[] {
  const names = new Set(env.map((variable) => variable.split("=", 1)[0]));
  return [...template.filter((variable) => !names.has(variable.split("=", 1)[0])), ...env];
}

/** The cgroup limits of one sandbox, from the config's resources. */
export interface CgroupLimits {
  memoryBytes: number;
  /** Memory and swap together (OCI's `swap`): equal to memoryBytes, no swap. */
  memorySwapBytes: number;
  pids: number;
  /** CFS quota and period (µs); no quota when undefined. */
  cpu?: { quota: number; period: number };
}

/** One mount(2) call, made as root in the sandbox's private mount namespace before bwrap runs. */
export interface MountCall {
  source: string;
  target: string;
  /** The file system type; "" for a bind. */
  type: string;
  /** mount(2)'s MS_* flags. */
  flags: number;
  /** The file system's own options (tmpfs's size, mode, uid, gid), "" for none. */
  data: string;
}

/** One resource limit, as setrlimit(2) takes it. */
export interface Rlimit {
  /** RLIMIT_* (Linux's numbers, the same on every architecture the kernel shares them). */
  resource: number;
  soft: number;
  hard: number;
}

/** How one sandbox is made from the config, in the terms of the maker that makes it (maker.ts). */
export interface SandboxPlan {
  /**
   * What root mounts in the sandbox's own private mount namespace before bwrap runs: the template's root,
   * bound where the unprivileged bwrap can reach it, and each of docker's tmpfs mounts with docker's own
   * options (size, mode, owner, noexec: bwrap cannot mount a noexec tmpfs itself).
   */
  mounts: MountCall[];
  /** The mount points the mounts name, under the scratch directory: a file for a file's bind, else a directory. */
  mountPoints: Array<{ path: string; file: boolean }>;
  /** The config's rlimits. */
  rlimits: Rlimit[];
  /** The config's user and its groups (none when it has none); no capability survives the change. */
  user: { uid: number; gid: number; groups: number[] };
  /** bwrap's options, up to the candidate's own (sysMounts), the seccomp fd and the command. */
  bwrap: string[];
  /** docker gives it a /sys: the candidate gets one with its own cgroup in it (sysMounts). */
  sys: boolean;
  limits: CgroupLimits;
  /** The config's command before the keeper's (docker's init and its `--`): the driver takes the keeper's place. */
  init: string[];
  env: string[];
}

/** A path's kind on the host (a /proc path's too: the candidate's fresh /proc has the host's layout). */
export type PathKind = (path: string) => "file" | "dir" | undefined;

/**
 * bwrap's options for a read-only /sys holding the candidate's own cgroup where docker's container sees
 * its own (its directory per controller under /sys/fs/cgroup in v1; the directory itself in v2), so a
 * program can read its memory and CPU limits as in docker. The rest of the host's sysfs is left out.
 */
export function sysMounts(cgroups: ReadonlyArray<{ controller?: string; dir: string }>): string[] {
  const args = ["--perms", "0555", "--tmpfs", "/sys", "--dir", "/sys/fs"];
  if (cgroups.length === 1 && cgroups[0]!.controller === undefined)
    return [...args, "--ro-bind", cgroups[0]!.dir, "/sys/fs/cgroup", "--remount-ro", "/sys"];
  args.push("--dir", "/sys/fs/cgroup");
  for (const { controller, dir } of cgroups) args.push("--ro-bind", dir, `/sys/fs/cgroup/${controller}`);
  return [...args, "--remount-ro", "/sys"];
}

/** The devices of docker's default set, bound from the host's /dev (docker's allowlist, less the ptys). */
const DEVICES = ["/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom", "/dev/tty"];
const PROPAGATION = new Set(["private", "rprivate", "shared", "rshared", "slave", "rslave", "bind", "rbind", "rw"]);

/** mount(2)'s flags (linux/mount.h), the same on every architecture. */
export const MS = {
  RDONLY: 1,
  NOSUID: 2,
  NODEV: 4,
  NOEXEC: 8,
  SYNCHRONOUS: 16,
  MANDLOCK: 64,
  DIRSYNC: 128,
  NOSYMFOLLOW: 256,
  NOATIME: 1024,
  NODIRATIME: 2048,
  BIND: 4096,
  REC: 16384,
  PRIVATE: 1 << 18,
  RELATIME: 1 << 21,
  STRICTATIME: 1 << 24,
  LAZYTIME: 1 << 25,
} as const;

/** The option words mount(8) turns into flags: each sets its flag, or clears it (the `no`/opposite word). */
const FLAG_WORDS: Record<string, [number, boolean]> = {
  ro: [MS.RDONLY, true],
  rw: [MS.RDONLY, false],
  nosuid: [MS.NOSUID, true],
  suid: [MS.NOSUID, false],
  nodev: [MS.NODEV, true],
  dev: [MS.NODEV, false],
  noexec: [MS.NOEXEC, true],
  exec: [MS.NOEXEC, false],
  sync: [MS.SYNCHRONOUS, true],
  async: [MS.SYNCHRONOUS, false],
  mand: [MS.MANDLOCK, true],
  nomand: [MS.MANDLOCK, false],
  dirsync: [MS.DIRSYNC, true],
  nosymfollow: [MS.NOSYMFOLLOW, true],
  noatime: [MS.NOATIME, true],
  atime: [MS.NOATIME, false],
  nodiratime: [MS.NODIRATIME, true],
  diratime: [MS.NODIRATIME, false],
  relatime: [MS.RELATIME, true],
  norelatime: [MS.RELATIME, false],
  strictatime: [MS.STRICTATIME, true],
  nostrictatime: [MS.STRICTATIME, false],
  lazytime: [MS.LAZYTIME, true],
  nolazytime: [MS.LAZYTIME, false],
};
/** Words mount(8) reads itself and never passes on; propagation is the namespace's (private) anyway. */
const IGNORED_WORDS = new Set(["defaults", "auto", "noauto", "user", "nouser", "nofail", ...PROPAGATION]);

/** docker's option words for a file system, as mount(8) would pass them: the flags and the data string. */
export function mountOptions(words: readonly string[]): { flags: number; data: string } {
  let flags = 0;
  const data: string[] = [];
  for (const word of words) {
    const flag = FLAG_WORDS[word];
    if (flag) flags = flag[1] ? flags | flag[0] : flags & ~flag[0];
    else if (!IGNORED_WORDS.has(word)) data.push(word);
  }
  return { flags, data: data.join(",") };
}

/** The mounts of a plan: root's mount calls, their mount points, bwrap's options for them, whether docker gave a /sys. */
interface Mounts {
  calls: MountCall[];
  mountPoints: SandboxPlan["mountPoints"];
  bwrap: string[];
  sys: boolean;
}

/** docker's mounts, in bwrap's terms and root's mount calls; throws, naming it, on a mount it cannot make as docker would. */
function planMounts(config: OciConfig, scratch: string, kindOf: PathKind): Mounts {
  const root = `${scratch}/root`;
  const made: Mounts = {
    calls: [bind(config.root.path, root)],
    mountPoints: [{ path: root, file: false }],
    bwrap: ["--ro-bind", root, "/"],
    sys: false,
  };
  const { calls, bwrap } = made;
  // One mount point per destination: the same place whichever template, so its kind never changes.
  const pointFor = (at: string, file: boolean) => {
    const path = `${scratch}/at${at.replace(/\//g, "_")}`;
    made.mountPoints.push({ path, file });
    return path;
  };
  const masked = (config.linux.maskedPaths as string[] | undefined) ?? [];
  const mounts = config.mounts ?? [];
  for (const mount of mounts) {
    const at = mount.destination;
    if (mount.type === "proc") {
      bwrap.push("--proc", at);
      for (const path of masked.filter((p) => p.startsWith(`${at}/`))) {
        const kind = kindOf(path);
        if (kind === "file") bwrap.push("--ro-bind", "/dev/null", path);
        if (kind === "dir") bwrap.push("--perms", "0555", "--tmpfs", path, "--remount-ro", path);
      }
    } else if (at === "/dev" && mount.type === "tmpfs") {
      bwrap.push("--perms", "0755", "--tmpfs", "/dev");
      for (const device of DEVICES) bwrap.push("--dev-bind", device, device);
      for (const [i, name] of ["stdin", "stdout", "stderr"].entries())
        bwrap.push("--symlink", `/proc/self/fd/${i}`, `/dev/${name}`);
      bwrap.push("--symlink", "/proc/self/fd", "/dev/fd");
    } else if (mount.type === "mqueue") {
      bwrap.push("--mqueue", at);
    } else if (mount.type === "tmpfs") {
      const point = pointFor(at, false);
      calls.push({ source: "sandbox-gate", target: point, type: "tmpfs", ...mountOptions(mount.options ?? []) });
      bwrap.push("--bind", point, at);
    } else if (DOCKER_BINDS.has(at)) {
      // Its init and name service files, where the unprivileged bwrap can reach them; read-only as docker's.
      const point = pointFor(at, kindOf(mount.source ?? "") !== "dir");
      calls.push(bind(mount.source ?? "", point));
      bwrap.push("--ro-bind", point, at);
    } else if (mount.type === "sysfs") {
      made.sys = true;
    } else if (mount.type !== "devpts" && mount.type !== "cgroup") {
      // devpts and cgroup are left out, stricter than docker: no ptys; the cgroup is its own (sysMounts).
      throw new Error(`the mount at ${at} (${mount.type ?? "bind"}) has no sandbox equivalent`);
    }
  }
  if (mounts.some((m) => m.destination === "/dev")) bwrap.push("--remount-ro", "/dev");
  return made;
}

/** A plain bind (not recursive), as `mount --bind` makes it. */
function bind(source: string, target: string): MountCall {
  return { source, target, type: "", flags: MS.BIND, data: "" };
}

/** The RLIMIT_* numbers by OCI's names (asm-generic/resource.h: x86_64 and arm64 alike). */
const RLIMITS: Record<string, number> = {
  RLIMIT_CPU: 0,
  RLIMIT_FSIZE: 1,
  RLIMIT_DATA: 2,
  RLIMIT_STACK: 3,
  RLIMIT_CORE: 4,
  RLIMIT_RSS: 5,
  RLIMIT_NPROC: 6,
  RLIMIT_NOFILE: 7,
  RLIMIT_MEMLOCK: 8,
  RLIMIT_AS: 9,
  RLIMIT_LOCKS: 10,
  RLIMIT_SIGPENDING: 11,
  RLIMIT_MSGQUEUE: 12,
  RLIMIT_NICE: 13,
  RLIMIT_RTPRIO: 14,
  RLIMIT_RTTIME: 15,
};

/** The cgroup limits of the config's resources. */
function cgroupLimits(config: OciConfig): CgroupLimits {
  const resources = config.linux.resources as {
    memory: { limit: number; swap: number };
    pids: { limit: number };
    cpu?: { quota?: number; period?: number };
  };
  const quota = resources.cpu?.quota ?? 0;
  return {
    memoryBytes: resources.memory.limit,
    memorySwapBytes: resources.memory.swap,
    pids: resources.pids.limit,
    ...(quota > 0 && { cpu: { quota, period: resources.cpu?.period ?? 100_000 } }),
  };
}

/**
 * The sandbox for a checked config (lockDownGap): what is made as root (the cgroup, the mount calls,
 * the rlimits) and what unprivileged bwrap makes as the config's user (fresh user, pid, mount,
 * network, IPC, UTS and cgroup namespaces, the read-only root, /proc with docker's masked paths, a
 * read-only /dev of docker's devices, the tmpfs mounts and docker's read-only binds, no capabilities).
 * Stricter than docker where bwrap cannot say it as docker does: no /dev/pts, no sysfs but the
 * candidate's cgroup. Throws, naming the mount, on anything it cannot make as docker would.
 */
export function sandboxPlan(
  config: OciConfig,
  keeperArgv: readonly string[],
  scratch: string,
  kindOf: PathKind,
): SandboxPlan {
  const { process: proc } = config;
  const mounts = planMounts(config, scratch, kindOf);
  const bwrap = [
    "--unshare-user",
    "--disable-userns",
    // bwrap always makes a mount namespace; these are FRESH_NAMESPACES' others.
    "--unshare-pid",
    "--unshare-net",
    "--unshare-ipc",
    "--unshare-uts",
    "--unshare-cgroup-try",
    // docker's init is pid 1 itself, as in docker: it forwards a signal sent to pid 1 to the command.
    "--as-pid-1",
    "--die-with-parent",
    "--new-session",
    "--uid",
    String(proc.user.uid),
    "--gid",
    String(proc.user.gid),
    ...(typeof config.hostname === "string" ? ["--hostname", config.hostname] : []),
    ...mounts.bwrap,
    "--chdir",
    typeof proc.cwd === "string" ? proc.cwd : "/",
  ];
  const rlimits = ((proc.rlimits as Array<{ type: string; soft: number; hard: number }> | undefined) ?? []).map(
    ({ type, soft, hard }) => {
      const resource = RLIMITS[type];
      if (resource === undefined) throw new Error(`the rlimit ${type} is not one Linux knows`);
      return { resource, soft, hard };
    },
  );
  const groups = (proc.user as { additionalGids?: number[] }).additionalGids ?? [];
  return {
    mounts: mounts.calls,
    mountPoints: mounts.mountPoints,
    rlimits,
    user: { uid: proc.user.uid, gid: proc.user.gid, groups },
    bwrap,
    sys: mounts.sys,
    limits: cgroupLimits(config),
    init: proc.args.slice(0, proc.args.length - keeperArgv.length),
    env: proc.env ?? [],
  };
}
