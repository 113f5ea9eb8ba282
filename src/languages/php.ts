// PHP: the official CLI image, checked by `php -l`, tested by PHPUnit or Pest.
import { COMMON_CODE_LINES, positive, type CheckReading, type LanguageSpec } from "./language.js";

// php -l: "PHP Parse error:  MESSAGE in FILE on line N", with or without "PHP " (stderr and stdout copies).
function readCheck(output: string): CheckReading {
  const match = /^(?:PHP )?((?:Parse|Fatal) error):\s+(.+) in (.+) on line (\d+)$/m.exec(output);
  return match ? { message: `${match[1]}: ${match[2]}`, file: match[3], line: positive(Number(match[4])) } : undefined;
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
    sections: [],
  },
};
