// The maker, run for real as root (CI runs as root; a developer's unit run as another user says so and
// fails, never skips): what the sandbox's command finds is what the old chain of tools gave it.
import { spawnSync } from "node:child_process";
import { chmodSync, closeSync, existsSync, mkdirSync, mkdtempSync, openSync, rmSync, rmdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MAKER_FAILED, type MakerJob, findTools, makerArgs } from "../../../../src/sandbox/engines/namespace/maker.js";
import { MS } from "../../../../src/sandbox/engines/namespace/namespace-config.js";

const tools = findTools();
if (typeof tools === "string") throw new Error(`the maker's tests need ${tools}`);
const perl = tools.perl;

/** Runs a maker whose command is `sh -c script`; stdio piped, fd 3 (the seccomp program's place) and 5 given. */
function make(job: Partial<MakerJob>, script: string) {
  const extra = openSync("/dev/null", "r");
  try {
    return spawnSync(
      perl,
      makerArgs({
        cgroupProcs: [],
        mounts: [],
        rlimits: [],
        user: { uid: 65534, gid: 65534, groups: [] },
        command: ["/bin/sh", "-c", script],
        ...job,
      }),
      { encoding: "utf8", env: { PATH: "/usr/bin:/bin" }, stdio: ["pipe", "pipe", "pipe", extra, "ignore", extra] },
    );
  } finally {
    closeSync(extra);
  }
}

/** A line of /proc/self/status, as the command read it. */
const field = (out: string, name: string) => new RegExp(`^${name}:[ \\t]*(.*)$`, "m").exec(out)?.[1]?.trim();

describe("the maker", () => {
  it("runs as root", () => {
    expect(process.getuid?.(), "the maker makes mounts and cgroups: run the tests as root (CI does)").toBe(0);
  });

  it("becomes the user for good: real, effective and saved ids, no groups, every capability set empty", () => {
    const run = make({}, "cat /proc/self/status");
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(field(run.stdout, "Uid")!.split(/\s+/)).toEqual(["65534", "65534", "65534", "65534"]);
    expect(field(run.stdout, "Gid")!.split(/\s+/)).toEqual(["65534", "65534", "65534", "65534"]);
    expect(field(run.stdout, "Groups")).toBe("");
    for (const set of ["CapInh", "CapPrm", "CapEff", "CapAmb"]) expect(field(run.stdout, set)).toBe("0000000000000000");
    const grouped = make({ user: { uid: 1000, gid: 1001, groups: [1001, 27] } }, "cat /proc/self/status");
    expect(field(grouped.stdout, "Uid")).toMatch(/^1000\s+1000\s+1000/);
    expect(field(grouped.stdout, "Groups")).toBe("27 1001");
  });

  it("mounts in a private namespace of its own, with the flags and data given, none of it on the host", () => {
    // The user must pass through every directory above the mount: not the suite's TMPDIR (root's alone in CI).
    const dir = mkdtempSync("/tmp/sandbox-gate-maker-");
    try {
      chmodSync(dir, 0o755);
      const point = join(dir, "work");
      mkdirSync(point);
      const run = make(
        {
          mounts: [
            {
              source: "sandbox-gate",
              target: point,
              type: "tmpfs",
              flags: MS.NOSUID | MS.NODEV | MS.NOEXEC,
              data: "size=1048576,mode=0700,uid=65534",
            },
          ],
        },
        `grep " ${point} " /proc/self/mountinfo; touch ${point}/f && echo wrote; stat -c %U:%a ${point}`,
      );
      expect(run.stderr).toBe("");
      const [mountinfo, wrote, owner] = run.stdout.trim().split("\n");
      expect(mountinfo).toMatch(
        / rw,nosuid,nodev,noexec,relatime - tmpfs sandbox-gate rw,size=1024k,mode=700,uid=65534/,
      );
      expect(wrote).toBe("wrote");
      expect(owner).toBe("nobody:700");
      expect(spawnSync("grep", [` ${point} `, "/proc/self/mountinfo"]).status, "not mounted on the host").toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("sets the rlimits, RLIM_INFINITY as unlimited, and docker's umask", () => {
    const umask = process.umask(0o077);
    try {
      const run = make(
        {
          rlimits: [
            { resource: 7, soft: 100, hard: 200 },
            { resource: 4, soft: 0, hard: 2 ** 64 },
          ],
        },
        "ulimit -Sn; ulimit -Hn; ulimit -Sc; ulimit -Hc; umask",
      );
      expect(run.stdout.trim().split("\n")).toEqual(["100", "200", "0", "unlimited", "0022"]);
    } finally {
      process.umask(umask);
    }
  });

  it("closes every inherited descriptor but stdio and the seccomp program's (3)", () => {
    const run = make({}, "for fd in 0 1 2 3 4 5; do [ -e /proc/$$/fd/$fd ] && echo $fd; done");
    expect(run.stdout.trim().split("\n")).toEqual(["0", "1", "2", "3"]);
  });

  it("joins the cgroups given before anything of the command runs", () => {
    const v1 = existsSync("/sys/fs/cgroup/pids/cgroup.procs");
    const dir = join(v1 ? "/sys/fs/cgroup/pids" : "/sys/fs/cgroup", `sandbox-gate-maker-${process.pid}`);
    mkdirSync(dir);
    try {
      const run = make({ cgroupProcs: [join(dir, "cgroup.procs")] }, "cat /proc/self/cgroup");
      expect(run.stdout).toMatch(new RegExp(`:/sandbox-gate-maker-${process.pid}$`, "m"));
    } finally {
      rmdirSync(dir);
    }
  });

  it("fails as the sandbox, exit 125 and one line naming what, when a mount, a cgroup or the command cannot be had", () => {
    const mount = make(
      { mounts: [{ source: "sandbox-gate", target: "/nonexistent/x", type: "tmpfs", flags: 0, data: "" }] },
      "echo ran",
    );
    expect([mount.status, mount.stdout, mount.stderr]).toEqual([
      MAKER_FAILED,
      "",
      "sandbox-gate: cannot mount tmpfs at /nonexistent/x: No such file or directory\n",
    ]);
    const cgroup = make({ cgroupProcs: ["/nonexistent/cgroup.procs"] }, "echo ran");
    expect(cgroup.status).toBe(MAKER_FAILED);
    expect(cgroup.stderr).toMatch(/^sandbox-gate: cannot join the sandbox's cgroup \(\/nonexistent\/cgroup.procs\): /);
    const missing = make({ command: ["/nonexistent"] }, "");
    expect([missing.status, missing.stderr]).toEqual([
      MAKER_FAILED,
      "sandbox-gate: cannot run /nonexistent: No such file or directory\n",
    ]);
  });
});
