// The spawner: one root perl process per engine that forks every sandbox's maker, so the gate's own
// process never forks for a candidate.
//
// node's spawn() forks the gate itself: the page tables of a process of 100+ MB copied and torn down again,
// the event loop blocked meanwhile. On a host with page-table isolation that was ≈ 19 ms of the gate's main
// thread a candidate (the bench's CPU profile), more than the maker's own work. The spawner is small; its
// fork costs a fraction of that, and the maker's program is compiled once, not per candidate.
//
// Its stdio with the gate is its control channel: requests in (S: start a maker; O: the gate has opened
// its ends; K: a signal for a maker not yet reaped), events out (P: started, with the pid; X: its wait
// status; E: it could not be started). A candidate's stdio are pipes as before: three FIFOs per sandbox,
// made by the spawner in a directory only root can enter, each the candidate's user's (so `/dev/stdout`
// opens again, as in docker, where stdio are FIFOs too). The spawner holds each FIFO open both ways
// (never blocking anyone's open) until the child has opened its ends and the gate its own, then closes and
// unlinks them: from then on the ends are the child's and the gate's alone, so the child sees its input's
// end when the gate ends it, and the gate sees the output's end when the sandbox closes it. The child
// starts with SIGCHLD unblocked and default, and every descriptor but stdio and the seccomp program's
// closed by the maker (MAKE_SUB), as one spawned by node was. When the gate's end of the control channel
// closes, the spawner exits, and bwrap (--die-with-parent) with it.
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { EventEmitter } from "node:events";
import { closeSync, constants, openSync } from "node:fs";
import { constants as osConstants } from "node:os";
import { Socket } from "node:net";
import { join } from "node:path";
import { MAKE_SUB, MAKER_FAILED, type MakerJob, makerList } from "./maker.js";

/**
 * How often, in seconds, the spawner reaps its makers whether or not it heard their SIGCHLD: the most a
 * maker's end can wait when perl's deferred handler missed it (SPAWNER says how). Otherwise its handler
 * reports an end at once.
 */
const REAP_S = 0.05;

export const SPAWNER = String.raw`
use POSIX ();
$| = 1;
my $dir = shift @ARGV;
my (%pid_of, %id_of, %keep);
sub reap {
  while ((my $pid = waitpid(-1, POSIX::WNOHANG())) > 0) {
    my $id = delete $id_of{$pid};
    next unless defined $id;
    delete $pid_of{$id};
    print "X $id $?\n";
  }
}
$SIG{CHLD} = \&reap;
my $chld = POSIX::SigSet->new(POSIX::SIGCHLD());
sub unkeep {
  my ($id) = @_;
  close($_) for @{delete $keep{$id} || []};
  unlink("$dir/$id.$_") for qw(in out err);
}
sub start {
  my ($id, $seccomp, $uid, $gid, @make) = @_;
  my $base = "$dir/$id";
  my @keep;
  for my $s (qw(in out err)) {
    POSIX::mkfifo("$base.$s", 0600) or return "cannot make $base.$s: $!";
    chown($uid, $gid, "$base.$s") or return "cannot give $base.$s to $uid:$gid: $!";
    open(my $k, "+<", "$base.$s") or return "cannot open $base.$s: $!";
    push @keep, $k;
  }
  $keep{$id} = \@keep;
  pipe(my $opened, my $opening) or return "cannot make a pipe: $!";
  POSIX::sigprocmask(POSIX::SIG_BLOCK(), $chld);
  my $pid = fork();
  if (!defined $pid) {
    POSIX::sigprocmask(POSIX::SIG_UNBLOCK(), $chld);
    return "cannot fork: $!";
  }
  if ($pid == 0) {
    $SIG{CHLD} = "DEFAULT";
    POSIX::sigprocmask(POSIX::SIG_SETMASK(), POSIX::SigSet->new());
    open(STDIN, "<", "$base.in") or fail("cannot open $base.in: $!");
    open(STDOUT, ">", "$base.out") or fail("cannot open $base.out: $!");
    open(STDERR, ">", "$base.err") or exit ${MAKER_FAILED};
    open(my $program, "<", $seccomp) or fail("cannot open $seccomp: $!");
    POSIX::dup2(fileno($program), 3) or fail("cannot place the seccomp program: $!");
    close($opening);
    make(@make);
  }
  close($opening);
  my $byte;
  1 while !defined(sysread($opened, $byte, 1)) && $!{EINTR};
  close($opened);
  $pid_of{$id} = $pid;
  $id_of{$pid} = $id;
  print "P $id $pid\n";
  POSIX::sigprocmask(POSIX::SIG_UNBLOCK(), $chld);
  return undef;
}
# The control channel is read with select() and sysread, never a blocking readline: perl runs a signal's
# handler between two of its own steps, so a SIGCHLD that comes just before the spawner blocks in a read
# waits for the gate's next line, and the gate, waiting for that maker's end, may send none (a run hung so).
# Every REAP_S the spawner reaps whatever the handler has not, so no end waits longer than that.
my ($in, $rin) = ("", "");
vec($rin, fileno(STDIN), 1) = 1;
sub fill {
  for (;;) {
    my $ready = select(my $rout = $rin, undef, undef, ${REAP_S});
    my $interrupted = $ready < 0 && $!{EINTR};
    reap();
    return undef if $ready < 0 && !$interrupted;
    next unless $ready > 0;
    my $got = sysread(STDIN, $in, 65536, length($in));
    next if !defined($got) && $!{EINTR};
    return $got;
  }
}
for (;;) {
  my $newline = index($in, "\n");
  if ($newline < 0) { fill() or exit 0; next }
  my $line = substr($in, 0, $newline + 1, "");
  chomp $line;
  my ($op, $id, $arg) = split / /, $line;
  if ($op eq "S") {
    while (length($in) < $arg) { fill() or exit 0 }
    my $payload = substr($in, 0, $arg, "");
    my $error = start($id, split(/\0/, $payload, -1));
    if (defined $error) { unkeep($id); print "E $id $error\n" }
  } elsif ($op eq "O") {
    unkeep($id);
  } elsif ($op eq "K") {
    kill($arg, $pid_of{$id}) if $pid_of{$id};
  }
}
`;

