// A run image's steps through the Engine API, where the run's engine uses it: calls on the kept-alive
// socket, no CLI process per step (five a run image through the CLI, ≈ 0.05 CPU-s each, engine-api.ts),
// and none on the way of the commit's first candidate, which waits for its run image.
import { StreamCapture } from "../../capture.js";
import { type NameFilesOf, apiCreateConfig } from "../../policy.js";
import type { RunImageSteps, SetupExit, StepFailure } from "../../run-image.js";
import { KILL_GRACE_MS } from "../base.js";
import { removeContainer } from "./container.js";
import { ApiError, type EngineApi, FrameReader, STDOUT } from "./engine-api.js";

/** How long the engine may take to say how an ended container exited. */
const WAIT_TIMEOUT_MS = 60_000;

const failureOf = (call: Promise<unknown>): Promise<StepFailure> =>
  call.then(
    () => undefined,
    (error: Error) => error.message,
  );

/**
 * With `nameFiles` (the run's engine's, ContainerEngine.nameFiles), a setup without a network is made as its
 * candidates are, without docker's network hook (≈ 0.3 CPU-s on a host with page-table isolation).
 */
export function apiRunImageSteps(api: EngineApi, nameFiles?: NameFilesOf): RunImageSteps {
  return {
    // As the CLI's `create` (no -i): no stdin, so a setup that reads it gets EOF rather than a wait. The run
    // image's config keeps the setup's NetworkDisabled and Hostname; a container made from it takes neither
    // (docker merges only the user, environment, command, work dir and such from an image).
    create: async (name, policy) =>
      failureOf(
        api.call("POST", `/containers/create?name=${name}`, {
          ...apiCreateConfig(policy, policy.network === "none" ? await nameFiles?.(policy) : undefined),
          AttachStdin: false,
          OpenStdin: false,
          StdinOnce: false,
        }),
      ),
    // As `docker cp -`: owners as the tar has them, no directory replaced by a file.
    copy: (name, archive, timeoutMs) =>
      failureOf(
        api.sendTar(
          "PUT",
          `/containers/${name}/archive?path=%2F&noOverwriteDirNonDir=true`,
          archive,
          AbortSignal.timeout(timeoutMs),
        ),
      ),
    start: (name, timeoutMs, maxOutputBytes) => startAttached(api, name, timeoutMs, maxOutputBytes),
    async commit(name, tag, labels, timeoutMs) {
      const at = tag.lastIndexOf(":");
      const changes = Object.entries(labels)
        .map(([key, value]) => `&changes=${encodeURIComponent(`LABEL ${key}=${value}`)}`)
        .join("");
      const query = `container=${name}&repo=${encodeURIComponent(tag.slice(0, at))}&tag=${encodeURIComponent(tag.slice(at + 1))}`;
      try {
        const made = await api.call<{ Id?: string } | undefined>(
          "POST",
          `/commit?${query}${changes}`,
          undefined,
          AbortSignal.timeout(timeoutMs),
        );
        return made?.Id ? { id: made.Id } : {};
      } catch (error) {
        return { failed: (error as Error).message };
      }
    },
    remove: (name) => removeContainer(api, name).catch(() => {}),
    async removeImage(image) {
      try {
        await api.call("DELETE", `/images/${encodeURIComponent(image)}?force=1`);
        return undefined;
      } catch (error) {
        return error instanceof ApiError && error.status === 404 ? undefined : `${image}: ${(error as Error).message}`;
      }
    },
  };
}

/** Attaches to the container's output, starts it, reads to its end (killed at `timeoutMs`), then asks its exit. */
async function startAttached(
  api: EngineApi,
  name: string,
  timeoutMs: number,
  maxOutputBytes: number,
): Promise<SetupExit> {
  const stdout = new StreamCapture(maxOutputBytes);
  const stderr = new StreamCapture(maxOutputBytes);
  const output = () => `${stdout.result().text}${stderr.result().text}`;
  let stream;
  try {
    stream = await api.hijack(`/containers/${name}/attach?stream=1&stdout=1&stderr=1`);
  } catch (error) {
    return { failed: (error as Error).message, output: "" };
  }
  const frames = new FrameReader((id, payload) => (id === STDOUT ? stdout : stderr).push(payload));
  const attached = stream;
  const ended = new Promise<void>((resolve) => {
    attached.on("data", (chunk: Buffer) => frames.push(chunk));
    attached.on("error", () => {});
    attached.once("close", () => resolve());
  });
  try {
    await api.call("POST", `/containers/${name}/start`);
  } catch (error) {
    attached.destroy();
    return { failed: (error as Error).message, output: output() };
  }
  let timedOut = false;
  let cut: NodeJS.Timeout | undefined;
  const deadline = setTimeout(() => {
    timedOut = true;
    void api.call("POST", `/containers/${name}/kill`).catch(() => {});
    // A stream that does not end after the kill is cut.
    cut = setTimeout(() => attached.destroy(), KILL_GRACE_MS);
  }, timeoutMs);
  await ended;
  clearTimeout(deadline);
  clearTimeout(cut);
  if (timedOut) return { timedOut: true, output: output() };
  try {
    const waited = await api.call<{ StatusCode?: number } | undefined>(
      "POST",
      `/containers/${name}/wait?condition=not-running`,
      undefined,
      AbortSignal.timeout(WAIT_TIMEOUT_MS),
    );
    return typeof waited?.StatusCode === "number"
      ? { code: waited.StatusCode, output: output() }
      : { failed: "the engine gave no exit code", output: output() };
  } catch (error) {
    return { failed: (error as Error).message, output: output() };
  }
}
