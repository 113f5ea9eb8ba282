// npm run release: the rules, then the script itself in throw-away repositories, with a bare repository as
// origin: the release workflow as far as it runs without GitHub.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import {
  changelogCheck,
  compareVersions,
  formatVersion,
  latestRelease,
  packageCheck,
  parseVersion,
  releaseCommands,
  tagsFor,
  versionCheck,
  type Version,
} from "../scripts/release/plan.js";
import { tempDir } from "./support/temp.js";

const v = (text: string): Version => parseVersion(text)!;

describe("versions", () => {
  it("are X.Y.Z, nothing else", () => {
    expect(parseVersion("1.2.3")).toEqual({ major: 1, minor: 2, patch: 3 });
    expect(parseVersion("0.10.0")).toEqual({ major: 0, minor: 10, patch: 0 });
    for (const text of ["v1.2.3", "1.2", "1.2.3.4", "01.2.3", "1.2.3-rc.1", "1.2.3+build", " 1.2.3", ""])
      expect(parseVersion(text)).toBeUndefined();
  });

  it("order by number, part by part", () => {
    const sorted = ["1.10.0", "0.9.9", "1.2.10", "1.2.9", "2.0.0", "1.2.0"]
      .map(v)
      .sort(compareVersions)
      .map(formatVersion);
    expect(sorted).toEqual(["0.9.9", "1.2.0", "1.2.9", "1.2.10", "1.10.0", "2.0.0"]);
  });

  it("the latest release is the newest vX.Y.Z tag; major tags and other tags are none", () => {
    expect(latestRelease(["v0.1.0", "v1", "v1.9.0", "v1.10.0", "v0", "v2", "v2.0.0-rc.1", "nightly"])).toEqual(
      v("1.10.0"),
    );
    expect(latestRelease(["v1", "v2-beta"])).toBeUndefined();
    expect(latestRelease([])).toBeUndefined();
  });

  it("the next release must be newer than the latest", () => {
    const tags = ["v0.1.0", "v0.1.1", "v1.0.0", "v1", "v0"];
    expect(versionCheck(v("1.1.0"), tags)).toEqual({
      name: "version",
      ok: true,
      detail: "1.1.0 is newer than the latest release, v1.0.0",
    });
    expect(versionCheck(v("1.0.0"), tags).ok).toBe(false);
    expect(versionCheck(v("0.2.0"), tags).detail).toBe("0.2.0 is not newer than the latest release, v1.0.0");
    expect(versionCheck(v("0.1.0"), []).detail).toBe("0.1.0 is the first release (no vX.Y.Z tag yet)");
  });
});

describe("a release's tags and commands", () => {
  it("tags vX.Y.Z and moves vX, v0 included", () => {
    expect(tagsFor(v("1.1.0"))).toEqual({ release: "v1.1.0", major: "v1" });
    expect(tagsFor(v("0.1.0"))).toEqual({ release: "v0.1.0", major: "v0" });
  });

  it("tags the commit, moves the major tag there and pushes both at once, forcing only the major tag", () => {
    expect(releaseCommands(v("1.1.0"), "abc123")).toEqual([
      ["git", "tag", "-a", "v1.1.0", "-m", "v1.1.0", "abc123"],
      ["git", "tag", "-f", "v1", "abc123"],
      ["git", "push", "--atomic", "origin", "refs/tags/v1.1.0", "+refs/tags/v1"],
    ]);
  });
});

describe("the commit's files", () => {
  it("package.json must say the version", () => {
    const complete = {
      description: "d",
      license: "MIT",
      repository: { type: "git", url: "git+https://github.com/o/r.git" },
      homepage: "https://github.com/o/r#readme",
      bugs: { url: "https://github.com/o/r/issues" },
    };
    const pkg = (extra: object) => JSON.stringify({ ...complete, ...extra });
    expect(packageCheck(pkg({ version: "1.1.0" }), v("1.1.0"))).toEqual({
      name: "package.json",
      ok: true,
      detail: "version 1.1.0",
    });
    expect(packageCheck(pkg({ version: "1.1.0", repository: undefined, bugs: "" }), v("1.1.0")).detail).toBe(
      "has no repository, bugs: npm's page and provenance need them",
    );
    expect(packageCheck('{"version": "1.0.0"}', v("1.1.0")).detail).toBe("says version 1.0.0, not 1.1.0");
    expect(packageCheck("{", v("1.1.0")).detail).toBe("is not valid JSON");
    expect(packageCheck(undefined, v("1.1.0")).detail).toBe("the commit has no package.json");
  });

  it("CHANGELOG.md must have a section ## [X.Y.Z], a date after it or not", () => {
    const changelog =
      "# Changelog\n\n## [Unreleased]\n\n## [1.1.0] - 2026-12-01\n\n- a change; see ## [1.2.0] later\n\n### [1.3.0]\n\n## [1.1.01]\n";
    expect(changelogCheck(changelog, v("1.1.0"))).toEqual({
      name: "CHANGELOG.md",
      ok: true,
      detail: "has a section ## [1.1.0]",
    });
    for (const version of ["1.2.0", "1.3.0", "1.1.1"]) expect(changelogCheck(changelog, v(version)).ok).toBe(false);
    expect(changelogCheck("## [1.1.0]", v("1.1.0")).ok).toBe(true);
    expect(changelogCheck(undefined, v("1.1.0")).detail).toBe("the commit has no CHANGELOG.md");
  });

  it("this checkout's version, the one --version prints, has its section in CHANGELOG.md", () => {
    const root = resolve(import.meta.dirname, "..");
    const version = parseVersion(
      (JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { version: string }).version,
    );
    expect(version).toBeDefined();
    expect(changelogCheck(readFileSync(join(root, "CHANGELOG.md"), "utf8"), version!).ok).toBe(true);
    const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")) as { version: string };
    expect(lock.version).toBe(formatVersion(version!));
  });
});

