import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readlinkSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  PhaseParser,
  checkMarker,
  cpuMarker,
  driverArgv,
  driverInput,
  newNonce,
  resultsMarker,
  runMarker,
  verdictMarker,
  writeInput,
} from "../../src/sandbox/driver.js";
import { VERDICT_ENV } from "../../src/core/verdict-channel.js";
import { tarPieces, tarball } from "../../src/core/tar/pack.js";
import { untar } from "../../src/core/tar/unpack.js";
import { cpuStampUs } from "../../src/sandbox/cgroup-meter.js";

const NONCE = newNonce();
const CHECK_MARKER = checkMarker(NONCE);
const RUN_MARKER = runMarker(NONCE);

interface Parsed {
  parser: PhaseParser;
  runOutput: string;
  /** Bytes of run output already delivered when onRun fired; -1 if it never did. */
  runOutputAtStart: number;
  runCalls: number;
}

function parse(chunks: (string | Buffer)[], maxTextBytes?: number, maxResultsBytes?: number): Parsed {
  const out: Buffer[] = [];
  const parsed = { runOutput: "", runOutputAtStart: -1, runCalls: 0 };
  const parser = new PhaseParser({
    nonce: NONCE,
    onRunOutput: (chunk) => out.push(Buffer.from(chunk)),
    onRun: () => {
      parsed.runCalls++;
      parsed.runOutputAtStart = Buffer.concat(out).length;
    },
    maxTextBytes,
    ...(maxResultsBytes !== undefined && { maxResultsBytes }),
  });
  for (const chunk of chunks) parser.push(Buffer.from(chunk));
  parser.end();
  return { ...parsed, parser, runOutput: Buffer.concat(out).toString("utf8") };
}

/** Every way of cutting `stream` into two chunks. */
function splits(stream: string): [string, string][] {
  return Array.from({ length: stream.length + 1 }, (_, at) => [stream.slice(0, at), stream.slice(at)]);
}

describe("PhaseParser", () => {
  it("stays in setup and keeps the text when no marker comes", () => {
    const { parser, runOutput, runCalls } = parse(["docker: Error response from daemon: No such image: x\n"]);
    expect(parser.phase).toBe("setup");
    expect(parser.text).toBe("docker: Error response from daemon: No such image: x\n");
    expect(runOutput).toBe("");
    expect(runCalls).toBe(0);
  });

  it("tracks setup → check → run and keeps only the checker's text", () => {
    const { parser, runOutput, runCalls } = parse([
      `tar: chatter\n${CHECK_MARKER}checker says ok\n${RUN_MARKER}Traceback (most recent call last)\n`,
    ]);
    expect(parser.phase).toBe("run");
    expect(parser.text).toBe("checker says ok\n");
    expect(runOutput).toBe("Traceback (most recent call last)\n");
    expect(runCalls).toBe(1);
  });

  it("stops in check with the checker's complaint when the run marker never comes", () => {
    const { parser } = parse([CHECK_MARKER, '{"message": "invalid syntax", "line": 2}\n']);
    expect(parser.phase).toBe("check");
    expect(parser.text).toBe('{"message": "invalid syntax", "line": 2}\n');
  });

  it("goes straight from setup to run when there is no check", () => {
    const { parser, runOutput } = parse([RUN_MARKER, "err"]);
    expect(parser.phase).toBe("run");
    expect(runOutput).toBe("err");
  });

  it.each(splits(`a${CHECK_MARKER}bad${RUN_MARKER}out`))(
    "finds markers cut anywhere across chunks (%j | %j)",
    (first, second) => {
      const { parser, runOutput, runCalls } = parse([first, second]);
      expect(parser.phase).toBe("run");
      expect(parser.text).toBe("bad");
      expect(runOutput).toBe("out");
      expect(runCalls).toBe(1);
    },
  );

  it("finds markers fed one byte at a time", () => {
    const { parser, runOutput } = parse([...`${CHECK_MARKER}x${RUN_MARKER}yz`]);
    expect([parser.phase, parser.text, runOutput]).toEqual(["run", "x", "yz"]);
  });

  it("starts the clock before passing on output that came in the marker's chunk", () => {
    const { runOutputAtStart, runOutput } = parse([`${RUN_MARKER}early`]);
    expect(runOutputAtStart).toBe(0);
    expect(runOutput).toBe("early");
  });

  it("treats a separator byte that starts no marker as text", () => {
    const { parser } = parse(["a\x1eb\x1esandbox-gate:other\n"]);
    expect(parser.phase).toBe("setup");
    expect(parser.text).toBe("a\x1eb\x1esandbox-gate:other\n");
  });

  it("treats a marker cut off by the end of the stream as text", () => {
    const partial = RUN_MARKER.slice(0, 8);
    const { parser } = parse(["oops", partial]);
    expect(parser.phase).toBe("setup");
    expect(parser.text).toBe(`oops${partial}`);
  });

  it("ignores a check marker once the check has begun", () => {
    const { parser } = parse([CHECK_MARKER, `x${CHECK_MARKER}y`]);
    expect(parser.phase).toBe("check");
    expect(parser.text).toBe(`x${CHECK_MARKER}y`);
  });

  it("passes everything after the run marker on untouched, markers and bad bytes included", () => {
    const after = Buffer.concat([Buffer.from(`${CHECK_MARKER}${RUN_MARKER}`), Buffer.from([0xff, 0x00])]);
    const chunks: Buffer[] = [];
    const parser = new PhaseParser({ nonce: NONCE, onRunOutput: (chunk) => chunks.push(Buffer.from(chunk)) });
    parser.push(Buffer.from(RUN_MARKER));
    parser.push(after);
    expect(Buffer.concat(chunks)).toEqual(after);
    expect(parser.text).toBe("");
  });

  // What a checker that echoes the source would print for a candidate that knows the marker format.
  it.each([
    ["without a nonce", "\x1esandbox-gate:run\n"],
    ["with another run's nonce", runMarker(newNonce())],
  ])("takes a run marker %s for text", (_, forged) => {
    const { parser, runCalls } = parse([CHECK_MARKER, `solution.js:1\n${forged}\nSyntaxError\n`]);
    expect(parser.phase).toBe("check");
    expect(runCalls).toBe(0);
    expect(parser.text).toBe(`solution.js:1\n${forged}\nSyntaxError\n`);
  });

  it("draws a fresh nonce each time", () => {
    expect(newNonce()).toMatch(/^[0-9a-f]{32}$/);
    expect(newNonce()).not.toBe(newNonce());
  });

  it("keeps its own text bounded", () => {
    const { parser } = parse([CHECK_MARKER, "x".repeat(100)], 10);
    expect(parser.text).toBe("x".repeat(10));
  });
});

