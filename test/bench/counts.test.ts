// The bench's counts of what a candidate costs the host: the kernel's counters and files read as the kernel
// writes them, and a count that could not be taken said so rather than printed as zero.
import { describe, expect, it } from "vitest";
import {
  type Costs,
  acctRecords,
  addCosts,
  decodeComp,
  execTally,
  formatCosts,
  ioSyscalls,
  perfCounts,
  procCounters,
} from "../../scripts/bench/counts.js";

describe("procCounters", () => {
  it("reads /proc/stat's processes (forks and clones) and ctxt (context switches)", () => {
    const stat = "cpu  1 2 3 4 5 6 7 8 0 0\ncpu0 1 2 3 4\nintr 99 1 2\nctxt 4895539\nbtime 1\nprocesses 42406\n";
    expect(procCounters(stat)).toEqual({ forks: 42406, switches: 4895539 });
  });

  it("names the line a /proc/stat lacks", () => {
    expect(() => procCounters("cpu  1 2 3\nctxt 5\n")).toThrow(/no "processes" line/);
  });
});

describe("ioSyscalls", () => {
  it("adds syscr and syscw", () => {
    expect(ioSyscalls("rchar: 10\nwchar: 20\nsyscr: 300\nsyscw: 45\nread_bytes: 0\n")).toBe(345);
  });

  it("is undefined when either is missing or not a count", () => {
    expect(ioSyscalls("syscr: 300\n")).toBeUndefined();
    expect(ioSyscalls("syscr: 300\nsyscw: x\n")).toBeUndefined();
    expect(ioSyscalls("")).toBeUndefined();
  });
});

/** One acct v3 record as the kernel lays it out (include/uapi/linux/acct.h). */
function record(command: string, { flag = 0, utime = 0, stime = 0, version = 3 } = {}): Buffer {
  const bytes = Buffer.alloc(64);
  bytes.writeUInt8(flag, 0);
  bytes.writeUInt8(version, 1);
  bytes.writeUInt32LE(1234, 16); // ac_pid, to show the fields around are not read as the name
  bytes.writeUInt16LE(utime, 32);
  bytes.writeUInt16LE(stime, 34);
  bytes.write(command, 48, 16, "latin1");
  return bytes;
}

describe("decodeComp", () => {
  it("is the mantissa times 8 to the exponent", () => {
    expect(decodeComp(0)).toBe(0);
    expect(decodeComp(7)).toBe(7);
    expect(decodeComp(0x1fff)).toBe(8191);
    expect(decodeComp((1 << 13) | 5)).toBe(40);
    expect(decodeComp((2 << 13) | 3)).toBe(192);
  });
});

describe("acctRecords", () => {
  it("reads each record's command, whether it exec'd, and its user + system time in seconds", () => {
    const file = Buffer.concat([
      record("runc", { utime: 3, stime: 2 }),
      record("dockerd", { flag: 0x01 }),
      record("containerd-shim", { utime: (1 << 13) | 2 }),
    ]);
    expect(acctRecords(file)).toEqual([
      { command: "runc", exec: true, cpuSeconds: 0.05 },
      { command: "dockerd", exec: false, cpuSeconds: 0 },
      { command: "containerd-shim", exec: true, cpuSeconds: 0.16 },
    ]);
  });

  it("skips records of another version and a torn record at the end", () => {
    const file = Buffer.concat([record("old", { version: 2 }), record("python3"), Buffer.alloc(10)]);
    expect(acctRecords(file).map((r) => r.command)).toEqual(["python3"]);
  });

  it("reads a slice of a larger buffer from its own start", () => {
    const whole = Buffer.concat([record("bwrap"), record("python3")]);
    expect(acctRecords(whole.subarray(64)).map((r) => r.command)).toEqual(["python3"]);
  });
});

