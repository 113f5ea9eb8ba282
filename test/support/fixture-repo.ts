// A fixture repository of test/fixtures/repos as a workflow's checkout, and the set-ups of `deps` (it installs
// requirements.txt offline from a vendored wheel) and `vendored` (its local packages into a venv): what the
// integration tests and the bench's per-candidate set-up figure (scripts/bench/setup-inputs.ts) share. No
// vitest here, and no temp dir of its own: the bench runs outside vitest and removes its own directories.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

/**
 * A copy of the fixture repository at `source` in `dir` (which must not exist yet), with `extra` files
 * (path → content) added, committed as one commit, as a workflow's checkout is. Returns `dir`.
 */
export function commitCopy(source: string, dir: string, extra: Record<string, string> = {}): string {
  cpSync(source, dir, { recursive: true });
  for (const [path, content] of Object.entries(extra)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
  const git = (...args: string[]) =>
    execFileSync("git", ["-C", dir, "-c", "user.name=t", "-c", "user.email=t@t", ...args]);
  git("init", "-q");
  git("add", ".");
  git("commit", "-qm", "base");
  return dir;
}

const FIXTURES = resolve(import.meta.dirname, "../fixtures/repos");

/** The `deps` repository: `total()` in prices.py, a test that wants it rounded to cents, tinydep in vendor/. */
export const DEPS = {
  repo: join(FIXTURES, "deps"),
  /** Offline: pip reads only vendor/, so the set-up needs no network and no registry. */
  setup:
    "mkdir -p .deps && python3 -m pip install -q --no-index --find-links vendor --target .deps -r requirements.txt",
  command: "PYTHONPATH=.deps python3 -m unittest discover -s tests -t .",
  /** One of deps-patches/: adds, adds-too (tinydep in requirements.txt), uses-only (without), unavailable. */
  patch: (name: string) => readFileSync(join(FIXTURES, "deps-patches", `${name}.patch`), "utf8"),
} as const;

/**
 * The `vendored` repository: `slug()` over textkit, a local package under vendor/ that requirements.txt
 * names (`./vendor/textkit`), installed by pip into a venv over the image's system site, offline, built by
 * the system's setuptools: the set-up a new user writes for local packages.
 */
export const VENDORED = {
  repo: join(FIXTURES, "vendored"),
  setup:
    "python3 -m venv --system-site-packages .venv && .venv/bin/pip install -q --no-index --no-build-isolation -r requirements.txt",
  command: ".venv/bin/python -m pytest -q -p no:cacheprovider tests",
  /** One of vendored-patches/: vendors (adds vendor/punct and names it), uses-vendored, unvendored (names it only). */
  patch: (name: string) => readFileSync(join(FIXTURES, "vendored-patches", `${name}.patch`), "utf8"),
} as const;

const OWN = " for the candidates that change ";

/** A run's log lines of the set-ups that ran: the base's, and the candidates' own ones. */
export function setupLines(lines: readonly string[]): { base: string[]; own: string[] } {
  const ran = lines.filter((line) => /^setup on .* took/.test(line));
  return { base: ran.filter((line) => !line.includes(OWN)), own: ran.filter((line) => line.includes(OWN)) };
}

/** The set-ups a run's log reports: how many were the base's, and the inputs each candidates' own one was for. */
export function setupsRan(lines: readonly string[]): { base: number; own: string[] } {
  const { base, own } = setupLines(lines);
  return {
    base: base.length,
    own: own.flatMap((line) => /for the candidates that change (.*) took/.exec(line)?.[1] ?? []),
  };
}
