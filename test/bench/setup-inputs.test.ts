import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CANDIDATES, setupCandidates } from "../../scripts/bench/setup-inputs.js";
import { parsePatch, touchedPaths } from "../../src/prepare/patch.js";
import { compileSetupInputs } from "../../src/prepare/setup-inputs.js";
import { SETUP_INPUTS } from "../../src/settings/setup-inputs-setting.js";
import { DEPS, commitCopy } from "../support/fixture-repo.js";
import { tempDir } from "../support/temp.js";

const inputs = compileSetupInputs(SETUP_INPUTS);
/** The candidates whose patch touches what the default `setup-inputs` names, by name. */
const changers = (changesManifests: boolean) =>
  setupCandidates(changesManifests)
    .filter((c) => touchedPaths(parsePatch(c.patch)).some((path) => inputs.some((glob) => glob.match(path))))
    .map((c) => c.name);

describe("the setup-inputs bench's candidates", () => {
  it("are ten in each run, nine of them the same, none of run A and one of run B changing a manifest", () => {
    const a = setupCandidates(false);
    const b = setupCandidates(true);
    expect(a).toHaveLength(CANDIDATES);
    expect(b).toHaveLength(CANDIDATES);
    expect(changers(false)).toEqual([]);
    expect(changers(true)).toEqual(["adds"]);
    const differing = a.flatMap((c, i) => (c.name === b[i]!.name && c.patch === b[i]!.patch ? [] : [i]));
    expect(differing).toEqual([4]);
    expect(new Set(a.map((c) => c.patch)).size).toBe(CANDIDATES);
  });

  it("must pass but for the one using tinydep on the base's manifests", () => {
    const status = (changesManifests: boolean) =>
      Object.fromEntries(setupCandidates(changesManifests).map((c) => [c.name, c.status]));
    expect(Object.values(status(true)).every((s) => s === "pass")).toBe(true);
    expect(Object.entries(status(false)).filter(([, s]) => s !== "pass")).toEqual([["uses-only", "test_failed"]]);
  });

  it("each apply to the fixture repository", () => {
    const repo = commitCopy(DEPS.repo, join(tempDir("bench-setup-inputs"), "repo"));
    for (const c of [...setupCandidates(false), ...setupCandidates(true)])
      expect(
        () => execFileSync("git", ["-C", repo, "apply", "--check", "-"], { input: c.patch }),
        c.name,
      ).not.toThrow();
  });
});