describe("execTally", () => {
  it("counts and times the processes that exec'd by command, leaving out forks that never did", () => {
    const tally = execTally([
      { command: "runc", exec: true, cpuSeconds: 0.02 },
      { command: "runc", exec: true, cpuSeconds: 0.01 },
      { command: "node", exec: false, cpuSeconds: 1 },
      { command: "python3", exec: true, cpuSeconds: 0.1 },
    ]);
    expect(tally.execs).toBe(3);
    expect(Object.fromEntries(tally.byCommand)).toEqual({
      runc: { count: 2, cpuSeconds: 0.03 },
      python3: { count: 1, cpuSeconds: 0.1 },
    });
  });
});

describe("perfCounts", () => {
  it("reads perf stat's CSV, leaving out what it did not count", () => {
    const text = [
      "2960,,raw_syscalls:sys_enter,1008321059,100.00,,",
      "<not counted>,,sched:sched_process_exec,0,0.00,,",
      "",
    ].join("\n");
    expect(Object.fromEntries(perfCounts(text))).toEqual({ "raw_syscalls:sys_enter": 2960 });
    expect(perfCounts("event syntax error: 'raw_syscalls:sys_enter'").size).toBe(0);
  });
});

const costs = (over: Partial<Costs> = {}): Costs => ({
  forks: 40,
  switches: 900,
  ownSyscalls: 300,
  execs: {
    execs: 6,
    byCommand: new Map([
      ["runc", { count: 4, cpuSeconds: 0.08 }],
      ["python3", { count: 2, cpuSeconds: 0.2 }],
    ]),
  },
  syscalls: 30000,
  ...over,
});

describe("addCosts", () => {
  it("adds every count and each command's", () => {
    const sum = addCosts(
      costs(),
      costs({ execs: { execs: 1, byCommand: new Map([["bwrap", { count: 1, cpuSeconds: 0 }]]) } }),
    );
    expect(sum.forks).toBe(80);
    expect(sum.switches).toBe(1800);
    expect(sum.ownSyscalls).toBe(600);
    expect(sum.syscalls).toBe(60000);
    expect(sum.execs).toEqual({
      execs: 7,
      byCommand: new Map([
        ["runc", { count: 4, cpuSeconds: 0.08 }],
        ["python3", { count: 2, cpuSeconds: 0.2 }],
        ["bwrap", { count: 1, cpuSeconds: 0 }],
      ]),
    });
  });

  it("keeps the reason a count is missing, whichever side lacks it", () => {
    const sum = addCosts(
      costs(),
      costs({ execs: "n/a (install acct)", syscalls: "n/a (--syscalls)", ownSyscalls: undefined }),
    );
    expect(sum.execs).toBe("n/a (install acct)");
    expect(sum.syscalls).toBe("n/a (--syscalls)");
    expect(sum.ownSyscalls).toBeUndefined();
    expect(addCosts(costs({ syscalls: "n/a (perf ended 1)" }), costs()).syscalls).toBe("n/a (perf ended 1)");
  });
});

describe("formatCosts", () => {
  it("gives each count per candidate, the commands most frequent first with their CPU", () => {
    expect(formatCosts(costs(), 2)).toBe(
      "20.0 forks, 450 context switches, 3.0 execs (runc 2.0 (40 ms), python3 1.0 (100 ms)), 15000 syscalls, bench process 150 r/w syscalls",
    );
  });

  it("cuts the commands at `top`, leaves out a CPU under half a ms, and says why a count is missing", () => {
    const line = formatCosts(costs({ execs: execTally([]), syscalls: "n/a (--syscalls)", ownSyscalls: undefined }), 4);
    expect(line).toBe("10.0 forks, 225 context switches, 0.0 execs (), syscalls n/a (--syscalls)");
    const many = costs({
      execs: {
        execs: 3,
        byCommand: new Map([
          ["sh", { count: 1, cpuSeconds: 0 }],
          ["runc", { count: 2, cpuSeconds: 0 }],
        ]),
      },
    });
    expect(formatCosts(many, 1, 1)).toContain("3.0 execs (runc 2.0, …)");
    expect(formatCosts(costs({ execs: "n/a (install acct)" }), 1)).toContain("execs n/a (install acct)");
  });

  it("says there is nothing per candidate when there were none", () => {
    expect(formatCosts(costs(), 0)).toBe("no candidates");
  });
});
