// A run image's steps through the engine's CLI (docker or podman): a command each, as podman and a docker
// the Engine API cannot reach (ssh://, TLS, a context) need.
import { cli, describeFailure } from "../../cli-command.js";
import { removeImage } from "../../image.js";
import { type Dialect, cliRunArgs } from "../../policy.js";
import type { RunImageSteps } from "../../run-image.js";

export function cliRunImageSteps(binary: string, dialect: Dialect): RunImageSteps {
  const failure = (result: Parameters<typeof describeFailure>[0]) =>
    result.code === 0 ? undefined : describeFailure(result);
  return {
    create: async (name, policy) => failure(await cli(binary, cliRunArgs(policy, name, dialect, "create"))),
    copy: async (name, archive, timeoutMs) =>
      failure(await cli(binary, ["cp", "-", `${name}:/`], { input: archive, timeoutMs })),
    async start(name, timeoutMs, maxOutputBytes) {
      const result = await cli(binary, ["start", "-a", name], { timeoutMs, maxOutputBytes });
      const output = `${result.stdout}${result.stderr}`;
      if (result.timedOut) {
        // The CLI was killed at the deadline: the container still runs.
        await cli(binary, ["kill", name]);
        return { timedOut: true, output };
      }
      if (result.error) return { failed: result.error.message, output };
      return { code: result.code ?? 125, output };
    },
    async commit(name, tag, labels, timeoutMs) {
      const changes = Object.entries(labels).flatMap(([key, value]) => ["--change", `LABEL ${key}=${value}`]);
      const committed = await cli(binary, ["commit", ...changes, name, tag], { timeoutMs });
      if (committed.code !== 0) return { failed: describeFailure(committed) };
      const id = committed.stdout.trim();
      return id ? { id } : {};
    },
    remove: async (name) => void (await cli(binary, ["rm", "-f", "-v", name])),
    removeImage: (image) => removeImage(binary, image, true),
  };
}