// The script itself, run by the host's sh and tar; the container tests run it for real.
describe("PhaseParser's results", () => {
  const RESULTS_MARKER = resultsMarker(NONCE);
  const tar = "TAR\x00BYTES\x1e";

  it("passes the candidate's stderr on until the results marker, then keeps the tar apart", () => {
    for (const [a, b] of splits(`${RUN_MARKER}err${RESULTS_MARKER}${tar}`)) {
      const { parser, runOutput } = parse([a, b], undefined, 1024);
      expect(runOutput).toBe("err");
      expect(parser.results).toEqual({ bytes: Buffer.from(tar), truncated: false });
    }
  });

  it("has no results when the marker never came (the command was killed), and loses none of the output", () => {
    const partial = RESULTS_MARKER.slice(0, -3);
    const { parser, runOutput } = parse([RUN_MARKER, "err", partial], undefined, 1024);
    expect(parser.results).toBeUndefined();
    expect(runOutput).toBe(`err${partial}`);
  });

  it("takes a results marker with another nonce for the candidate's text", () => {
    const forged = resultsMarker(newNonce());
    const { parser, runOutput } = parse([RUN_MARKER, `${forged}fake`], undefined, 1024);
    expect(parser.results).toBeUndefined();
    expect(runOutput).toBe(`${forged}fake`);
  });

  it("keeps the tar up to its cap and says it was cut", () => {
    const { parser } = parse([RUN_MARKER, RESULTS_MARKER, "x".repeat(100), "y".repeat(100)], undefined, 150);
    expect(parser.results?.bytes.length).toBe(150);
    expect(parser.results?.truncated).toBe(true);
  });

  it("looks for no results marker when none are expected", () => {
    const { parser, runOutput } = parse([RUN_MARKER, `${RESULTS_MARKER}x`]);
    expect(parser.results).toBeUndefined();
    expect(runOutput).toBe(`${RESULTS_MARKER}x`);
  });
});