/** A maker started by the spawner, as much of a ChildProcess as the engine and child-run.ts use. */
export class SpawnedChild extends EventEmitter {
  readonly pid: number;
  readonly stdin: Socket;
  readonly stdout: Socket;
  readonly stderr: Socket;
  exitCode: number | null = null;
  signalCode: NodeJS.Signals | null = null;
  readonly #signal: (signal: NodeJS.Signals) => void;
  #open = 2;
  #exited = false;

  constructor(
    pid: number,
    ends: { stdin: Socket; stdout: Socket; stderr: Socket },
    signal: (s: NodeJS.Signals) => void,
  ) {
    super();
    this.pid = pid;
    ({ stdin: this.stdin, stdout: this.stdout, stderr: this.stderr } = ends);
    this.#signal = signal;
    for (const stream of [this.stdout, this.stderr])
      stream.once("close", () => {
        this.#open--;
        this.#closeIfDone();
      });
  }

  /** It has exited, or its spawner is gone: nothing more will be heard of it. */
  get ended(): boolean {
    return this.#exited;
  }

  /** Sends a signal through the spawner, which knows whether the pid is still its child's. */
  kill(signal: NodeJS.Signals = "SIGTERM"): boolean {
    if (this.#exited) return false;
    this.#signal(signal);
    return true;
  }

  /** The spawner reaped it: its wait status. */
  exited(status: number): void {
    if (this.#exited) return;
    this.#exited = true;
    const signal = status & 0x7f;
    this.exitCode = signal === 0 ? status >> 8 : null;
    this.signalCode = signal === 0 ? null : (signalName(signal) ?? "SIGKILL");
    this.emit("exit", this.exitCode, this.signalCode);
    this.#closeIfDone();
  }

  /** The spawner is gone before it said how the maker ended. */
  lost(error: Error): void {
    if (this.#exited) return;
    this.#exited = true;
    this.emit("error", error);
    this.stdout.destroy();
    this.stderr.destroy();
    this.stdin.destroy();
  }

  /** `close` once it has exited and its output has ended, as a ChildProcess's. */
  #closeIfDone(): void {
    if (this.#exited && this.#open === 0) this.emit("close", this.exitCode, this.signalCode);
  }
}

function signalName(n: number): NodeJS.Signals | undefined {
  const found = Object.entries(osConstants.signals).find(([, value]) => value === n);
  return found?.[0] as NodeJS.Signals | undefined;
}

interface Pending {
  resolve: (child: SpawnedChild) => void;
  reject: (error: Error) => void;
}

/** One spawner process, started at the first sandbox; a new one if it has died. */
export class Spawner {
  readonly #perl: string;
  readonly #dir: string;
  readonly #program: string;
  #process?: ChildProcessWithoutNullStreams;
  #buffer = "";
  readonly #pending = new Map<string, Pending>();
  readonly #children = new Map<string, SpawnedChild>();

  /** `program` is the spawner's own (SPAWNER) but where a test changes it. */
  constructor(perl: string, dir: string, program = SPAWNER) {
    this.#perl = perl;
    this.#dir = dir;
    this.#program = program;
  }

  /** Starts a maker of `job` with the seccomp program at `seccomp` as its descriptor 3. */
  start(id: string, seccomp: string, job: MakerJob, env: NodeJS.ProcessEnv): Promise<SpawnedChild> {
    const spawner = this.#spawner(env);
    const { uid, gid } = job.user;
    const payload = Buffer.from([seccomp, String(uid), String(gid), ...makerList(job)].join("\0"));
    const started = new Promise<SpawnedChild>((resolve, reject) => this.#pending.set(id, { resolve, reject }));
    spawner.stdin.write(`S ${id} ${payload.length}\n`);
    spawner.stdin.write(payload);
    return started;
  }

  /** Ends the spawner: it exits once its control channel closes (its makers' bwraps with it). */
  close(): void {
    this.#process?.stdin.end();
    this.#process = undefined;
  }

  #spawner(env: NodeJS.ProcessEnv): ChildProcessWithoutNullStreams {
    if (this.#process && this.#process.exitCode === null && this.#process.signalCode === null) return this.#process;
    const child = spawn(this.#perl, ["-e", `${MAKE_SUB}${this.#program}`, "--", this.#dir], {
      stdio: ["pipe", "pipe", "pipe"],
      env,
    });
    this.#process = child;
    this.#buffer = "";
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    child.stdin.on("error", () => {});
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => this.#events(chunk));
    const gone = (why: string) => {
      if (this.#process === child) this.#process = undefined;
      const error = new Error(`the sandbox spawner ended (${why})${stderr.trim() ? `: ${stderr.trim()}` : ""}`);
      for (const [id, pending] of this.#pending) {
        this.#pending.delete(id);
        pending.reject(error);
      }
      for (const [id, spawned] of this.#children) {
        this.#children.delete(id);
        spawned.lost(error);
      }
    };
    child.once("error", (error) => gone(error.message));
    child.once("close", (code, signal) => gone(signal ?? `exit ${code}`));
    return child;
  }

  #events(chunk: string): void {
    this.#buffer += chunk;
    let newline: number;
    while ((newline = this.#buffer.indexOf("\n")) >= 0) {
      const line = this.#buffer.slice(0, newline);
      this.#buffer = this.#buffer.slice(newline + 1);
      const [op, id = "", ...rest] = line.split(" ");
      if (op === "P") this.#started(id, Number(rest[0]));
      else if (op === "X") {
        const child = this.#children.get(id);
        this.#children.delete(id);
        child?.exited(Number(rest[0]));
      } else if (op === "E") {
        const pending = this.#pending.get(id);
        this.#pending.delete(id);
        pending?.reject(new Error(rest.join(" ")));
      }
    }
  }

  /** The maker is forked and holds its ends: the gate opens its own, then lets the spawner let go of them. */
  #started(id: string, pid: number): void {
    const pending = this.#pending.get(id);
    this.#pending.delete(id);
    if (!pending) return;
    const base = join(this.#dir, id);
    let child: SpawnedChild;
    const fds: number[] = [];
    try {
      const open = (suffix: string, flags: number) => {
        const fd = openSync(`${base}.${suffix}`, flags | constants.O_NONBLOCK);
        fds.push(fd);
        return fd;
      };
      const stdin = new Socket({ fd: open("in", constants.O_WRONLY), readable: false, writable: true });
      const stdout = new Socket({ fd: open("out", constants.O_RDONLY), readable: true, writable: false });
      const stderr = new Socket({ fd: open("err", constants.O_RDONLY), readable: true, writable: false });
      child = new SpawnedChild(pid, { stdin, stdout, stderr }, (signal) =>
        this.#process?.stdin.write(`K ${id} ${osConstants.signals[signal] ?? 9}\n`),
      );
    } catch (error) {
      for (const fd of fds) closeSync(fd);
      this.#process?.stdin.write(`K ${id} 9\nO ${id}\n`);
      pending.reject(new Error(`cannot open the sandbox's stdio: ${(error as Error).message}`));
      return;
    }
    this.#children.set(id, child);
    this.#process?.stdin.write(`O ${id}\n`);
    pending.resolve(child);
  }
}
