// `@github/local-action` runs the action from src/ with .env.example, the main step and then the post step,
// as `npm run local-action` does; the example needs no Docker (a prose reply, judged no_code).
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "./support/temp.js";

const ROOT = resolve(import.meta.dirname, "..");

describe(".env.example under local-action", () => {
  it("runs the main step without Docker, then the post step, which only warns that no docker answers", () => {
    const dir = tempDir("local-action");
    const summary = join(dir, "summary.md");
    // .env.example as it is, but for where the job summary goes.
    const env = join(dir, ".env");
    writeFileSync(
      env,
      readFileSync(resolve(ROOT, ".env.example"), "utf8").replace(
        /^GITHUB_STEP_SUMMARY=.*$/m,
        `GITHUB_STEP_SUMMARY=${summary}`,
      ),
    );
    // A docker first on the PATH that only notes how it was called, and fails.
    mkdirSync(join(dir, "bin"));
    writeFileSync(join(dir, "bin/docker"), `#!/bin/sh\necho "$@" >> ${join(dir, "docker-called")}\nexit 1\n`, {
      mode: 0o755,
    });
    const r = spawnSync(
      process.execPath,
      [
        resolve(ROOT, "node_modules/@github/local-action/bin/local-action.js"),
        "run",
        ".",
        "src/main.ts",
        env,
        "--post",
        "src/post.ts",
      ],
      {
        cwd: ROOT,
        encoding: "utf8",
        // spawnSync blocks the test's own time limit from firing: this one ends a hang.
        // 240 s: at load 20, npx, tsx and the run together took over 60 s.
        timeout: 240_000,
        env: {
          ...process.env,
          PATH: `${join(dir, "bin")}:${process.env.PATH}`,
        },
      },
    );
    const out = r.stdout + r.stderr;
    expect(r.status, out).toBe(0);
    const [main, post] = out.split(/=+\n\s+Running Post Step\n=+/);
    expect(post, "the post step ran").toBeDefined();
    expect(main).toContain("::set-output name=status::fail");
    expect(main).toContain("::set-output name=total::1");
    expect(main).toMatch(/::error title=sandbox-gate: no code in replies\/prose-only\.md::No runnable code/);
    expect(main).not.toContain("sandbox_error");
    // The main step asks docker nothing; the post step asks it for the run's leftovers (all it is for), and
    // a docker that cannot answer is a warning there, never a failed job.
    const calls = readFileSync(join(dir, "docker-called"), "utf8").trim().split("\n");
    const runId = /label io\.github\.sandbox-gate\.run=(local-[0-9a-f]+)/.exec(main ?? "")?.[1];
    expect(runId, "the run's label").toBeDefined();
    expect(calls).toEqual([`ps -a --filter label=io.github.sandbox-gate.run=${runId} --format {{.Names}}`]);
    expect(post).toContain(
      `::warning::sandbox-gate cleanup: cannot list containers labelled io.github.sandbox-gate.run=${runId}`,
    );
    expect(post).not.toContain("::error");
    expect(readFileSync(summary, "utf8")).toMatch(/\| replies\/prose-only\.md \| ❌ no code \|/);
  }, 300_000); // above spawnSync's own 240 s
});
