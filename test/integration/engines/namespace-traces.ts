// What `isolation: namespace` could leave on the host, looked up by sandbox id.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { NAMESPACE_ROOT } from "../../../src/sandbox/engines/namespace/namespace.js";

/** What of the sandboxes `ids` is still on the host: a sandbox's record, a cgroup in any hierarchy. */
export function traces(ids: readonly string[]): string[] {
  const hierarchies = readdirSync("/sys/fs/cgroup").map((h) => `/sys/fs/cgroup/${h}`);
  return ids.flatMap((id) =>
    [`${NAMESPACE_ROOT}/sandboxes/${id}.json`, `/sys/fs/cgroup/${id}`, ...hierarchies.map((h) => `${h}/${id}`)].filter(
      (path) => existsSync(path),
    ),
  );
}

/** The templates' files under the engine's root still labelled with `runId`. */
export function templateFiles(runId: string): string[] {
  const dir = `${NAMESPACE_ROOT}/templates`;
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((name) => {
    const file = `${dir}/${name}/labels.json`;
    return existsSync(file) && Object.values(JSON.parse(readFileSync(file, "utf8")) as object).includes(runId);
  });
}

/** The sandboxes' records under the engine's root still labelled with `runId`: sandboxes not yet deleted. */
export function sandboxRecords(runId: string): string[] {
  const dir = `${NAMESPACE_ROOT}/sandboxes`;
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((name) => {
    if (!name.endsWith(".json")) return false;
    const record = JSON.parse(readFileSync(`${dir}/${name}`, "utf8")) as { labels?: object };
    return Object.values(record.labels ?? {}).includes(runId);
  });
}
