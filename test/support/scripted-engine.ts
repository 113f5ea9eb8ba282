// A scripted engine for unit tests of whole runs: no container, each job's verdict read off its solution.
import type { RunFacts } from "../../src/core/model.js";
import type { ContainerEngine } from "../../src/sandbox/engine.js";
import type { SandboxJob } from "../../src/sandbox/job.js";
import { captured, runFacts } from "./facts.js";

/**
 * Fails a solution that says FAIL; while `down`, fails us (sandbox_error) on one that says OURS. Keeps every
 * job it is asked to run (`jobs`) and each one's solution, trimmed (`ran`).
 */
export class ScriptedEngine implements ContainerEngine {
  readonly jobs: SandboxJob[] = [];
  readonly ran: string[] = [];
  constructor(private readonly down = false) {}
  async run(job: SandboxJob): Promise<RunFacts> {
    this.jobs.push(job);
    const code = String(job.files.find((f) => f.path === "solution.py")?.content ?? "");
    this.ran.push(code.trim());
    if (this.down && code.includes("OURS"))
      return runFacts({ phase: "setup", exitCode: null, sandboxError: "engine hiccup" });
    return code.includes("FAIL") ? runFacts({ exitCode: 1, stderr: captured("AssertionError") }) : runFacts();
  }
  async hasImage(): Promise<boolean> {
    return true;
  }
  async pull(): Promise<void> {}
  async removeLabelled(): Promise<string[]> {
    return [];
  }
  async close(): Promise<string[]> {
    return [];
  }
  async abort(): Promise<string[]> {
    return [];
  }
}