describe("the driver script", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  const files = tarPieces([
    { path: "solution.sh", content: "echo ran > ran.txt; echo out; echo err >&2\n" },
    { path: "lib/data.txt", content: "data\n" },
  ]);

  interface DriverRun {
    code: number | null;
    stdout: string;
    parsed: Parsed;
    dir: string;
  }

  interface DriverJob {
    command: string;
    check?: string[];
    input?: Uint8Array[];
    /** Leave stdin open after the input, as a live attach would. */
    holdStdin?: boolean;
    /** The base tree's archive, as the run image holds it. */
    tree?: string;
    /** The results' find patterns. */
    results?: string[];
  }

  function runDriver({
    command,
    check = [],
    input = driverInput(NONCE, files),
    holdStdin = false,
    tree,
    results,
  }: DriverJob): Promise<DriverRun> {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-gate-driver-"));
    dirs.push(dir);
    const [sh, ...args] = driverArgv(command, check, tree, results);
    const child = spawn(sh!, args, { cwd: dir, stdio: ["pipe", "pipe", "pipe"] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    if (holdStdin) {
      for (const piece of input) child.stdin.write(piece);
      child.on("exit", () => child.stdin.destroy());
    } else {
      writeInput(child.stdin, input);
    }
    return new Promise((resolve, reject) => {
      child.on("error", reject);
      child.on("close", (code) => {
        const parsed = parse(stderr, undefined, results ? 1024 * 1024 : undefined);
        resolve({ code, stdout: Buffer.concat(stdout).toString("utf8"), parsed, dir });
      });
    });
  }

  it("starts from the base tree: unpacks its archive, deletes what the patch deletes, then the changed files", async () => {
    const at = mkdtempSync(join(tmpdir(), "sandbox-gate-driver-base-"));
    dirs.push(at);
    const tree = join(at, "tree.tar");
    writeFileSync(
      tree,
      tarball([
        { path: "pkg/kept.py", content: "kept\n" },
        { path: "pkg/gone.py", content: "gone\n" },
        { path: "changed.txt", content: "old\n" },
        { path: "alias.py", content: "", linkTarget: "pkg/kept.py" },
      ]),
    );
    const changed = tarPieces([{ path: "changed.txt", content: "new\n" }]);
    const { code, stdout, dir } = await runDriver({
      command: "find . | sort; cat changed.txt",
      tree,
      input: driverInput(NONCE, changed, ["pkg/gone.py"]),
    });
    expect(code).toBe(0);
    expect(stdout).toBe(".\n./alias.py\n./changed.txt\n./pkg\n./pkg/kept.py\nnew\n");
    expect(readlinkSync(join(dir, "alias.py"))).toBe("pkg/kept.py");
  });

  it("fails as ours, before the command, when the base tree's archive cannot be unpacked", async () => {
    const at = mkdtempSync(join(tmpdir(), "sandbox-gate-driver-base-"));
    dirs.push(at);
    const tree = join(at, "tree.tar");
    writeFileSync(tree, "not an archive\n".repeat(64));
    const { code, stdout, parsed } = await runDriver({ command: "echo ran", tree });
    expect(code).toBe(125);
    expect(stdout).toBe("");
    expect(parsed.runCalls).toBe(0);
    expect(parsed.parser.text).toContain(`sandbox-gate: could not unpack the base tree ${tree} into`);
  });

  it("sends the files the results' patterns match after the command, and exits with the command's status", async () => {
    const { code, stdout, parsed } = await runDriver({
      command: "mkdir -p out/deep; echo '<a/>' > out/deep/r.xml; echo x > other.txt; echo err >&2; cat; exit 3",
      results: ["out/*/r.xml", "missing/*.xml"],
      holdStdin: true,
    });
    expect(code).toBe(3);
    expect(stdout).toBe("");
    expect(parsed.runOutput).toBe("err\n");
    const { files, notes } = untar(parsed.parser.results!.bytes);
    expect(notes).toEqual([]);
    expect(files.map((f) => [f.path, f.data.toString()])).toEqual([["out/deep/r.xml", "<a/>\n"]]);
  });

  it("sends an empty archive when nothing matches", async () => {
    const { code, parsed } = await runDriver({ command: "true", results: ["*.xml"] });
    expect(code).toBe(0);
    expect(untar(parsed.parser.results!.bytes)).toEqual({ files: [], notes: [] });
  });

  it("unpacks the files and runs the command with the run marker before its stderr", async () => {
    const { code, stdout, parsed, dir } = await runDriver({ command: "sh solution.sh && cat lib/data.txt" });
    expect(code).toBe(0);
    expect(stdout).toBe("out\ndata\n");
    expect(parsed.parser.phase).toBe("run");
    expect(parsed.runOutput).toBe("err\n");
    expect(existsSync(join(dir, "ran.txt"))).toBe(true);
  });

  it("gives the command EOF on stdin although the pipe stays open", async () => {
    const { code, stdout } = await runDriver({ command: "cat; echo eof", holdStdin: true });
    expect(code).toBe(0);
    expect(stdout).toBe("eof\n");
  });

  it("sends the checker's stdout and stderr to stderr and runs the command after a passing check", async () => {
    const { stdout, parsed } = await runDriver({
      command: "echo run",
      check: ["sh", "-c", "echo fine; echo warn >&2"],
    });
    expect(stdout).toBe("run\n");
    expect(parsed.parser.phase).toBe("run");
    expect(parsed.parser.text).toBe("fine\nwarn\n");
  });

  it("stops with the checker's exit code and never runs the command after a failing check", async () => {
    const { code, stdout, parsed, dir } = await runDriver({
      command: "sh solution.sh",
      check: ["sh", "-c", "echo bad; exit 3"],
    });
    expect(code).toBe(3);
    expect(stdout).toBe("");
    expect(parsed.parser.phase).toBe("check");
    expect(parsed.parser.text).toBe("bad\n");
    expect(existsSync(join(dir, "ran.txt"))).toBe(false);
  });

  it("passes the check argv verbatim, never through a shell", async () => {
    const argv = ["a b", "$(echo injected)", "'quoted'", "semi;colon", "*"];
    const { parsed } = await runDriver({ command: "true", check: ["sh", "-c", 'printf "%s|" "$@"', "sh", ...argv] });
    expect(parsed.parser.text).toBe(`${argv.join("|")}|`);
  });

  // The checker needs it to mark its verdict, and nothing of the candidate runs while it does.
  it("hands the nonce to the checker alone, never to the command's environment", async () => {
    const { stdout, parsed } = await runDriver({ command: "env", check: ["env"] });
    expect(parsed.parser.phase).toBe("run");
    expect(parsed.parser.text.split("\n").filter((line) => line.includes(NONCE))).toEqual([`${VERDICT_ENV}=${NONCE}`]);
    expect(stdout).not.toContain(NONCE);
  });

  // A language's checkAndRun: one process checks, writes the run marker with the nonce it was given, and runs.
  const RUNS_COMMAND = [
    "sh",
    "-c",
    `[ "$1" = ok ] || { echo bad >&2; exit 3; }; printf '${runMarker("").trimEnd()}%s\\n' "$${VERDICT_ENV}" >&2; ` +
      `unset ${VERDICT_ENV}; echo ran; echo err >&2; env`,
    "checker",
  ];

  // The driver reads the CPU counter its /sys shows (here the host's own, as a sandbox shows its own cgroup).
  const counterShown = [
    "/sys/fs/cgroup/cpu.stat",
    "/sys/fs/cgroup/unified/cpu.stat",
    "/sys/fs/cgroup/cpuacct/cpuacct.usage",
  ].some((file) => existsSync(file));

  it.each([
    ["the run marker", { command: "sh solution.sh" }],
    ["a check that runs the command", { command: "", check: [...RUNS_COMMAND, "ok"] }],
  ])("stamps the CPU counter just before %s, and the stamp is no process's output", async (_, job) => {
    const { code, stdout, parsed } = await runDriver(job);
    expect(code).toBe(0);
    expect(parsed.parser.phase).toBe("run");
    expect(parsed.parser.text).toBe("");
    expect(stdout).not.toContain("sandbox-gate:cpu");
    expect(parsed.runOutput).toBe("err\n");
    const stamp = parsed.parser.cpuStamp;
    if (!counterShown) return expect(stamp).toBeUndefined();
    expect(cpuStampUs(stamp!), stamp).toBeDefined();
  });

  it("lets a check that runs the command write the run marker, with the nonce in its environment alone", async () => {
    const { code, stdout, parsed } = await runDriver({ command: "", check: [...RUNS_COMMAND, "ok"] });
    expect(code).toBe(0);
    expect(parsed.parser.phase).toBe("run");
    expect(parsed.parser.text).toBe("");
    expect(stdout.startsWith("ran\n")).toBe(true);
    expect(stdout).not.toContain(NONCE);
    expect(parsed.runOutput).toBe("err\n");
  });

  it("stays in check with the checker's complaint when a check that runs the command fails", async () => {
    const { code, stdout, parsed } = await runDriver({ command: "", check: [...RUNS_COMMAND, "broken"] });
    expect(code).toBe(3);
    expect(stdout).toBe("");
    expect(parsed.parser.phase).toBe("check");
    expect(parsed.parser.text).toBe("bad\n");
  });

  it("stays in setup and says why when no nonce line comes", async () => {
    const { code, parsed } = await runDriver({ command: "echo never", input: [] });
    expect(code).toBe(125);
    expect(parsed.parser.phase).toBe("setup");
    expect(parsed.parser.text).toBe("sandbox-gate: no marker nonce on stdin\n");
  });

  it("stays in setup and says why when the input is not a tar", async () => {
    const { code, parsed } = await runDriver({
      command: "echo never",
      input: driverInput(NONCE, [Buffer.alloc(10240, "x")]),
    });
    expect(code).not.toBe(0);
    expect(parsed.parser.phase).toBe("setup");
    expect(parsed.parser.text).toMatch(/sandbox-gate: could not unpack the files into .* \(tar exited with \d+\)/);
  });
});

describe("the checker's verdict channel", () => {
  const VERDICT = '{"message": "invalid syntax", "line": 3}';

  it("takes the line after the verdict marker, apart from the checker's text", () => {
    const { parser } = parse([CHECK_MARKER, "warning: some text\n", verdictMarker(NONCE), `${VERDICT}\n`, "more text"]);
    expect(parser.verdict).toBe(VERDICT);
    expect(parser.text).toBe("warning: some text\nmore text");
  });

  it.each(splits(`${CHECK_MARKER}${verdictMarker(NONCE)}${VERDICT}\nafter`))("reads it split anywhere: %j", (a, b) => {
    const { parser } = parse([a, b]);
    expect(parser.verdict).toBe(VERDICT);
    expect(parser.text).toBe("after");
  });

  it("ignores a verdict marker with another nonce: that is the candidate's text", () => {
    const forged = `${verdictMarker(newNonce())}{"message": "forged"}\n`;
    const { parser } = parse([CHECK_MARKER, forged]);
    expect(parser.verdict).toBeUndefined();
    expect(parser.text).toBe(forged);
  });

  it("takes no verdict outside the check, nor after the run marker", () => {
    expect(parse([verdictMarker(NONCE), `${VERDICT}\n`]).parser.verdict).toBeUndefined();
    const after = parse([CHECK_MARKER, RUN_MARKER, verdictMarker(NONCE), `${VERDICT}\n`]);
    expect(after.parser.verdict).toBeUndefined();
    expect(after.runOutput).toBe(`${verdictMarker(NONCE)}${VERDICT}\n`);
  });
});

describe("the driver's CPU stamp", () => {
  const CPU_MARKER = cpuMarker(NONCE);

  it("takes the line after the cpu marker in set-up or the check, apart from our text", () => {
    expect(parse([CPU_MARKER, "u1234\n", RUN_MARKER]).parser.cpuStamp).toBe("u1234");
    const checked = parse([CHECK_MARKER, "a checker's note\n", CPU_MARKER, "a98765\n", RUN_MARKER, "out"]);
    expect(checked.parser.cpuStamp).toBe("a98765");
    expect(checked.parser.text).toBe("a checker's note\n");
    expect(checked.runOutput).toBe("out");
  });

  it.each(splits(`${CPU_MARKER}u1234\n${RUN_MARKER}after`))("reads it split anywhere: %j", (a, b) => {
    const { parser, runOutput } = parse([a, b]);
    expect(parser.cpuStamp).toBe("u1234");
    expect(runOutput).toBe("after");
  });

  it("has none while its line is open, and keeps a long line bounded (no stamp reads it)", () => {
    expect(parse([CPU_MARKER, "u12"]).parser.cpuStamp).toBeUndefined();
    const long = parse([CPU_MARKER, `u${"1".repeat(100)}\n`, RUN_MARKER]).parser.cpuStamp;
    expect(long!.length).toBeLessThanOrEqual(64);
    expect(cpuStampUs(long!)).toBeUndefined();
  });

  it("takes none with another nonce, nor after the run marker: that is the candidate's text", () => {
    const forged = `${cpuMarker(newNonce())}u1\n`;
    expect(parse([forged, RUN_MARKER]).parser.cpuStamp).toBeUndefined();
    const after = parse([RUN_MARKER, CPU_MARKER, "u1\n"]);
    expect(after.parser.cpuStamp).toBeUndefined();
    expect(after.runOutput).toBe(`${CPU_MARKER}u1\n`);
  });
});
