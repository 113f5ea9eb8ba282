// The rules of a release: which versions are releases, which one may come next, the tags it pushes and
// the git commands that push them. Pure: scripts/release.ts and its unit test share these.

export interface Version {
  major: number;
  minor: number;
  patch: number;
}

/** One line of the release's checks. */
export interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

/** X.Y.Z without a prefix or a pre-release: what a release is called here. */
export function parseVersion(text: string): Version | undefined {
  const m = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/.exec(text);
  return m ? { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]) } : undefined;
}

export const formatVersion = (v: Version): string => `${v.major}.${v.minor}.${v.patch}`;

export const compareVersions = (a: Version, b: Version): number =>
  a.major - b.major || a.minor - b.minor || a.patch - b.patch;

/** The newest release among tag names: vX.Y.Z only, so the moving major tags (v1) and other tags are none. */
export function latestRelease(tags: string[]): Version | undefined {
  const releases = tags.flatMap((tag) => {
    const version = tag.startsWith("v") ? parseVersion(tag.slice(1)) : undefined;
    return version ? [version] : [];
  });
  return releases.sort(compareVersions).at(-1);
}

/** The release's own tag, never moved once pushed, and the major tag that follows the newest release. */
export function tagsFor(version: Version): { release: string; major: string } {
  return { release: `v${formatVersion(version)}`, major: `v${version.major}` };
}

export function versionCheck(version: Version, tags: string[]): Check {
  const latest = latestRelease(tags);
  const name = "version";
  if (!latest) return { name, ok: true, detail: `${formatVersion(version)} is the first release (no vX.Y.Z tag yet)` };
  const ok = compareVersions(version, latest) > 0;
  return {
    name,
    ok,
    detail: `${formatVersion(version)} is ${ok ? "" : "not "}newer than the latest release, v${formatVersion(latest)}`,
  };
}

/** What npm's page, `npm repo` / `npm bugs` and provenance need: a release without them is refused. */
const PACKAGE_METADATA = ["description", "license", "repository", "homepage", "bugs"] as const;

/** package.json at the commit (undefined: it has none) must already say the version, and say where it lives. */
export function packageCheck(packageJson: string | undefined, version: Version): Check {
  const name = "package.json";
  if (packageJson === undefined) return { name, ok: false, detail: "the commit has no package.json" };
  let found: Record<string, unknown>;
  try {
    found = (JSON.parse(packageJson) as Record<string, unknown> | null) ?? {};
  } catch {
    return { name, ok: false, detail: "is not valid JSON" };
  }
  if (found.version !== formatVersion(version))
    return { name, ok: false, detail: `says version ${String(found.version)}, not ${formatVersion(version)}` };
  const missing = PACKAGE_METADATA.filter((key) => found[key] === undefined || found[key] === "");
  return missing.length === 0
    ? { name, ok: true, detail: `version ${String(found.version)}` }
    : { name, ok: false, detail: `has no ${missing.join(", ")}: npm's page and provenance need them` };
}

/** CHANGELOG.md at the commit must have the release's section, `## [X.Y.Z]` (a date may follow). */
export function changelogCheck(changelog: string | undefined, version: Version): Check {
  const name = "CHANGELOG.md";
  const heading = `## [${formatVersion(version)}]`;
  if (changelog === undefined) return { name, ok: false, detail: "the commit has no CHANGELOG.md" };
  const ok = changelog.split("\n").some((line) => line.startsWith(heading));
  return { name, ok, detail: ok ? `has a section ${heading}` : `has no section ${heading}` };
}

/**
 * What a release runs, in order: its tag, annotated, on the commit; the major tag moved to the same commit
 * (as actions/checkout moves v4 to each v4.x.y); both pushed at once. `--atomic` pushes both or neither,
 * and `+` forces the major tag only, so a release tag that exists on the remote is never overwritten.
 */
export function releaseCommands(version: Version, commit: string): string[][] {
  const { release, major } = tagsFor(version);
  return [
    ["git", "tag", "-a", release, "-m", release, commit],
    ["git", "tag", "-f", major, commit],
    ["git", "push", "--atomic", "origin", `refs/tags/${release}`, `+refs/tags/${major}`],
  ];
}
