// The bench's own small dataset, used when the HumanEval corpus is not beside the checkout: 30 small
// python problems in the corpus's record shape, replies written in the styles real models use (prose
// around a fence, a bare fence, top-level prints, a corrected second block) and a few that must fail.
import type { BenchRecord } from "./humaneval.js";

interface Problem {
  entry: string;
  /** Signature line, without the trailing colon. */
  signature: string;
  solution: string;
  tests: string[];
}

const PROBLEMS: Problem[] = [
  {
    entry: "add",
    signature: "def add(a: int, b: int) -> int",
    solution: "return a + b",
    tests: ["add(2, 3) == 5", "add(-1, 1) == 0"],
  },
  {
    entry: "is_even",
    signature: "def is_even(n: int) -> bool",
    solution: "return n % 2 == 0",
    tests: ["is_even(4)", "not is_even(7)"],
  },
  {
    entry: "reverse",
    signature: "def reverse(s: str) -> str",
    solution: "return s[::-1]",
    tests: ["reverse('abc') == 'cba'", "reverse('') == ''"],
  },
  {
    entry: "count_vowels",
    signature: "def count_vowels(s: str) -> int",
    solution: "return sum(c in 'aeiouAEIOU' for c in s)",
    tests: ["count_vowels('hello') == 2", "count_vowels('xyz') == 0"],
  },
  {
    entry: "factorial",
    signature: "def factorial(n: int) -> int",
    solution: "return 1 if n < 2 else n * factorial(n - 1)",
    tests: ["factorial(5) == 120", "factorial(0) == 1"],
  },
  {
    entry: "fib",
    signature: "def fib(n: int) -> int",
    solution: "a, b = 0, 1\n    for _ in range(n):\n        a, b = b, a + b\n    return a",
    tests: ["fib(10) == 55", "fib(1) == 1"],
  },
  {
    entry: "is_palindrome",
    signature: "def is_palindrome(s: str) -> bool",
    solution: "return s == s[::-1]",
    tests: ["is_palindrome('abba')", "not is_palindrome('abc')"],
  },
  {
    entry: "max_of",
    signature: "def max_of(xs: list) -> int",
    solution: "return max(xs)",
    tests: ["max_of([1, 5, 3]) == 5", "max_of([-2, -9]) == -2"],
  },
  {
    entry: "dedupe",
    signature: "def dedupe(xs: list) -> list",
    solution: "return list(dict.fromkeys(xs))",
    tests: ["dedupe([1, 2, 1, 3]) == [1, 2, 3]", "dedupe([]) == []"],
  },
  {
    entry: "word_count",
    signature: "def word_count(s: str) -> int",
    solution: "return len(s.split())",
    tests: ["word_count('a b  c') == 3", "word_count('') == 0"],
  },
  {
    entry: "gcd",
    signature: "def gcd(a: int, b: int) -> int",
    solution: "while b:\n        a, b = b, a % b\n    return a",
    tests: ["gcd(12, 18) == 6", "gcd(7, 5) == 1"],
  },
  {
    entry: "is_prime",
    signature: "def is_prime(n: int) -> bool",
    solution: "return n > 1 and all(n % d for d in range(2, int(n ** 0.5) + 1))",
    tests: ["is_prime(13)", "not is_prime(1)", "not is_prime(21)"],
  },
  {
    entry: "flatten",
    signature: "def flatten(xss: list) -> list",
    solution: "return [x for xs in xss for x in xs]",
    tests: ["flatten([[1], [2, 3]]) == [1, 2, 3]", "flatten([]) == []"],
  },
  {
    entry: "capitalize_words",
    signature: "def capitalize_words(s: str) -> str",
    solution: "return ' '.join(w.capitalize() for w in s.split(' '))",
    tests: ["capitalize_words('hi there') == 'Hi There'"],
  },
  {
    entry: "sum_digits",
    signature: "def sum_digits(n: int) -> int",
    solution: "return sum(int(d) for d in str(abs(n)))",
    tests: ["sum_digits(123) == 6", "sum_digits(-45) == 9"],
  },
  {
    entry: "running_sum",
    signature: "def running_sum(xs: list) -> list",
    solution: "out, total = [], 0\n    for x in xs:\n        total += x\n        out.append(total)\n    return out",
    tests: ["running_sum([1, 2, 3]) == [1, 3, 6]"],
  },
  {
    entry: "chunk",
    signature: "def chunk(xs: list, n: int) -> list",
    solution: "return [xs[i:i + n] for i in range(0, len(xs), n)]",
    tests: ["chunk([1, 2, 3, 4, 5], 2) == [[1, 2], [3, 4], [5]]"],
  },
  {
    entry: "anagram",
    signature: "def anagram(a: str, b: str) -> bool",
    solution: "return sorted(a) == sorted(b)",
    tests: ["anagram('listen', 'silent')", "not anagram('a', 'b')"],
  },
  {
    entry: "to_binary",
    signature: "def to_binary(n: int) -> str",
    solution: "return bin(n)[2:]",
    tests: ["to_binary(5) == '101'", "to_binary(0) == '0'"],
  },
  {
    entry: "median",
    signature: "def median(xs: list) -> float",
    solution: "s = sorted(xs)\n    m = len(s) // 2\n    return s[m] if len(s) % 2 else (s[m - 1] + s[m]) / 2",
    tests: ["median([3, 1, 2]) == 2", "median([4, 1, 3, 2]) == 2.5"],
  },
  {
    entry: "rotate",
    signature: "def rotate(xs: list, k: int) -> list",
    solution: "if not xs:\n        return []\n    k %= len(xs)\n    return xs[-k:] + xs[:-k]",
    tests: ["rotate([1, 2, 3], 1) == [3, 1, 2]", "rotate([], 3) == []"],
  },
  {
    entry: "count_chars",
    signature: "def count_chars(s: str) -> dict",
    solution: "out = {}\n    for c in s:\n        out[c] = out.get(c, 0) + 1\n    return out",
    tests: ["count_chars('aab') == {'a': 2, 'b': 1}"],
  },
  {
    entry: "second_largest",
    signature: "def second_largest(xs: list) -> int",
    solution: "return sorted(set(xs))[-2]",
    tests: ["second_largest([1, 3, 3, 2]) == 2"],
  },
  {
    entry: "title_case",
    signature: "def title_case(s: str) -> str",
    solution: "return s.title()",
    tests: ["title_case('a tale') == 'A Tale'"],
  },
  {
    entry: "mean",
    signature: "def mean(xs: list) -> float",
    solution: "return sum(xs) / len(xs)",
    tests: ["mean([1, 2, 3]) == 2"],
  },
  {
    entry: "only_digits",
    signature: "def only_digits(s: str) -> str",
    solution: "return ''.join(c for c in s if c.isdigit())",
    tests: ["only_digits('a1b22') == '122'"],
  },
  {
    entry: "power_set_size",
    signature: "def power_set_size(n: int) -> int",
    solution: "return 2 ** n",
    tests: ["power_set_size(3) == 8"],
  },
  {
    entry: "collatz_steps",
    signature: "def collatz_steps(n: int) -> int",
    solution:
      "steps = 0\n    while n != 1:\n        n = n // 2 if n % 2 == 0 else 3 * n + 1\n        steps += 1\n    return steps",
    tests: ["collatz_steps(6) == 8", "collatz_steps(1) == 0"],
  },
  {
    entry: "merge_sorted",
    signature: "def merge_sorted(a: list, b: list) -> list",
    solution: "return sorted(a + b)",
    tests: ["merge_sorted([1, 4], [2, 3]) == [1, 2, 3, 4]"],
  },
  {
    entry: "clamp",
    signature: "def clamp(x: int, lo: int, hi: int) -> int",
    solution: "return max(lo, min(x, hi))",
    tests: ["clamp(5, 0, 3) == 3", "clamp(-1, 0, 3) == 0"],
  },
];

