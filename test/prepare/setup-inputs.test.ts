// Which set-up a candidate needs: the base's, or one of its own keyed by its versions of the setup's inputs.
import { describe, expect, it } from "vitest";
import type { SandboxFile } from "../../src/core/model.js";
import { compileSetupInputs, describeSetupChange, setupChangeOf } from "../../src/prepare/setup-inputs.js";
import { SETUP_INPUTS } from "../../src/settings/setup-inputs.js";

const inputs = compileSetupInputs(SETUP_INPUTS);
const base = new Map<string, string>([
  ["requirements.txt", "pytest\n"],
  ["web/package.json", '{"name":"web"}\n'],
  ["Cargo.lock", "# lock\n"],
  ["app.py", "print(1)\n"],
]);
const ofBase = (path: string) => base.get(path);
const file = (path: string, content: string): SandboxFile => ({ path, content });
const changes = (...entries: Array<[string, string | null]>) =>
  new Map(entries.map(([path, content]) => [path, content === null ? null : file(path, content)]));

describe("setupChangeOf", () => {
  it("needs none when no change touches an input", () => {
    expect(setupChangeOf(inputs, ofBase, changes(["app.py", "print(2)\n"], ["lib/new.py", "x = 1\n"]))).toBeUndefined();
  });

  it("needs none when an input is written as the base has it", () => {
    expect(setupChangeOf(inputs, ofBase, changes(["requirements.txt", "pytest\n"]))).toBeUndefined();
  });

  it("holds only the inputs, at any depth, changed, added or deleted", () => {
    const change = setupChangeOf(
      inputs,
      ofBase,
      changes(
        ["app.py", "import pkg\n"],
        ["web/package.json", '{"name":"web","dependencies":{"left-pad":"1"}}\n'],
        ["requirements.txt", "pytest\npkg\n"],
        ["svc/go.mod", "module svc\n"],
        ["Cargo.lock", null],
        ["gone.lock", null],
      ),
    );
    expect(change?.files.map((f) => f.path)).toEqual(["requirements.txt", "svc/go.mod", "web/package.json"]);
    expect(change?.deleted).toEqual(["Cargo.lock"]);
    expect(describeSetupChange(change!)).toBe("requirements.txt, svc/go.mod, web/package.json, Cargo.lock (deleted)");
  });

  it("gives equal inputs one key, whatever else the candidates change, and different inputs another", () => {
    const a = setupChangeOf(inputs, ofBase, changes(["requirements.txt", "pytest\npkg\n"], ["app.py", "a\n"]));
    const b = setupChangeOf(inputs, ofBase, changes(["lib.py", "b\n"], ["requirements.txt", "pytest\npkg\n"]));
    const c = setupChangeOf(inputs, ofBase, changes(["requirements.txt", "pytest\npkg==2\n"]));
    const d = setupChangeOf(inputs, ofBase, changes(["requirements.txt", "pytest\npkg\n"], ["Cargo.lock", null]));
    expect(a?.key).toBe(b?.key);
    expect(new Set([a?.key, c?.key, d?.key]).size).toBe(3);
  });

  it("reads bytes as text is read: the same content either way has one key", () => {
    const text = setupChangeOf(inputs, ofBase, changes(["requirements.txt", "pkg\n"]));
    const encoded = { path: "requirements.txt", content: new TextEncoder().encode("pkg\n") };
    const bytes = setupChangeOf(inputs, ofBase, new Map([["requirements.txt", encoded]]));
    expect(bytes?.key).toBe(text?.key);
  });

  it("follows the user's globs, and none when they are empty", () => {
    const own = compileSetupInputs(["deps/*.txt"]);
    const touched = changes(["deps/a.txt", "x\n"], ["requirements.txt", "pkg\n"]);
    expect(setupChangeOf(own, ofBase, touched)?.files.map((f) => f.path)).toEqual(["deps/a.txt"]);
    expect(setupChangeOf(compileSetupInputs([]), ofBase, touched)).toBeUndefined();
  });
});
