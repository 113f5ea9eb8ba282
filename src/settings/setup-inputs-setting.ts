// The `setup-inputs` input, read: the globs of what `setup` reads (prepare/setup-inputs.ts decides which
// candidates need a set-up of their own). Pure.
import { InputError } from "../core/errors.js";
import { readGlobList } from "./glob-list.js";

/**
 * The manifests and lock files of pip, poetry, uv, npm, yarn, pnpm, composer, go, cargo and bundler, at any
 * depth: what their installs read. A repository's CI installs from the pull request's versions of them.
 */
export const SETUP_INPUTS: readonly string[] = [
  "**/requirements*.txt",
  "**/requirements/*.txt",
  "**/constraints*.txt",
  "**/pyproject.toml",
  "**/setup.py",
  "**/setup.cfg",
  "**/poetry.lock",
  "**/uv.lock",
  "**/Pipfile",
  "**/Pipfile.lock",
  "**/package.json",
  "**/package-lock.json",
  "**/npm-shrinkwrap.json",
  "**/yarn.lock",
  "**/pnpm-lock.yaml",
  "**/pnpm-workspace.yaml",
  "**/composer.json",
  "**/composer.lock",
  "**/go.mod",
  "**/go.sum",
  "**/Cargo.toml",
  "**/Cargo.lock",
  "**/Gemfile",
  "**/Gemfile.lock",
];

/**
 * The input's items → its globs. `default` stands for SETUP_INPUTS (so `default, tools/deps.txt` adds to
 * them); `none` alone turns per-candidate set-ups off; an empty value is the default, as for every input.
 */
export function parseSetupInputs(items: readonly string[]): string[] {
  if (items.length === 0) return [...SETUP_INPUTS];
  const read = readGlobList("setup-inputs", items, "turns per-candidate set-ups off");
  if (read.negated.length > 0)
    throw new InputError(
      "setup-inputs",
      `'!${read.negated[0]}' is a negation: list the files the set-up reads, not the ones to leave out`,
    );
  return [...new Set([...(read.defaults ? SETUP_INPUTS : []), ...read.globs])];
}