type Style = (
  code: string,
  p: Problem,
) => { reply: string; category: BenchRecord["official_category"]; flags?: string[] };

const fenced = (code: string, tag = "python") => `\`\`\`${tag}\n${code}\`\`\``;
const definition = (p: Problem, body: string) => `${p.signature}:\n    ${body}\n`;

// Most replies pass; every tenth style is a failure of another kind, so each verdict path is exercised.
const STYLES: Style[] = [
  (code, p) => ({ reply: `Here is \`${p.entry}\`:\n\n${fenced(code)}\n\nIt runs in linear time.`, category: "pass" }),
  (code) => ({ reply: fenced(code, ""), category: "pass" }),
  (code, p) => ({
    reply: `${fenced(`${code}\nprint(${p.entry}.__name__)\n`)}\n`,
    category: "pass",
    flags: ["toplevel_print"],
  }),
  (_code, p) => ({ reply: fenced(definition(p, "return None")), category: "test_failed" }),
  (code, p) => ({
    reply: `First try:\n\n${fenced(definition(p, "raise NotImplementedError"))}\n\nCorrected, with a comment:\n\n${fenced(`# corrected\n${code}`)}`,
    category: "pass",
    flags: ["multi_block_reply"],
  }),
  (code) => ({ reply: code, category: "pass" }),
  (code) => ({ reply: `Sure.\n${fenced(code)}`, category: "pass" }),
  (code) => ({ reply: fenced(code, "py"), category: "pass" }),
  (code, p) => ({
    reply: `${fenced(code)}\nExample: \`${p.entry}(...)\``,
    category: "pass",
    flags: ["prose_around_fence"],
  }),
  (_code, p) => ({ reply: fenced(definition(p, "return (")), category: "syntax_error" }),
];

// Three replies that must end badly in any runner: a loop that never ends, one that grows without
// bound, and prose with no code at all.
const SPECIAL: Record<string, Style> = {
  fib: (_code, p) => ({ reply: fenced(definition(p, "while True:\n        pass")), category: "timeout" }),
  flatten: (_code, p) => ({
    reply: fenced(definition(p, "xs = []\n    while True:\n        xs.append('x' * 4096)")),
    category: "timeout",
  }),
  title_case: () => ({ reply: "Use str.title(); it capitalises each word.", category: "no_code" }),
};

function record(p: Problem, index: number): BenchRecord {
  const code = definition(p, p.solution);
  const style = SPECIAL[p.entry] ?? STYLES[index % STYLES.length]!;
  const { reply, category, flags } = style(code, p);
  const test = `\n\ndef check(candidate):\n${p.tests.map((t) => `    assert ${t.replaceAll(`${p.entry}(`, "candidate(")}\n`).join("")}\ncheck(${p.entry})\n`;
  return {
    id: `synthetic/${index}`,
    prompt: `${p.signature}:\n    """${p.entry.replaceAll("_", " ")}"""\n`,
    reply,
    test,
    official_category: category,
    flags: flags ?? [],
  };
}

export const SYNTHETIC: readonly BenchRecord[] = PROBLEMS.map(record);