// ---- the script, on repositories of its own ----

const ROOT = resolve(import.meta.dirname, "..");
const TSX = join(ROOT, "node_modules/.bin/tsx");
const SCRIPT = join(ROOT, "scripts/release.ts");
// Nobody's git configuration, a fixed identity (the annotated tag needs one), no npm update check.
const ENV = {
  ...process.env,
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_AUTHOR_NAME: "test",
  GIT_AUTHOR_EMAIL: "test@example.invalid",
  GIT_COMMITTER_NAME: "test",
  GIT_COMMITTER_EMAIL: "test@example.invalid",
  npm_config_update_notifier: "false",
};

// The project's shape in miniature: a build that turns src/ into dist/, and a lockfile for npm ci.
const BUILD = `import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
mkdirSync("dist", { recursive: true });
writeFileSync("dist/index.js", "// built\\n" + readFileSync("src/main.txt", "utf8"));
`;
const built = (src: string): string => `// built\n${src}`;

interface Commit {
  version: string;
  /** Versions with a CHANGELOG.md section. */
  sections: string[];
  src: string;
  /** dist/ as committed; a fresh build's by default. */
  dist?: string;
  /** Tags set on the commit, moved there if they exist (as a major tag is). */
  tags?: string[];
}

const HISTORY: Commit[] = [
  { version: "0.1.0", sections: ["0.1.0"], src: "one\n", tags: ["v0.1.0", "v0"] },
  { version: "0.1.1", sections: ["0.1.1", "0.1.0"], src: "two\n", tags: ["v0.1.1", "v0"] },
  { version: "1.0.0", sections: ["1.0.0", "0.1.1", "0.1.0"], src: "three\n", tags: ["v1.0.0", "v1"] },
  { version: "1.1.0", sections: ["1.1.0", "1.0.0", "0.1.1", "0.1.0"], src: "four\n" },
];

