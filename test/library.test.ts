// openSandbox() as a program meets it, before any container: options read and checked as the action
// reads its inputs, errors worded for code (camelCase options), judge() refusing what is no candidate,
// and a prose reply judged no_code without a sandbox. Containers: test/integration/library.test.ts.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, expectTypeOf, it } from "vitest";
import { InputError, openSandbox, type SandboxOptions } from "../src/library.js";
import { buildReport } from "../src/report/json.js";
import type { LibraryInput } from "../src/settings/entries.js";
import { expectValidReport } from "./support/report-schema.js";
import { tempDir } from "./support/temp.js";

async function rejection(work: Promise<unknown>): Promise<Error> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof Error)) throw new Error(`no Error: ${String(error)}`);
  return error;
}

type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

describe("openSandbox options", () => {
  it("has an option, typed, for every input a judgement takes, and no other but log", () => {
    expectTypeOf<keyof SandboxOptions>().toEqualTypeOf<CamelCase<LibraryInput> | "log">();
  });

  it.each([
    [{ timeout: "-1" }, "option 'timeout': '-1' is not a positive duration"],
    // A number is seconds (the Duration type), a string wants its unit.
    [{ timeout: 0 }, "option 'timeout': '0s' is not a positive duration"],
    [{ setupTimeout: "5" }, "option 'setupTimeout': '5' has no unit: write 5s for seconds"],
    [{ memory: "256q" }, "option 'memory': '256q' is not a size"],
    [{ pidsLimit: 3 }, "option 'pidsLimit': '3' is not a whole number ≥ 8"],
    [{ language: "cobol" as never }, "option 'language': 'cobol' is not one of auto"],
    [{ setupNetwork: "host" as never }, "option 'setupNetwork': 'host' is not one of none, bridge"],
    [{ services: ["redis=r:1", "db postgres"] }, "option 'services': line 2 'db postgres': is not NAME=IMAGE"],
    [{ tests: ["no/such/*.py"], command: "python3 -m pytest -q" }, "option 'tests': 'no/such/*.py' matches no file"],
    [{ cpus: {} as never }, "option 'cpus': must be a string, a number, true or false, or a list of strings"],
  ])("%j → an InputError naming the option", async (options, message) => {
    const error = await rejection(openSandbox({ workdir: tempDir("lib-options"), ...options }));
    expect(error).toBeInstanceOf(InputError);
    expect(error.message.startsWith(message), error.message).toBe(true);
    expect((error as InputError).naming).toBe("library");
  });

  it("refuses an option it does not have, with the camelCase name meant", async () => {
    const typo = await rejection(openSandbox({ "pids-limit": 3 } as SandboxOptions));
    expect(typo).toBeInstanceOf(TypeError);
    expect(typo.message).toBe("sandbox-gate: 'pids-limit' is not an option of openSandbox (did you mean 'pidsLimit'?)");
    // A batch's inputs are not a judgement's: no quota, no report file, no gate decision.
    for (const batch of ["maxCandidates", "failOn", "report", "shard", "githubToken", "source"])
      expect((await rejection(openSandbox({ [batch]: "x" }))).message).toBe(
        `sandbox-gate: '${batch}' is not an option of openSandbox`,
      );
  });

  it("takes numbers for durations in seconds, lists for globs, and booleans", async () => {
    const workdir = tempDir("lib-values");
    writeFileSync(join(workdir, "test_a.py"), "");
    writeFileSync(join(workdir, "test_b.py"), "");
    const sandbox = await openSandbox({
      workdir,
      timeout: 2,
      memory: 128 * 1024 * 1024,
      tests: ["test_a.py", "test_b.py"],
      command: "python3 -m pytest -q",
      patchFuzz: true,
      concurrency: 1,
    });
    await sandbox.close();
  });
});

describe("judge()", () => {
  it("judges a prose reply no_code, with a result of the report's shape and the model's feedback", async () => {
    const sandbox = await openSandbox({ workdir: tempDir("lib-prose"), language: "python" });
    try {
      const observation = await sandbox.judge({ reply: "I would loop over the list and add each number up." });
      expect(observation).toMatchObject({ id: "judge-1", source: "judge()", status: "no_code", exit_code: null });
      expect(observation.feedback).toMatch(/No runnable code/);
      // The observation is a result of the JSON report: the report built of it passes the schema.
      expectValidReport(buildReport([observation], []));
      expect((await sandbox.judge({ reply: "Still prose.", id: "mine" })).id).toBe("mine");
      expect((await sandbox.judge({ reply: "And again." })).id).toBe("judge-2");
    } finally {
      await sandbox.close();
    }
  });

  it.each([
    [{}, "sandbox-gate: judge(): the candidate"],
    [{ reply: 42 }, "sandbox-gate: judge(): reply must be a string, not 42"],
    [
      { reply: "x", files: { "../up.py": "x" } },
      "sandbox-gate: judge(): a 'files' path \"../up.py\" has a '..' segment",
    ],
    [{ reply: "x", timeout: "soon" }, "sandbox-gate: judge(): "],
    [{ reply: "x", image: "my image" }, "sandbox-gate: judge(): 'image' \"my image\" holds a blank"],
  ])("refuses %j, naming what is wrong", async (candidate, message) => {
    const sandbox = await openSandbox({ workdir: tempDir("lib-refuse") });
    try {
      const error = await rejection(sandbox.judge(candidate as never));
      expect(error.message.startsWith(message), error.message).toBe(true);
    } finally {
      await sandbox.close();
    }
  });

  it("is closed by Symbol.asyncDispose, the end of an `await using` block", async () => {
    const sandbox = await openSandbox({ workdir: tempDir("lib-dispose") });
    await sandbox[Symbol.asyncDispose]();
    expect((await rejection(sandbox.judge({ reply: "prose" }))).message).toBe("sandbox-gate: judge() after close()");
  });

  it("takes a signal: aborted before the call, it rejects with the signal's reason; left alone, it judges", async () => {
    const sandbox = await openSandbox({ workdir: tempDir("lib-signal") });
    try {
      const signal = AbortSignal.abort();
      expect(await rejection(sandbox.judge({ reply: "prose" }, { signal }))).toBe(signal.reason);
      expect(signal.reason).toMatchObject({ name: "AbortError" });
      const controller = new AbortController();
      expect((await sandbox.judge({ reply: "prose" }, { signal: controller.signal })).status).toBe("no_code");
      // Aborted after it settled: nothing to undo.
      controller.abort();
    } finally {
      await sandbox.close();
    }
  });

  it("refuses to judge once closed; close() twice is harmless", async () => {
    const sandbox = await openSandbox({ workdir: tempDir("lib-closed") });
    await sandbox.close();
    await sandbox.close();
    expect((await rejection(sandbox.judge({ reply: "prose" }))).message).toBe("sandbox-gate: judge() after close()");
  });
});
