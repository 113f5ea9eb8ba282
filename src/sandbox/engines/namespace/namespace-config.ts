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

/** How one sandbox is made from the config, in the terms of the host tools that make it (namespace.ts). */
export interface SandboxPlan {
  /**
   * fstab lines mounted as root in the sandbox's own private mount namespace before bwrap runs: the
   * template's root, bound where the unprivileged bwrap can reach it, and each of docker's tmpfs mounts
   * with docker's own options (size, mode, owner, noexec: bwrap cannot mount a noexec tmpfs itself).
   */
  fstab: string;
  /** The mount points the fstab names, under the scratch directory: a file for a file's bind, else a directory. */
  mountPoints: Array<{ path: string; file: boolean }>;
  /** prlimit's options: the config's rlimits. */
  rlimits: string[];
  /** setpriv's options: the config's user, its groups, no inheritable capabilities. */
  user: string[];
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

/** A path as an fstab field: whitespace and backslashes octal-escaped, as getmntent reads them. */
function fstabField(path: string): string {
  return path.replace(/[\s\\]/g, (c) => `\\${c.charCodeAt(0).toString(8).padStart(3, "0")}`);
}

/** The mounts of a plan: root's fstab, its mount points, bwrap's options for them, whether docker gave a /sys. */
interface Mounts {
  fstab: string[];
  mountPoints: SandboxPlan["mountPoints"];
  bwrap: string[];
  sys: boolean;
}

/** docker's mounts, in bwrap's terms and root's fstab; throws, naming it, on a mount it cannot make as docker would. */
function planMounts(config: OciConfig, scratch: string, kindOf: PathKind): Mounts {
  const root = `${scratch}/root`;
  const made: Mounts = {
    fstab: [`${fstabField(config.root.path)} ${fstabField(root)} none bind 0 0`],
    mountPoints: [{ path: root, file: false }],
    bwrap: ["--ro-bind", root, "/"],
    sys: false,
  };
  const { fstab, bwrap } = made;
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
      const options = (mount.options ?? []).filter((o) => !PROPAGATION.has(o));
      fstab.push(`sandbox-gate ${fstabField(point)} tmpfs ${options.join(",") || "defaults"} 0 0`);
      bwrap.push("--bind", point, at);
    } else if (DOCKER_BINDS.has(at)) {
      // Its init and name service files, where the unprivileged bwrap can reach them; read-only as docker's.
      const point = pointFor(at, kindOf(mount.source ?? "") !== "dir");
      fstab.push(`${fstabField(mount.source ?? "")} ${fstabField(point)} none bind 0 0`);
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
 * The sandbox for a checked config (lockDownGap): what is made as root (the cgroup, the mounts of the
 * fstab, the rlimits) and what unprivileged bwrap makes as the config's user (fresh user, pid, mount,
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
    (r) => `--${r.type.replace(/^RLIMIT_/, "").toLowerCase()}=${r.soft}:${r.hard}`,
  );
  const gids = (proc.user as { additionalGids?: number[] }).additionalGids ?? [];
  const user = [
    `--reuid=${proc.user.uid}`,
    `--regid=${proc.user.gid}`,
    ...(gids.length > 0 ? [`--groups=${gids.join(",")}`] : ["--clear-groups"]),
    "--inh-caps=-all",
  ];
  return {
    fstab: mounts.fstab.join("\n") + "\n",
    mountPoints: mounts.mountPoints,
    rlimits,
    user,
    bwrap,
    sys: mounts.sys,
    limits: cgroupLimits(config),
    init: proc.args.slice(0, proc.args.length - keeperArgv.length),
    env: proc.env ?? [],
  };
}