function run(cwd: string, command: string, ...args: string[]): string {
  return execFileSync(command, args, { cwd, env: ENV, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

function repository(commits: Commit[]): { dir: string; git: (...args: string[]) => string } {
  const dir = tempDir("release-repo");
  const git = (...args: string[]) => run(dir, "git", ...args);
  git("init", "-q", "-b", "main");
  mkdirSync(join(dir, "scripts"));
  mkdirSync(join(dir, "src"));
  mkdirSync(join(dir, "dist"));
  writeFileSync(join(dir, "scripts/build.mjs"), BUILD);
  for (const c of commits) {
    const pkg = {
      name: "fixture",
      version: c.version,
      description: "a fixture",
      license: "MIT",
      repository: "github:o/fixture",
      homepage: "https://github.com/o/fixture#readme",
      bugs: "https://github.com/o/fixture/issues",
      private: true,
      scripts: { build: "node scripts/build.mjs" },
    };
    const lock = {
      name: "fixture",
      version: c.version,
      lockfileVersion: 3,
      requires: true,
      packages: { "": { name: "fixture", version: c.version } },
    };
    writeFileSync(join(dir, "package.json"), `${JSON.stringify(pkg, null, 2)}\n`);
    writeFileSync(join(dir, "package-lock.json"), `${JSON.stringify(lock, null, 2)}\n`);
    writeFileSync(
      join(dir, "CHANGELOG.md"),
      ["# Changelog", "## [Unreleased]", ...c.sections.map((s) => `## [${s}] - 2026-12-01\n\n- things`)].join("\n\n") +
        "\n",
    );
    writeFileSync(join(dir, "src/main.txt"), c.src);
    writeFileSync(join(dir, "dist/index.js"), c.dist ?? built(c.src));
    git("add", "-A");
    git("commit", "-q", "-m", `release ${c.version}`);
    for (const tag of c.tags ?? []) git("tag", "-f", tag);
  }
  return { dir, git };
}

/** The script in dir, with a temp dir of its own, so a scratch directory it left shows (tsx keeps its own there). */
function release(dir: string, ...args: string[]) {
  const tmp = tempDir("release-tmp");
  const r = spawnSync(TSX, [SCRIPT, ...args], { cwd: dir, env: { ...ENV, TMPDIR: tmp }, encoding: "utf8" });
  return {
    status: r.status,
    stdout: r.stdout,
    stderr: r.stderr,
    leftovers: readdirSync(tmp).filter((name) => name.startsWith("sandbox-gate-release-")),
  };
}

const refs = (git: (...args: string[]) => string) =>
  git("for-each-ref", "--format=%(refname) %(objectname)", "refs/tags");

describe("npm run release, in a repository of its own", { timeout: 60_000 }, () => {
  it("dry: checks, prints the commands that tag v1.1.0 and move v1, and touches nothing", () => {
    const { dir, git } = repository(HISTORY);
    const head = git("rev-parse", "HEAD").trim();
    const before = refs(git);
    const r = release(dir, "--version", "1.1.0", "--dry-run");
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(
      [
        `release v1.1.0 on ${head} (release 1.1.0)`,
        "ok   version: 1.1.0 is newer than the latest release, v1.0.0",
        "ok   package.json: version 1.1.0",
        "ok   CHANGELOG.md: has a section ## [1.1.0]",
        "ok   dist/: the committed dist/ is what a fresh build gives",
        "dry run: would run",
        `  git tag -a v1.1.0 -m v1.1.0 ${head}`,
        `  git tag -f v1 ${head}`,
        "  git push --atomic origin refs/tags/v1.1.0 +refs/tags/v1",
        "",
      ].join("\n"),
    );
    expect(refs(git)).toBe(before);
    expect(git("status", "--porcelain")).toBe("");
    expect(r.leftovers).toEqual([]);
  });

  it("refuses 1.0.0 again: not newer than the latest release", () => {
    const { dir } = repository(HISTORY);
    const r = release(dir, "--version", "1.0.0", "--dry-run");
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("FAIL version: 1.0.0 is not newer than the latest release, v1.0.0\n");
    expect(r.stdout).not.toContain("would run");
    expect(r.stderr).toBe("release: refusing v1.0.0: version, package.json\n");
  });

  it("refuses a version without a CHANGELOG.md section, even when package.json says it", () => {
    const { dir } = repository([...HISTORY, { version: "1.2.0", sections: ["1.1.0", "1.0.0"], src: "five\n" }]);
    const r = release(dir, "--version", "1.2.0", "--dry-run");
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("ok   package.json: version 1.2.0\n");
    expect(r.stdout).toContain("FAIL CHANGELOG.md: has no section ## [1.2.0]\n");
    expect(r.stderr).toBe("release: refusing v1.2.0: CHANGELOG.md\n");
  });

  it("refuses a commit whose dist/ is not what its src/ builds to", () => {
    const { dir } = repository([...HISTORY.slice(0, -1), { ...HISTORY.at(-1)!, dist: built("three\n") }]);
    const r = release(dir, "--version", "1.1.0", "--dry-run");
    expect(r.status).toBe(1);
    expect(r.stdout).toContain("FAIL dist/: the committed dist/ differs from a fresh build: dist/index.js (content)\n");
    expect(r.stderr).toBe("release: refusing v1.1.0: dist/\n");
    expect(r.leftovers).toEqual([]);
  });

  it("for real: pushes v1.1.0 and moves v1 on origin, then refuses 1.1.0 a second time", () => {
    const { dir, git } = repository(HISTORY);
    const origin = tempDir("release-origin");
    run(origin, "git", "init", "-q", "--bare");
    git("remote", "add", "origin", origin);
    git("push", "-q", "origin", "main", "--tags");
    const head = git("rev-parse", "HEAD").trim();
    const v100 = git("rev-parse", "v1.0.0").trim();

    const r = release(dir, "--version", "1.1.0");
    expect(r.status).toBe(0);
    // git's own lines come between these.
    for (const line of [
      `+ git tag -a v1.1.0 -m v1.1.0 ${head}`,
      `+ git tag -f v1 ${head}`,
      "+ git push --atomic origin refs/tags/v1.1.0 +refs/tags/v1",
    ]) {
      expect(r.stdout).toContain(`${line}\n`);
    }
    const remote = (ref: string) => run(origin, "git", "rev-parse", ref).trim();
    expect(remote("v1.1.0^{commit}")).toBe(head);
    expect(run(origin, "git", "cat-file", "-t", "v1.1.0")).toBe("tag\n");
    expect(remote("v1")).toBe(head);
    expect(remote("v1.0.0")).toBe(v100);

    const again = release(dir, "--version", "1.1.0", "--dry-run");
    expect(again.status).toBe(1);
    expect(again.stdout).toContain("FAIL version: 1.1.0 is not newer than the latest release, v1.1.0\n");
  });

  it.each([[[]], [["--version", "v1.1.0"]], [["--version", "1.1"]], [["--version", "1.1.0", "--push"]]])(
    "%j is bad usage: exit 2",
    (args) => {
      const { dir } = repository(HISTORY.slice(0, 1));
      const r = release(dir, ...args);
      expect(r.status).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(/^release: .+\nusage: npm run release -- --version X\.Y\.Z \[--dry-run\]\n$/);
    },
  );
});
