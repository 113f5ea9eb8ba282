// Which set-up a candidate needs: the base's, or one of its own keyed by its versions of the setup's inputs.
import { describe, expect, it } from "vitest";
import type { SandboxFile } from "../../src/core/model.js";
import { compileSetupInputs, describeSetupChange, packageDirs, setupChangeOf } from "../../src/prepare/setup-inputs.js";
import { SETUP_INPUTS } from "../../src/settings/setup-inputs-setting.js";

const inputs = compileSetupInputs(SETUP_INPUTS);
const base = new Map<string, string>([
  ["requirements.txt", "pytest\n"],
  ["web/package.json", '{"name":"web"}\n'],
  ["Cargo.lock", "# lock\n"],
  ["app.py", "print(1)\n"],
  ["vendor/textkit/pyproject.toml", '[project]\nname = "textkit"\n'],
  ["vendor/textkit/textkit/__init__.py", "def words(s): ...\n"],
  ["vendor/textkit/textkit/old.py", "x = 1\n"],
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

  it("brings a vendored package's own files with the manifest it adds: pip builds it from its directory", () => {
    const change = setupChangeOf(
      inputs,
      ofBase,
      changes(
        ["slug.py", "from punct import strip\n"],
        ["requirements.txt", "./vendor/textkit\n./vendor/punct\n"],
        ["vendor/punct/pyproject.toml", '[project]\nname = "punct"\n'],
        ["vendor/punct/punct/__init__.py", "def strip(s): ...\n"],
        ["vendor/punctuation.txt", "not the package's\n"],
      ),
    );
    expect(change?.files.map((f) => f.path)).toEqual([
      "requirements.txt",
      "vendor/punct/punct/__init__.py",
      "vendor/punct/pyproject.toml",
    ]);
    expect(change?.packages).toEqual(["vendor/punct"]);
    expect(describeSetupChange(change!)).toBe(
      "requirements.txt, vendor/punct/pyproject.toml (with the files of vendor/punct/)",
    );
  });

  it("brings what the change deletes in a package whose manifest it changes, and leaves what it keeps as the base has it", () => {
    const change = setupChangeOf(
      inputs,
      ofBase,
      changes(
        ["vendor/textkit/pyproject.toml", '[project]\nname = "textkit"\nversion = "2"\n'],
        ["vendor/textkit/textkit/__init__.py", "def words(s): ...\n"],
        ["vendor/textkit/textkit/old.py", null],
      ),
    );
    expect(change?.files.map((f) => f.path)).toEqual(["vendor/textkit/pyproject.toml"]);
    expect(change?.deleted).toEqual(["vendor/textkit/textkit/old.py"]);
    expect(change?.inputs).toEqual(["vendor/textkit/pyproject.toml"]);
  });

  it("needs none for a package's code changed without its manifest: the base's set-up serves it", () => {
    expect(setupChangeOf(inputs, ofBase, changes(["vendor/textkit/textkit/__init__.py", "x = 2\n"]))).toBeUndefined();
  });

  it("keys the package's files too: the same manifests with other sources are another set-up", () => {
    const vendoring = (source: string, code: string) =>
      setupChangeOf(
        inputs,
        ofBase,
        changes(
          ["vendor/punct/pyproject.toml", "[project]\n"],
          ["vendor/punct/punct/__init__.py", source],
          ["app.py", code],
        ),
      );
    expect(vendoring("a = 1\n", "x\n")?.key).toBe(vendoring("a = 1\n", "y\n")?.key);
    expect(vendoring("a = 1\n", "x\n")?.key).not.toBe(vendoring("a = 2\n", "x\n")?.key);
  });

  it("brings nothing of the root's code with a root manifest: the project's code reaches every candidate anyway", () => {
    const change = setupChangeOf(inputs, ofBase, changes(["pyproject.toml", "[project]\n"], ["app.py", "print(2)\n"]));
    expect(change?.files.map((f) => f.path)).toEqual(["pyproject.toml"]);
    expect(change?.packages).toEqual([]);
  });
});

describe("packageDirs", () => {
  it("names each manifest's directory below the root, the outermost of nested ones, and no lock file's", () => {
    expect(
      packageDirs([
        "pyproject.toml",
        "vendor/b/setup.py",
        "vendor/a/package.json",
        "vendor/a/sub/Cargo.toml",
        "vendor/ab/go.mod",
        "requirements/dev.txt",
        "web/package-lock.json",
      ]),
    ).toEqual(["vendor/a", "vendor/ab", "vendor/b"]);
  });
});
