// The maker: the one process that makes a sandbox of `isolation: namespace` as root, then becomes bwrap.
//
// It used to be a chain of host tools, each a process start of its own: unshare (the private mount
// namespace) → bash (closing descriptors, joining the cgroup) → mount(8) (the fstab) → prlimit → setpriv →
// bwrap. On a host whose kernel pays for every exec (page-table isolation), those five starts and bash's
// and mount(8)'s own work were a fifth of the CPU a candidate cost (issue 32). The maker does the same
// system calls in one perl process (perl-base is part of every Debian and Ubuntu system: no compiler, no
// module but perl's own builtins) and execs bwrap: one start instead of five.
//
// In order, as root: every descriptor but stdio and the seccomp program's (3) closed, so none the gate
// inherited without close-on-exec reaches the candidate; docker's umask; the sandbox's cgroups joined
// (every later process is born in them); a private mount namespace, made private all the way down, and
// the plan's mounts in it; the rlimits; then the config's groups (or none), gid and uid (real, effective
// and saved, so root is never regained: setuid away from 0 empties the permitted, effective and ambient
// sets) and the inheritable set emptied; then bwrap. Any failure is ours: one line naming it, exit 125.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { MountCall, Rlimit } from "./namespace-config.js";
import { X86_64_SYSCALLS } from "./syscalls-x86_64.js";

/** The exit of a maker that failed before bwrap: the sandbox's failure, never the candidate's. */
export const MAKER_FAILED = 125;

/** The system calls the maker makes by number (x86_64: the only ABI the namespace engine runs on). */
const CALLS = ["close", "unshare", "mount", "prlimit64", "setgroups", "setresgid", "setresuid", "capset"] as const;

/**
 * The maker's steps, perl's sub \`make\`, for the program of its own (MAKER) and the spawner's children. Arguments: the syscall numbers (CALLS' order); the count of cgroup.procs files,
 * then them; the count of mounts, then each as source, target, type, flags, data ("" for none); the
 * count of rlimits, then each as resource, soft, hard ("unlimited" for RLIM_INFINITY); uid, gid, the
 * count of groups, then them; then the command. Strings reach mount(2) as pointers, numbers as numbers:
 * perl's syscall passes an argument never used as a number as its string's address (a variable's: it may
 * not take a literal's).
 */
export const MAKE_SUB = String.raw`
our @A;
sub fail { print STDERR "sandbox-gate: $_[0]\n"; exit ${MAKER_FAILED} }
sub take { my $n = shift @A; splice(@A, 0, $n * $_[0]) }
sub make {
@A = @_;
my ($close, $unshare, $mount, $prlimit, $setgroups, $setresgid, $setresuid, $capset) = splice(@A, 0, 8);
opendir(my $fds, "/proc/self/fd") or fail("cannot list its descriptors: $!");
my @open = grep { /^\d+$/ && $_ > 3 } readdir($fds);
closedir($fds);
syscall($close + 0, $_ + 0) for @open;
umask(022);
my @procs = take(1);
for my $procs (@procs) {
  my $joined = open(my $f, ">", $procs);
  $joined &&= print $f "$$\n";
  $joined &&= close($f);
  $joined or fail("cannot join the sandbox's cgroup ($procs): $!");
}
syscall($unshare + 0, 0x20000) == 0 or fail("cannot make a mount namespace: $!");
my $root = "/";
syscall($mount + 0, 0, $root, 0, 0x44000, 0) == 0 or fail("cannot make the mounts private: $!");
my @mounts = take(5);
while (my ($source, $target, $type, $flags, $data) = splice(@mounts, 0, 5)) {
  syscall($mount + 0, $source, $target, $type eq "" ? 0 : $type, $flags + 0, $data eq "" ? 0 : $data) == 0
    or fail("cannot mount " . ($type eq "" ? "$source" : $type) . " at $target: $!");
}
my @limits = take(3);
while (my ($resource, $soft, $hard) = splice(@limits, 0, 3)) {
  my $limit = pack("QQ", map { $_ eq "unlimited" ? ~0 : $_ } $soft, $hard);
  syscall($prlimit + 0, 0, $resource + 0, $limit, 0) == 0 or fail("cannot set rlimit $resource: $!");
}
my ($uid, $gid) = splice(@A, 0, 2);
my @groups = take(1);
syscall($setgroups + 0, scalar(@groups), @groups ? pack("L*", @groups) : 0) == 0 or fail("cannot set the groups: $!");
syscall($setresgid + 0, $gid + 0, $gid + 0, $gid + 0) == 0 or fail("cannot become gid $gid: $!");
syscall($setresuid + 0, $uid + 0, $uid + 0, $uid + 0) == 0 or fail("cannot become uid $uid: $!");
my ($header, $none) = (pack("LL", 0x20080522, 0), pack("L6", 0, 0, 0, 0, 0, 0));
syscall($capset + 0, $header, $none) == 0 or fail("cannot drop capabilities: $!");
exec { $A[0] } @A or fail("cannot run $A[0]: $!");
}
`;

/** The maker as a program of its own: \`perl -e MAKER -- LIST\`. */
export const MAKER = `${MAKE_SUB}make(@ARGV);\n`;

/** What one sandbox's maker does before it becomes `command` (bwrap's argv). */
export interface MakerJob {
  cgroupProcs: readonly string[];
  mounts: readonly MountCall[];
  rlimits: readonly Rlimit[];
  user: { uid: number; gid: number; groups: readonly number[] };
  command: readonly string[];
}

/** RLIM_INFINITY, which a JSON number (the OCI config's) cannot hold exactly. */
function limitValue(value: number): string {
  return value >= 2 ** 63 ? "unlimited" : String(value);
}

/** perl's argv for one maker (after the program's path): its program, then its list (makerList). */
export function makerArgs(job: MakerJob): string[] {
  return ["-e", MAKER, "--", ...makerList(job)];
}

/** What the maker's \`make\` takes: the syscall numbers, then the job. */
export function makerList(job: MakerJob): string[] {
  return [
    ...CALLS.map((name) => String(X86_64_SYSCALLS[name])),
    String(job.cgroupProcs.length),
    ...job.cgroupProcs,
    String(job.mounts.length),
    ...job.mounts.flatMap((m) => [m.source, m.target, m.type, String(m.flags), m.data]),
    String(job.rlimits.length),
    ...job.rlimits.flatMap((r) => [String(r.resource), limitValue(r.soft), limitValue(r.hard)]),
    String(job.user.uid),
    String(job.user.gid),
    String(job.user.groups.length),
    ...job.user.groups.map(String),
    ...job.command,
  ];
}

/** The host tools a sandbox is made with, by absolute path. */
export interface SandboxTools {
  perl: string;
  bwrap: string;
}

/** Where each tool is on this host's PATH, or the first missing one's name. */
export function findTools(path = process.env.PATH ?? "/usr/sbin:/usr/bin:/sbin:/bin"): SandboxTools | string {
  const dirs = [...path.split(":").filter(Boolean), "/usr/sbin", "/usr/bin", "/sbin", "/bin"];
  const found: Partial<SandboxTools> = {};
  for (const name of ["perl", "bwrap"] as const) {
    const at = dirs.map((dir) => join(dir, name)).find((file) => existsSync(file));
    if (!at) return name;
    found[name] = at;
  }
  return found as SandboxTools;
}
