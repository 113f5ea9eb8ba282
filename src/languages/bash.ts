// Bash: the Debian slim image's bash, checked by `bash -n`, tested by bats or by plain scripts.
import { positive, type CheckReading, type LanguageSpec } from "./language.js";

// bash -n: "FILE: line N: syntax error near unexpected token `)'", then the offending line quoted.
// Warnings come first and quote the candidate's words (a here-document's delimiter): never the message.
function readCheck(output: string): CheckReading {
  const match = /^(.*?): line (\d+): (?!warning: )(.+)$/m.exec(output);
  return match ? { file: match[1], line: positive(Number(match[2])), message: match[3] } : undefined;
}

export const bash: LanguageSpec<"bash"> = {
  name: "bash",
  fenceTags: ["bash", "sh", "shell", "zsh"],
  extensions: [".sh", ".bash"],
  target: "solution.sh",
  command: "bash solution.sh",
  image: "debian:bookworm-slim",
  check: (file) => ["bash", "-n", file],
  readCheck,
  // Not the lines the others share: `x = 1` and `f(x)` are no shell code.
  codeLines: [
    /^#!/,
    /^\s*[A-Za-z_]\w*=\S*/,
    /^\s*(if|while|until)\s+.*;\s*(then|do)\s*$/,
    /^\s*for\s+\w+\s+in\b/,
    /^\s*(then|do|done|fi|esac|else)\s*$/,
    /^\s*(echo|printf|cd|export|set|source|exit|local|read)(\s|$)/,
    /^\s*\w+\s*\(\)\s*\{?\s*$/,
    /^\s*\w[\w.-]*\s+--?\w/,
  ],
  protect: {
    tests: ["**/*.bats", "**/test_*.sh", "**/*_test.sh"],
    preloaded: ["**/setup_suite.bash"],
    importHooks: [],
    runner: [],
    compiled: [],
    config: [],
    sections: [],
  },
};
