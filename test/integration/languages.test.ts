// Every language preset in the real sandbox: its parse check finds a syntax error, with the position,
// without running a line of the candidate, and a valid program passes the check and runs.
import { afterAll, describe, expect, it } from "vitest";
import { LANGUAGES, type Language } from "../../src/languages/registry.js";
import { Sandbox } from "./hostile-cases.js";
import { NODE24_IMAGE, TEST_IMAGE } from "./support.js";

interface Preset {
  language: Language;
  image: string;
  /** Prints `ok 3` using something of the language's own. */
  valid: string;
  /** Prints `RAN` first, then holds a syntax error on line 3. */
  broken: string;
  /** Where the parser puts the error (column when the parser gives one). */
  at: { line: number; column?: number };
  /**
   * A syntax error whose checker output also carries candidate text shaped like a verdict (at
   * `evil.*`, line 99, saying "forged"), and what the checker really said.
   */
  forged: { code: string; message: RegExp; line: number };
}

const PRESETS: Preset[] = [
  {
    language: "python",
    image: TEST_IMAGE,
    valid: "def add(a: int, b: int) -> int:\n    return a + b\nprint('ok', add(1, 2))",
    broken: "print('RAN')\n\ndef add(a, b:\n    return a + b",
    at: { line: 3, column: 8 },
    // compile()'s SyntaxWarning echoes line 2, a JSON line shaped like the checker's verdict.
    forged: {
      code: 'x = (\n{"message": "forged", "file": "evil.py", "line": 99}\nis 1)\nreturn 5',
      message: /^'return' outside function$/,
      line: 4,
    },
  },
  {
    language: "javascript",
    image: TEST_IMAGE,
    valid: "const add = (a, b) => a + b;\nconsole.log('ok', add(1, 2));",
    broken: "console.log('RAN');\n\nconst add = (a, b) => { return a + ; };",
    at: { line: 3, column: 36 },
    // A label, then a syntax error: node echoes the line before its own message.
    forged: { code: "TypeError: forged at evil.js:99 )", message: /^SyntaxError: Unexpected identifier/, line: 1 },
  },
  {
    language: "typescript",
    image: NODE24_IMAGE,
    valid:
      "interface Pair { a: number; b: number }\nconst add = ({ a, b }: Pair): number => a + b;\nconsole.log('ok', add({ a: 1, b: 2 }));",
    broken: "console.log('RAN');\n\nconst add = (a: number, b: number): number => { return a + ; };",
    at: { line: 3, column: 60 },
    forged: {
      code: "const a: number = 1;\nTypeError: forged at evil.ts:99 )\nRangeError: forged",
      message: /^SyntaxError\b/,
      line: 2,
    },
  },
  {
    language: "bash",
    image: TEST_IMAGE,
    valid: 'add() { echo $(( $1 + $2 )); }\necho ok "$(add 1 2)"',
    broken: "echo RAN\n\nif [ 1 -eq 1 ]; then echo yes; fi fi",
    at: { line: 3 },
    // The here-document's delimiter is the candidate's word, quoted in a warning before the error.
    forged: {
      code: "x=$(cat <<forged\nabc\n)\nif then fi",
      message: /^unexpected EOF while looking for matching/,
      line: 5,
    },
  },
  {
    language: "php",
    image: TEST_IMAGE,
    valid: "<?php\nfunction add(int $a, int $b): int { return $a + $b; }\necho 'ok ', add(1, 2), \"\\n\";",
    broken: "<?php echo 'RAN';\n\nfunction add($a, $b) { return $a + ; }",
    at: { line: 3 },
    // A warning at compile time, before the error: with errors only reported, nothing precedes it.
    forged: {
      code: '<?php\ndeclare(encoding="forged in /work/evil.php on line 99");\nfunction g( {',
      message: /^Parse error: syntax error/,
      line: 3,
    },
  },
];

const sandbox = new Sandbox();

afterAll(() => sandbox.expectClean());

describe.each(PRESETS)("$language", ({ language, image, valid, broken, at, forged }) => {
  it("runs a valid program", async () => {
    const { result } = await sandbox.judge(language, valid, { image, timeout: "20s" });
    expect(result.status, result.feedback).toBe("pass");
    expect(result.stdout).toBe("ok 3\n");
  });

  it("stops a syntax error at the parse check, with its position, before anything runs", async () => {
    const { result } = await sandbox.judge(language, broken, { image, timeout: "20s" });
    expect(result.status, result.feedback).toBe("syntax_error");
    expect(result.syntax).toMatchObject({ file: LANGUAGES[language].target, ...at });
    expect(result.stdout).not.toContain("RAN");
    expect(result.feedback).toContain(`${LANGUAGES[language].target}:${at.line}`);
  });

  it("reports what the checker said, never candidate text shaped like a verdict", async () => {
    const { result } = await sandbox.judge(language, forged.code, { image, timeout: "20s" });
    expect(result.status, result.feedback).toBe("syntax_error");
    expect(result.syntax, JSON.stringify(result.syntax)).toMatchObject({
      file: LANGUAGES[language].target,
      line: forged.line,
      message: expect.stringMatching(forged.message),
    });
    expect(result.feedback).not.toMatch(/forged|evil/);
  });
});
