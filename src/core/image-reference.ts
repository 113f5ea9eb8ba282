// The one rule for an image reference a dataset line names (`"image"`): what docker and podman accept as
// `[registry[:port]/]path[:tag][@algorithm:hex]`, written after the grammar of the distribution project's
// reference package (github.com/distribution/reference, reference.go), which both engines parse with.
// Checked as the line is read, so a malformed name is that line's problem, named with it, and never a pull
// that fails half-way through a run (nor a string that an engine's CLI could read as an option).

/** The longest repository name (registry and path) the grammar allows. */
const MAX_NAME_LENGTH = 255;

// A path component: lower-case alphanumerics, joined by one `.`, one or two `_`, or any number of `-`.
const COMPONENT = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*$/;
// A registry: host name labels (or an IPv6 address in brackets), with an optional port.
const DOMAIN =
  /^(?:(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])(?:\.(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9]))*|\[[0-9a-fA-F:.]+\])(?::[0-9]+)?$/;
const TAG = /^[\w][\w.-]{0,127}$/;
const DIGEST = /^[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*:[0-9a-fA-F]{32,}$/;

/** Why `reference` is not an image reference an engine accepts, or undefined when it is one. Pure. */
export function imageReferenceProblem(reference: string): string | undefined {
  if (reference.trim() !== reference || reference === "") return "is empty or has blanks around it";
  if (/\s/.test(reference)) return "holds a blank";
  const at = reference.indexOf("@");
  const named = at < 0 ? reference : reference.slice(0, at);
  const digest = at < 0 ? undefined : reference.slice(at + 1);
  if (digest !== undefined) {
    if (!DIGEST.test(digest)) return `has a malformed digest ${JSON.stringify(digest)} (as sha256:<64 hex digits>)`;
    if (digest.startsWith("sha256:") && digest.length !== "sha256:".length + 64)
      return "has a sha256 digest that is not 64 hex digits";
  }
  // The tag is after the last colon that follows the last slash (a colon before it is the registry's port).
  const slash = named.lastIndexOf("/");
  const colon = named.lastIndexOf(":");
  const name = colon > slash ? named.slice(0, colon) : named;
  const tag = colon > slash ? named.slice(colon + 1) : undefined;
  if (tag !== undefined && !TAG.test(tag))
    return `has a malformed tag ${JSON.stringify(tag)} (letters, digits, '_', '.', '-'; at most 128)`;
  if (name.length > MAX_NAME_LENGTH) return `has a name longer than ${MAX_NAME_LENGTH} characters`;
  const parts = name.split("/");
  // The first part is a registry when it looks like a host (a dot, a port, `localhost`, upper case).
  const first = parts[0]!;
  const hasDomain = parts.length > 1 && (/[.:]/.test(first) || first === "localhost" || first !== first.toLowerCase());
  if (hasDomain && !DOMAIN.test(first)) return `has a malformed registry ${JSON.stringify(first)}`;
  const path = hasDomain ? parts.slice(1) : parts;
  const bad = path.find((component) => !COMPONENT.test(component));
  if (bad !== undefined)
    return `has a malformed name part ${JSON.stringify(bad)} (lower-case letters and digits, joined by '.', '_', '__' or '-')`;
  return undefined;
}

/** Where SWE-bench's images hold the repository and its editable install. */
export const SWE_BENCH_TESTBED = "/testbed";

/**
 * The directory an image's environment expects the repository in, when the image's name says so: SWE-bench's
 * per-instance images (`[registry/][namespace/]sweb.eval.<arch>.<instance id>:<tag>`, as its harness names
 * them in test_spec.py's instance_image_key) hold it at /testbed, installed there in editable mode. A line's
 * own `image_workdir` wins over this. Pure.
 */
export function knownImageWorkdir(reference: string): string | undefined {
  const name = reference.split("@")[0]!;
  return name.slice(name.lastIndexOf("/") + 1).startsWith("sweb.eval.") ? SWE_BENCH_TESTBED : undefined;
}
