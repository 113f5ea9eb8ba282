// `npm run release -- --version X.Y.Z [--dry-run]`: tag the checked-out commit vX.Y.Z, move the major tag
// vX to it and push both, as actions/checkout releases (the release workflow runs this). It refuses
// unless X.Y.Z is newer than every vX.Y.Z tag, the commit's package.json says X.Y.Z, its CHANGELOG.md has
// a `## [X.Y.Z]` section and its dist/ is what a fresh build of it gives. Every check reads the commit,
// not the work tree. --dry-run prints the checks and the exact git commands, and changes nothing.
//
// Exit 0 when released (or, dry, when it would be), 1 when refused or a git command failed, 2 on bad usage.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import {
  changelogCheck,
  packageCheck,
  parseVersion,
  releaseCommands,
  tagsFor,
  versionCheck,
  type Check,
} from "./release/plan.js";

const git = (...args: string[]): string =>
  execFileSync("git", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

/** A file as the commit has it; undefined when it has none. */
function show(commit: string, path: string): string | undefined {
  const r = spawnSync("git", ["show", `${commit}:${path}`], { encoding: "utf8" });
  return r.status === 0 ? r.stdout : undefined;
}

/** Relative paths of the files under dir. */
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((rel) => statSync(join(dir, rel)).isFile());

const executable = (path: string): boolean => (statSync(path).mode & 0o111) !== 0;

/** The files that differ between the committed dist/ and a fresh one, each with how. */
function distDifferences(committed: string, built: string): string[] {
  const before = new Set(filesUnder(committed));
  const after = new Set(filesUnder(built));
  return [...new Set([...before, ...after])].sort().flatMap((rel) => {
    const [a, b] = [join(committed, rel), join(built, rel)];
    const how = !before.has(rel)
      ? "not committed"
      : !after.has(rel)
        ? "not built"
        : !readFileSync(a).equals(readFileSync(b))
          ? "content"
          : executable(a) !== executable(b)
            ? "mode"
            : undefined;
    return how ? [`dist/${rel} (${how})`] : [];
  });
}

/**
 * The commit's dist/ against a build of the same commit from scratch: its tree (git archive) and its
 * lockfile (npm ci) in a temporary directory. The checkout's own node_modules could differ from the
 * lockfile, and ncc names modules by their path, so neither the checkout nor a link to it would do.
 */
function distCheck(commit: string): Check {
  const name = "dist/";
  const scratch = mkdtempSync(join(tmpdir(), "sandbox-gate-release-"));
  try {
    const tree = join(scratch, "tree");
    const committed = join(scratch, "committed");
    mkdirSync(tree);
    git("archive", "--format=tar", "-o", join(scratch, "tree.tar"), commit);
    execFileSync("tar", ["-xf", join(scratch, "tree.tar"), "-C", tree]);
    if (existsSync(join(tree, "dist"))) renameSync(join(tree, "dist"), committed);
    else mkdirSync(committed);
    for (const args of [
      ["ci", "--ignore-scripts", "--no-audit", "--no-fund"],
      ["run", "--silent", "build"],
    ]) {
      const r = spawnSync("npm", args, { cwd: tree, encoding: "utf8" });
      if (r.status !== 0) {
        const said = (r.error?.message ?? `${r.stderr}${r.stdout}`).trim().split("\n").slice(-5).join(" | ");
        return { name, ok: false, detail: `the fresh build failed at npm ${args.join(" ")}: ${said}` };
      }
    }
    const differences = distDifferences(committed, join(tree, "dist"));
    return differences.length === 0
      ? { name, ok: true, detail: "the committed dist/ is what a fresh build gives" }
      : { name, ok: false, detail: `the committed dist/ differs from a fresh build: ${differences.join(", ")}` };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function usage(message: string): never {
  process.stderr.write(`release: ${message}\nusage: npm run release -- --version X.Y.Z [--dry-run]\n`);
  process.exit(2);
}

let values: { version?: string; "dry-run": boolean };
try {
  ({ values } = parseArgs({
    options: { version: { type: "string" }, "dry-run": { type: "boolean", default: false } },
  }));
} catch (error) {
  usage((error as Error).message);
}
const version = parseVersion(values.version ?? "");
if (!version)
  usage(values.version === undefined ? "--version is required" : `--version '${values.version}' is not X.Y.Z`);

// git archive and the paths below are relative to the repository's root.
process.chdir(git("rev-parse", "--show-toplevel").trim());
const commit = git("rev-parse", "--verify", "HEAD^{commit}").trim();
const { release } = tagsFor(version);
console.log(`release ${release} on ${commit} (${git("log", "-1", "--format=%s", commit).trim()})`);

const checks = [
  versionCheck(version, git("tag", "--list", "v*").split("\n").filter(Boolean)),
  packageCheck(show(commit, "package.json"), version),
  changelogCheck(show(commit, "CHANGELOG.md"), version),
  distCheck(commit),
];
for (const check of checks) console.log(`${check.ok ? "ok  " : "FAIL"} ${check.name}: ${check.detail}`);
const failed = checks.filter((check) => !check.ok);
if (failed.length > 0) {
  process.stderr.write(`release: refusing ${release}: ${failed.map((check) => check.name).join(", ")}\n`);
  process.exit(1);
}

const commands = releaseCommands(version, commit);
if (values["dry-run"]) {
  console.log("dry run: would run");
  for (const argv of commands) console.log(`  ${argv.join(" ")}`);
} else {
  for (const [command, ...args] of commands) {
    console.log(`+ ${[command, ...args].join(" ")}`);
    const r = spawnSync(command!, args, { stdio: "inherit" });
    if (r.status !== 0) {
      process.stderr.write(`release: ${command} ${args.join(" ")} failed\n`);
      process.exit(1);
    }
  }
}
