// The registry, and the proof that a new language is one file and one line: every registered language
// is complete (a preset, tags, a parse check and its reading, code lines, its protected files), and every
// language file in src/languages/ is registered.
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { globProblem } from "../../src/core/globs.js";
import type { LanguageSpec } from "../../src/languages/language.js";
import {
  LANGUAGES,
  LANGUAGE_LIST,
  LANGUAGE_NAMES,
  isLanguage,
  languageOfPath,
  languageOfTag,
} from "../../src/languages/registry.js";

const SPECS: readonly LanguageSpec[] = LANGUAGE_LIST;

describe("language lookup", () => {
  it.each([
    ["python", "python"],
    ['python title="x.py"', "python"],
    ["py {linenos}", "python"],
    ["JS", "javascript"],
    ["ts", "typescript"],
    ["sh", "bash"],
    ["console", undefined],
    ["", undefined],
  ])("fence tag %j → %s", (tag, language) => expect(languageOfTag(tag)).toBe(language));

  it.each([
    ["src/a.py", "python"],
    ["A.MJS", "javascript"],
    ["x.ts", "typescript"],
    ["run.sh", "bash"],
    ["README.md", undefined],
  ])("path %s → %s", (path, language) => expect(languageOfPath(path)).toBe(language));
});

describe.each(SPECS.map((spec) => [spec.name, spec] as const))("%s", (name, spec) => {
  it("is registered under its name, a lower-case word", () => {
    expect(name).toMatch(/^[a-z]+$/);
    expect(LANGUAGES[name as keyof typeof LANGUAGES]).toBe(spec);
    expect(isLanguage(name)).toBe(true);
  });

  it("has fence tags and extensions that name it and no other language", () => {
    expect(spec.fenceTags).toContain(name);
    for (const tag of spec.fenceTags) expect(languageOfTag(tag), tag).toBe(name);
    expect(spec.extensions.length).toBeGreaterThan(0);
    for (const ext of spec.extensions) {
      expect(ext).toMatch(/^\.[a-z0-9]+$/);
      expect(languageOfPath(`x${ext}`), ext).toBe(name);
    }
  });

  it("has a preset: a target of its own extension, a command that runs it, an image", () => {
    expect(languageOfPath(spec.target)).toBe(name);
    expect(spec.command).toContain(spec.target);
    expect(spec.image).toMatch(/^[a-z0-9][\w./:-]*$/);
  });

  it("has a parse check whose argv ends with the file alone, and a reading of its output", () => {
    const argv = spec.check("some file.x");
    expect(argv.length).toBeGreaterThan(1);
    expect(argv.at(-1)).toBe("some file.x");
    // checkFiles loops the same tool over several files: nothing but the last word may depend on the file.
    expect(spec.check("other").slice(0, -1)).toEqual(argv.slice(0, -1));
    expect(spec.readCheck("", undefined)).toBeUndefined();
  });

  it("has code lines, none of which a sentence of prose matches", () => {
    expect(spec.codeLines.length).toBeGreaterThan(0);
    const prose = "Here is the answer you asked for, with the edge case handled.";
    expect(spec.codeLines.filter((pattern) => pattern.test(prose))).toEqual([]);
  });

  it("names its test files and protects only relative globs", () => {
    const { sections, shadowing, loadedByConfig, ...globs } = spec.protect;
    expect(globs.tests.length).toBeGreaterThan(0);
    for (const glob of [...Object.values(globs).flat(), ...sections.map((s) => s.glob)])
      expect(globProblem(glob), glob).toBeUndefined();
    for (const section of sections) {
      expect(section.what).not.toBe("");
      expect(section.relevant("")).toBe("");
    }
    // A language's module names are bare names, not globs: a dot or slash in one would never match.
    for (const name of shadowing?.names ?? []) expect(name).toMatch(/^[A-Za-z_]\w*$/);
    // A configuration read for the files it names is one path of the tree, and protected itself.
    for (const { config, named } of loadedByConfig ?? []) {
      expect(globProblem(config), config).toBeUndefined();
      expect(config).not.toMatch(/[*?[{]/);
      expect(named("")).toEqual([]);
    }
  });
});

describe("the registry", () => {
  it("lists each language once, in LANGUAGE_NAMES's order", () => {
    expect(new Set(LANGUAGE_NAMES).size).toBe(LANGUAGE_NAMES.length);
    expect(LANGUAGE_NAMES).toEqual(SPECS.map((spec) => spec.name));
    expect(Object.keys(LANGUAGES)).toEqual(LANGUAGE_NAMES);
  });

  it("holds every language file of src/languages/", async () => {
    const dir = new URL("../../src/languages/", import.meta.url);
    const found: unknown[] = [];
    for (const file of readdirSync(dir).filter((name) => name.endsWith(".ts"))) {
      const module = (await import(new URL(file, dir).href)) as Record<string, unknown>;
      found.push(...Object.values(module).filter((value) => isSpec(value)));
    }
    expect(found.length).toBeGreaterThan(0);
    for (const spec of found) expect(SPECS, (spec as LanguageSpec).name).toContain(spec);
  });
});

/** Shaped like a language: what a file exports that the registry must hold. */
function isSpec(value: unknown): value is LanguageSpec {
  return typeof value === "object" && value !== null && "name" in value && "check" in value && "protect" in value;
}
