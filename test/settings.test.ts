import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEFAULTS, fitConcurrency, parseDuration, parseSize, readSettings, type InputName } from "../src/settings.js";
import { inputError } from "./support/input-error.js";

const ctx = { defaultWorkdir: "/repo", defaultToken: "tok", cpuCount: 4, machineBytes: 16 * 1024 ** 3 };
const read = (inputs: Partial<Record<InputName, string>>) => readSettings((name) => inputs[name] ?? "", ctx);

describe("parseDuration", () => {
  it.each([
    ["500ms", 500],
    ["10s", 10_000],
    ["2m", 120_000],
    ["1.5s", 1500],
    ["3", 3000],
  ])("%s → %d ms", (value, ms) => expect(parseDuration("timeout", value)).toBe(ms));

  it.each(["-1", "0", "10x", "", "s", "1e9999s"])("rejects %j naming the input", (value) => {
    expect(inputError(() => parseDuration("timeout", value)).message).toMatch(/^Input 'timeout': /);
  });
});

describe("parseSize", () => {
  it.each([
    ["64k", 65_536],
    ["256m", 268_435_456],
    ["1g", 1_073_741_824],
    ["512", 512],
    ["256MiB", 268_435_456],
  ])("%s → %d bytes", (value, bytes) => expect(parseSize("memory", value)).toBe(bytes));

  it.each(["256q", "-5m", "m", "0"])("rejects %j", (value) => {
    expect(inputError(() => parseSize("memory", value)).input).toBe("memory");
  });
});

describe("readSettings", () => {
  it("gives the documented defaults", () => {
    const s = read({});
    expect(s).toMatchObject({
      source: "comments",
      authors: ["*[bot]"],
      language: "auto",
      pull: "missing",
      workdir: "/repo",
      timeoutMs: 10_000,
      memoryBytes: 256 * 1024 ** 2,
      cpus: 1,
      pidsLimit: 64,
      maxOutputBytes: 65_536,
      concurrency: 4,
      maxCandidates: 20,
      comment: true,
      token: "tok",
    });
    expect([...s.failOn].sort()).toEqual(["no_code", "oom", "patch_failed", "sandbox_error", "syntax_error", "test_failed", "timeout"]);
  });

  it.each<[Partial<Record<InputName, string>>, string]>([
    [{ memory: "256q" }, "memory"],
    [{ timeout: "-1" }, "timeout"],
    [{ language: "cobol" }, "language"],
    [{ pull: "sometimes" }, "pull"],
    [{ "fail-on": "pass,bogus" }, "fail-on"],
    [{ source: "files" }, "files"],
    [{ concurrency: "0" }, "concurrency"],
    [{ "pids-limit": "2.5" }, "pids-limit"],
    [{ comment: "yes" }, "comment"],
    [{ target: "../escape.py" }, "target"],
    [{ memory: "4m" }, "memory"],
    [{ isolation: "container" }, "isolation"],
    [{ engine: "lxc" }, "engine"],
    [{ shard: "0/4" }, "shard"],
    [{ shard: "5/4" }, "shard"],
    [{ shard: "1/0" }, "shard"],
    [{ shard: "half" }, "shard"],
    [{ shard: "1/2", merge: "shards/*.json" }, "shard"],
  ])("%j → one error naming %s", (inputs, name) => {
    const error = inputError(() => read(inputs));
    expect(error.input).toBe(name);
    expect(error.message.split("\n")).toHaveLength(1);
  });

  it("reads lists and choices", () => {
    const s = read({ authors: "agent-*[bot], me", tests: "tests/**\n!tests/slow/**", "fail-on": "timeout", language: "Python" });
    expect(s.authors).toEqual(["agent-*[bot]", "me"]);
    expect(s.tests).toEqual(["tests/**", "!tests/slow/**"]);
    expect([...s.failOn]).toEqual(["timeout"]);
    expect(s.language).toBe("python");
  });

  it("reads the evaluation inputs: isolation, shard, baseline, merge", () => {
    expect(read({})).toMatchObject({ isolation: "candidate", baseline: "", merge: [] });
    expect(read({}).shard).toBeUndefined();
    const s = read({ isolation: "Run", shard: " 2 / 4 ", baseline: "nightly/last.json" });
    expect(s).toMatchObject({ isolation: "run", shard: { index: 2, count: 4 }, baseline: "nightly/last.json" });
    expect(read({ merge: "shards/*.json\nextra.json" }).merge).toEqual(["shards/*.json", "extra.json"]);
    expect(read({ shard: "1/1" }).shard).toEqual({ index: 1, count: 1 });
  });

  it("reads the engine: docker unless podman is asked for", () => {
    expect(read({}).engine).toBe("docker");
    expect(read({ engine: "Podman" }).engine).toBe("podman");
  });
});

describe("fitConcurrency", () => {
  it("keeps concurrency × memory within three quarters of the machine", () => {
    expect(fitConcurrency(16, 1024 ** 3, 8 * 1024 ** 3)).toBe(6);
    expect(fitConcurrency(2, 256 * 1024 ** 2, 8 * 1024 ** 3)).toBe(2);
    expect(fitConcurrency(4, 64 * 1024 ** 3, 8 * 1024 ** 3)).toBe(1);
  });
});

describe("action.yml", () => {
  it("declares every input with the default the settings layer uses", () => {
    const yml = readFileSync(new URL("../action.yml", import.meta.url), "utf8");
    const declared = new Map<string, string>();
    const block = yml.slice(yml.indexOf("\ninputs:"), yml.indexOf("\noutputs:"));
    for (const m of block.matchAll(/^ {2}([a-z-]+):\n(?: {4}description: .*\n)? {4}default: (.*)$/gm)) {
      declared.set(m[1]!, m[2]!.replace(/^"(.*)"$/, "$1"));
    }
    for (const [name, value] of Object.entries(DEFAULTS)) {
      if (name === "github-token") expect(declared.get(name)).toBe("${{ github.token }}");
      else expect([name, declared.get(name)]).toEqual([name, value]);
    }
    expect([...declared.keys()].sort()).toEqual(Object.keys(DEFAULTS).sort());
  });
});
