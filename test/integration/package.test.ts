// The package as npm hands it to a user: `npm pack`, installed from the tarball into a scratch project,
// imported and required by name on Node 22 (the oldest `engines` allows) and on Node 24, type-checked
// against its .d.ts and .d.cts, its bin run. The tarball has no dependencies (everything is bundled), so
// the install needs no registry.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import packageJson from "../../package.json" with { type: "json" };
import { tempDir } from "../support/temp.js";
import { TEST_IMAGE } from "./support.js";

const ROOT = resolve(import.meta.dirname, "../..");
let project: string;
let files: string[];

const SCRIPT = `import { openSandbox } from "sandbox-gate";
const sandbox = await openSandbox({ language: "python", image: process.argv[2], pull: "never", command: "python3 solution.py" });
try {
  const observation = await sandbox.judge({ reply: "\`\`\`python\\nimport sys\\nprint(sys.version_info[0])\\n\`\`\`" });
  console.log(JSON.stringify({ node: process.versions.node, status: observation.status, stdout: observation.stdout }));
} finally {
  await sandbox.close();
}
`;

// The CommonJS entry, not Node's require(esm): a Node 22 before 22.12 has no require(esm) by default,
// and the resolved file says which one answered.
const REQUIRED = `const { openSandbox, InputError } = require("sandbox-gate");
(async () => {
  const sandbox = await openSandbox({ language: "python", image: process.argv[2], pull: "never", command: "python3 solution.py" });
  try {
    const observation = await sandbox.judge({ reply: "\`\`\`python\\nprint('required')\\n\`\`\`" });
    const file = require.resolve("sandbox-gate");
    console.log(JSON.stringify({ node: process.versions.node, file, status: observation.status, stdout: observation.stdout, error: typeof InputError }));
  } finally {
    await sandbox.close();
  }
})().catch((error) => { console.error(error); process.exitCode = 1; });
`;

const TYPED_CJS = `import { openSandbox, type Observation } from "sandbox-gate";
async function main(): Promise<string> {
  const sandbox = await openSandbox({ language: "python" });
  try {
    const observation: Observation = await sandbox.judge({ reply: "x" }, { signal: new AbortController().signal });
    return observation.exit_code === null ? observation.feedback : String(observation.duration_ms);
  } finally {
    await sandbox.close();
  }
}
void main();
`;

const TYPED = `import { openSandbox, InputError, type Observation, type SandboxOptions, type Status } from "sandbox-gate";
const options: SandboxOptions = { language: "python", timeout: "5s", memory: 128 * 1024 * 1024, tests: ["t.py"] };
const sandbox = await openSandbox(options);
const observation: Observation = await sandbox.judge({ reply: "x", files: { "t.py": "" } });
const status: Status = observation.status;
const out: string = observation.stdout + observation.feedback;
const failures: number | undefined = observation.tests?.counts.failed;
if (status === "syntax_error") console.log(observation.syntax?.line);
await sandbox.close();
console.log(out, failures, new InputError("timeout", "bad").input);
{
  await using disposed = await openSandbox(options);
  const cancelled: Observation = await disposed.judge({ reply: "x" }, { signal: AbortSignal.timeout(1000) });
  console.log(cancelled.status);
}
// @ts-expect-error: no such option
await openSandbox({ maxCandidates: 3 });
// @ts-expect-error: a candidate is a reply or a patch
await sandbox.judge({ files: {} });
`;

/** Node of that major: this one when it is, else the `node` package of that major, through npx. */
function node(version: 22 | 24, args: string[]) {
  const [command, prefix] = process.versions.node.startsWith(`${version}.`)
    ? [process.execPath, []]
    : ["npx", ["-y", "--prefer-offline", `node@${version}`]];
  return spawnSync(command, [...prefix, ...args], { cwd: project, encoding: "utf8" });
}

