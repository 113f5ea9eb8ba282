// PHP: the official CLI image, checked by `php -l`, tested by PHPUnit or Pest.
import { isRecord } from "../core/records.js";
import {
  COMMON_CODE_LINES,
  manifestObject,
  pickedJson,
  positive,
  type CheckReading,
  type LanguageSpec,
} from "./language.js";

// php -l: "PHP Parse error:  MESSAGE in FILE on line N", with or without "PHP " (stderr and stdout copies).
function readCheck(output: string): CheckReading {
  const match = /^(?:PHP )?((?:Parse|Fatal) error):\s+(.+) in (.+) on line (\d+)$/m.exec(output);
  return match ? { message: `${match[1]}: ${match[2]}`, file: match[3], line: positive(Number(match[4])) } : undefined;
}

const XML_ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&apos;": "'" };
const attribute = (m: RegExpMatchArray) => (m[1] ?? m[2] ?? "").replace(/&\w+;/g, (e) => XML_ENTITIES[e] ?? e);

/**
 * What PHPUnit's configuration loads before any test, read by a tolerant scan (no XML parser): the
 * `bootstrap` file, PHPUnit 9's `printerFile` and `testSuiteLoaderFile`, a listener's or extension's `file`,
 * and the files `<ini name="auto_prepend_file" value="…"/>` (or append) makes PHP run around every script.
 */
function phpunitLoads(text: string): string[] {
  const paths = [
    ...text.matchAll(/\b(?:bootstrap|printerFile|testSuiteLoaderFile|file)\s*=\s*(?:"([^"]*)"|'([^']*)')/g),
  ].map(attribute);
  for (const [tag] of text.matchAll(/<ini\b[^>]*>/g)) {
    if (!/\bname\s*=\s*["']auto_(?:prepend|append)_file["']/.test(tag)) continue;
    const value = /\bvalue\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(tag);
    if (value) paths.push(attribute(value));
  }
  return paths;
}

/**
 * What of composer.json runs around the tests, as canonical JSON; "" when nothing, or when it does not
 * parse (composer reads nothing of it then; against a base that had some, that differs). `scripts`: `composer
 * test` runs its own, and composer runs the event scripts (`post-autoload-dump`, …) during a setup;
 * `autoload(-dev).files`: the autoloader a setup generates includes each before any test (PHPUnit's usual
 * bootstrap is that autoloader), however the test runs.
 */
export function composerRunKeys(text: string): string {
  const manifest = manifestObject(text);
  if (!manifest) return "";
  const picked: Record<string, unknown> = {};
  if (Object.hasOwn(manifest, "scripts")) picked.scripts = manifest.scripts;
  for (const key of ["autoload", "autoload-dev"]) {
    const section = manifest[key];
    if (isRecord(section) && Object.hasOwn(section, "files")) picked[`${key}.files`] = section.files;
  }
  return pickedJson(picked);
}

export const php: LanguageSpec<"php"> = {
  name: "php",
  fenceTags: ["php"],
  extensions: [".php"],
  target: "solution.php",
  command: "php solution.php",
  image: "php:8.3-cli",
  // Errors only: a warning or a deprecation printed before the error could quote the candidate's text.
  check: (file) => [
    "php",
    "-l",
    "-d",
    "display_errors=stderr",
    "-d",
    "error_reporting=E_ERROR|E_PARSE|E_CORE_ERROR|E_COMPILE_ERROR",
    file,
  ],
  readCheck,
  codeLines: [
    /<\?php/,
    /^\s*\$\w+\s*(\[.*\])?\s*[.+\-*/]?=/,
    /^\s*(function|echo|return)\b.*[;{]\s*$/,
    ...COMMON_CODE_LINES,
  ],
  protect: {
    tests: ["**/*Test.php"],
    preloaded: ["**/Pest.php"],
    importHooks: [],
    // Composer's autoloader runs its `files` before any test (phpunit's usual bootstrap).
    runner: ["**/vendor/bin/**", "**/vendor/phpunit/**", "**/vendor/autoload.php", "**/vendor/composer/**"],
    compiled: [],
    config: ["**/phpunit.xml", "**/phpunit.xml.dist", "**/phpunit.dist.xml"],
    sections: [
      { glob: "**/composer.json", what: "composer.json's scripts and autoloaded files", relevant: composerRunKeys },
    ],
    // PHPUnit reads its configuration from the working directory, the tree's root.
    loadedByConfig: ["phpunit.xml", "phpunit.xml.dist", "phpunit.dist.xml"].map((config) => ({
      config,
      named: phpunitLoads,
    })),
  },
};
