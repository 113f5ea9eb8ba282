// The bench's results-reader figure: how long the gate's own event loop spends reading one hostile JUnit
// file, the largest it reads (8 MiB): testsuites nested hundreds of thousands deep, no file attribute on
// any (so every case looks for one), tens of thousands of cases inside, and megabyte-long attributes. No
// other candidate's clock can fire meanwhile; it was quadratic in the nesting (21 s for 1.5 MB).
import { performance } from "node:perf_hooks";
import { MAX_RESULTS_FILE_BYTES, readTestResults } from "../../src/verdict/results/read.js";
import { junit } from "../../src/verdict/results/junit.js";

/** A hostile JUnit file of just under `bytes`: deep nesting, many cases, long attributes. */
export function hostileJunit(bytes = MAX_RESULTS_FILE_BYTES): Buffer {
  const cases = Array.from({ length: 30_000 }, (_, i) => `<testcase name="t${i}"/>`).join("");
  const long = `<testcase classname="${"c".repeat(MiB)}" name="${"n".repeat(MiB)}"><failure message="${"m".repeat(MiB)}"/></testcase>`;
  const wrapper = "<testsuites></testsuites>";
  const pair = "<testsuite></testsuite>".length;
  const depth = Math.floor((bytes - wrapper.length - cases.length - long.length) / pair);
  const xml = `<testsuites>${"<testsuite>".repeat(depth)}${cases}${long}${"</testsuite>".repeat(depth)}</testsuites>`;
  return Buffer.from(xml);
}
const MiB = 1024 * 1024;

export interface ResultsFigures {
  bytes: number;
  cases: number;
  /** Each round's reading time, ms. */
  ms: number[];
  /** Each round's CPU time (user + system), ms: what the reading costs on a machine other work shares. */
  cpuMs: number[];
  /** How far the process's RSS grew over the rounds, MB: the parse's garbage, which V8 gives back late. */
  rssGrowthMb: number;
}

export function resultsBench(rounds: number): ResultsFigures {
  const data = hostileJunit();
  const ms: number[] = [];
  const cpuMs: number[] = [];
  let cases = 0;
  const rssBefore = process.memoryUsage.rss();
  let rssPeak = rssBefore;
  for (let round = 0; round < rounds; round++) {
    const [start, cpu] = [performance.now(), process.cpuUsage()];
    const { tests } = readTestResults([{ path: "hostile.xml", data }], junit);
    ms.push(Math.round(performance.now() - start));
    const used = process.cpuUsage(cpu);
    cpuMs.push(Math.round((used.user + used.system) / 1000));
    cases = tests.counts.passed + tests.counts.failed;
    rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
  }
  return { bytes: data.byteLength, cases, ms, cpuMs, rssGrowthMb: Math.round((rssPeak - rssBefore) / 1024 / 1024) };
}