beforeAll(() => {
  const out = tempDir("pack");
  const packed = JSON.parse(
    execFileSync("npm", ["pack", "--json", "--pack-destination", out], { cwd: ROOT, encoding: "utf8" }),
  ) as Array<{ filename: string; files: Array<{ path: string }> }>;
  files = packed[0]!.files.map((f) => f.path).sort();
  project = join(out, "scratch");
  mkdirSync(project);
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "scratch", private: true, type: "module" }));
  execFileSync("npm", ["install", "--offline", "--no-audit", "--no-fund", join(out, packed[0]!.filename)], {
    cwd: project,
    stdio: "pipe",
  });
  writeFileSync(join(project, "judge.mjs"), SCRIPT);
  writeFileSync(join(project, "required.cjs"), REQUIRED);
  writeFileSync(join(project, "typed.ts"), TYPED);
  writeFileSync(join(project, "typed-cjs.cts"), TYPED_CJS);
}, 120_000);

describe("npm pack", () => {
  it("ships the bundles, the types, the schemas and the licences, and no source", () => {
    expect(files).toEqual(
      [
        "CHANGELOG.md",
        "LICENSE",
        "README.md",
        "dist/action.yml",
        "dist/cli.js",
        "dist/library.cjs",
        "dist/library.d.cts",
        "dist/library.d.ts",
        "dist/library.js",
        "dist/licenses.txt",
        "docs/dataset.schema.json",
        "docs/report.schema.json",
        "package.json",
      ].sort(),
    );
    const installed = JSON.parse(readFileSync(join(project, "node_modules/sandbox-gate/package.json"), "utf8"));
    expect(installed.version).toBe(packageJson.version);
    expect(installed.dependencies).toBeUndefined();
    expect(readdirSync(join(project, "node_modules"))).toEqual(expect.arrayContaining(["sandbox-gate"]));
  });

  it.each([22, 24] as const)("imports openSandbox by name and judges a reply on Node %i", (version) => {
    const r = node(version, ["judge.mjs", TEST_IMAGE]);
    expect(r.status, r.stderr).toBe(0);
    const seen = JSON.parse(r.stdout.trim().split("\n").at(-1)!);
    expect(seen).toEqual({ node: expect.stringMatching(new RegExp(`^${version}\\.`)), status: "pass", stdout: "3\n" });
  });

  it.each([22, 24] as const)(
    "requires openSandbox by name, from its CommonJS file, and judges a reply on Node %i",
    (version) => {
      const r = node(version, ["required.cjs", TEST_IMAGE]);
      expect(r.status, r.stderr).toBe(0);
      const seen = JSON.parse(r.stdout.trim().split("\n").at(-1)!);
      expect(seen).toEqual({
        node: expect.stringMatching(new RegExp(`^${version}\\.`)),
        file: join(project, "node_modules/sandbox-gate/dist/library.cjs"),
        status: "pass",
        stdout: "required\n",
        error: "function",
      });
    },
  );

  it("type-checks a program, and a CommonJS one, against the shipped .d.ts and .d.cts alone", () => {
    writeFileSync(
      join(project, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          module: "NodeNext",
          moduleResolution: "NodeNext",
          target: "ES2022",
          // The programs' own `await using` needs TypeScript's disposable lib and their AbortSignal the
          // DOM's (@types/node declares both); the shipped types themselves need neither.
          lib: ["ES2022", "ESNext.Disposable", "DOM"],
          strict: true,
          noEmit: true,
          types: [],
        },
        files: ["typed.ts", "typed-cjs.cts"],
      }),
    );
    const r = spawnSync(process.execPath, [resolve(ROOT, "node_modules/typescript/bin/tsc"), "-p", "."], {
      cwd: project,
      encoding: "utf8",
    });
    expect(r.stdout + r.stderr).toBe("");
    expect(r.status).toBe(0);
  });

  it("installs the bin, whose help finds action.yml in the package", () => {
    const bin = join(project, "node_modules/.bin/sandbox-gate");
    expect(execFileSync(bin, ["--version"], { encoding: "utf8" })).toBe(`${packageJson.version}\n`);
    expect(execFileSync(bin, ["run", "--help"], { encoding: "utf8" })).toMatch(
      / {2}--timeout VALUE\n.*\n?.*\[default: 10s\]/,
    );
  });
});
