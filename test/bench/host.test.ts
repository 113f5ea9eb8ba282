// The host facts a bench figure is printed with: page-table isolation and the CPU mitigations are read as
// the kernel states them, and a host that states none says so rather than passing for an unmitigated one.
import { describe, expect, it } from "vitest";
import { busyCpuSeconds, cpuPerCandidate, formatHostFacts, hostFacts } from "../../scripts/bench/host.js";

const cpuinfo = (model: string, flags: string, n = 2) =>
  Array.from({ length: n }, (_, i) => `processor\t: ${i}\nmodel name\t: ${model}\nflags\t\t: ${flags}\n`).join("\n");

const reader = (files: Record<string, string>) => (path: string) => files[path];
const VULN = "/sys/devices/system/cpu/vulnerabilities";

describe("hostFacts", () => {
  it("reads a PTI host: the model, the cores, the kernel and each mitigation", () => {
    const facts = hostFacts(
      reader({
        "/proc/cpuinfo": cpuinfo("AMD EPYC", "fpu sse2 pti ibpb"),
        "/proc/sys/kernel/osrelease": "6.1.0\n",
        "/proc/loadavg": "0.52 0.40 0.31 1/123 4567\n",
        [`${VULN}/meltdown`]: "Mitigation: PTI\n",
        [`${VULN}/spectre_v2`]: "Mitigation: Retpolines; STIBP: disabled\n",
      }),
    );
    expect(facts).toEqual({
      cpuModel: "AMD EPYC",
      cores: 2,
      kernel: "6.1.0",
      pti: true,
      load: "0.52 0.40 0.31",
      mitigations: { meltdown: "Mitigation: PTI", spectre_v2: "Mitigation: Retpolines; STIBP: disabled" },
    });
    expect(formatHostFacts(facts)).toEqual([
      "host: AMD EPYC, 2 cores, kernel 6.1.0, page-table isolation on",
      "  load at the start: 0.52 0.40 0.31 (CPU-s figures are the whole machine's busy time, others' work included)",
      "  meltdown: Mitigation: PTI",
      "  spectre_v2: Mitigation: Retpolines; STIBP: disabled",
    ]);
  });

  it("takes the pti flag alone for isolation forced on a CPU meltdown does not affect", () => {
    const facts = hostFacts(
      reader({ "/proc/cpuinfo": cpuinfo("AMD EPYC", "fpu pti"), [`${VULN}/meltdown`]: "Not affected" }),
    );
    expect(facts.pti).toBe(true);
  });

  it("says off when neither the flag nor meltdown's line names it", () => {
    const facts = hostFacts(
      reader({ "/proc/cpuinfo": cpuinfo("Intel Xeon", "fpu sse2", 4), [`${VULN}/meltdown`]: "Not affected" }),
    );
    expect(facts.pti).toBe(false);
    expect(formatHostFacts(facts)[0]).toBe("host: Intel Xeon, 4 cores, kernel unknown, page-table isolation off");
  });

  it("says unknown, not off, where the kernel states nothing", () => {
    const facts = hostFacts(reader({}));
    expect(facts.pti).toBe("unknown");
    expect(formatHostFacts(facts)).toEqual([
      "host: unknown, 0 cores, kernel unknown, page-table isolation unknown",
      "  load at the start: unknown (CPU-s figures are the whole machine's busy time, others' work included)",
      "  CPU vulnerabilities: not stated by this kernel",
    ]);
  });
});

describe("the CPU figures", () => {
  it("adds the busy fields of /proc/stat's first line, idle and iowait aside", () => {
    // user nice system idle iowait irq softirq steal
    expect(busyCpuSeconds("cpu  100 20 300 9000 50 7 3 10 0 0\ncpu0 1 2 3\n")).toBeCloseTo(4.4);
  });

  it("gives CPU seconds per candidate, and none for no candidates", () => {
    expect(cpuPerCandidate(8.4, 321)).toBe("0.03");
    expect(cpuPerCandidate(1, 0)).toBe("-");
  });
});
