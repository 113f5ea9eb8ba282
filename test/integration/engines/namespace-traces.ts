// What `isolation: namespace` could leave on the host, looked up by sandbox id.
import { existsSync, readdirSync } from "node:fs";
import { NAMESPACE_ROOT } from "../../../src/sandbox/engines/namespace.js";

/** What of the sandboxes `ids` is still on the host: runc's state, a bundle, a cgroup in any hierarchy. */
export function traces(ids: readonly string[]): string[] {
  const hierarchies = readdirSync("/sys/fs/cgroup").map((h) => `/sys/fs/cgroup/${h}`);
  return ids.flatMap((id) =>
    [
      `${NAMESPACE_ROOT}/runc/${id}`,
      `${NAMESPACE_ROOT}/bundles/${id}`,
      `/sys/fs/cgroup/${id}`,
      ...hierarchies.map((h) => `${h}/${id}`),
    ].filter((path) => existsSync(path)),
  );
}
