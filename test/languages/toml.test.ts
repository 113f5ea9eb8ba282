import { describe, expect, it } from "vitest";
import { tomlSections } from "../../src/languages/toml.js";

// How a change of these tables protects pyproject.toml: test/prepare/protect.test.ts.
describe("tomlSections", () => {
  it("follows strings: a header inside one is no header, and one hiding a real header is seen", () => {
    // A quote style inside another string must not open one: the pytest table after it is real.
    const tricky = `[project]\ndescription = """ ''' """\n\n[tool.pytest.ini_options]\naddopts = "-k 'not x'"\n`;
    expect(tomlSections(tricky, [["tool", "pytest"]])).toBe(`[tool.pytest.ini_options]\naddopts = "-k 'not x'"`);
    const single = `[project]\nname = '"""'\n[tool.pytest.ini_options]\naddopts = "-x"\n`;
    expect(tomlSections(single, [["tool", "pytest"]])).toBe(`[tool.pytest.ini_options]\naddopts = "-x"`);
    const inString = `[project]\nreadme = """\n[tool.pytest.ini_options]\n"""\n`;
    expect(tomlSections(inString, [["tool", "pytest"]])).toBe("");
  });

  it("keeps the lines of a value that spans lines with its key, and an unreadable line as relevant", () => {
    const text = '[tool.pytest.ini_options]\naddopts = [\n  "-x",\n  ["nested"]\n]\n[other]\n!!garbage\nok = 1\n';
    expect(tomlSections(text, [["tool", "pytest"]])).toBe(
      '[tool.pytest.ini_options]\naddopts = [\n"-x",\n["nested"]\n]\n!!garbage',
    );
  });
});
