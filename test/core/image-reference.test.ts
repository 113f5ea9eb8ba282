import { describe, expect, it } from "vitest";
import { imageReferenceProblem, knownImageWorkdir } from "../../src/core/image-reference.js";

const DIGEST = `sha256:${"ab12".repeat(16)}`;

describe("imageReferenceProblem", () => {
  it.each([
    "python",
    "python:3.12-slim",
    "library/python:3.12",
    // SWE-bench's per-instance images, the older and the newer naming.
    "swebench/sweb.eval.x86_64.django_1776_django-11099:latest",
    "swebench/sweb.eval.x86_64.astropy_1776_astropy-12907:v1",
    "docker.io/swebench/sweb.eval.x86_64.sympy_1776_sympy-20590",
    `python@${DIGEST}`,
    `python:3.12@${DIGEST}`,
    "localhost:5000/sandbox-gate/test:1",
    "ghcr.io/owner/name__with--dashes:tag_1.2-x",
    "[::1]:5000/x:y",
    "Registry.Example.com/a/b",
  ])("accepts %s", (reference) => {
    expect(imageReferenceProblem(reference)).toBeUndefined();
  });

  it.each([
    ["", /empty/],
    [" python", /blanks around/],
    ["python 3", /blank/],
    ["--rm", /name part "--rm"/],
    ["Python:3", /name part "Python"/],
    ["python:", /malformed tag ""/],
    ["python:3.12!", /malformed tag/],
    [`python:${"x".repeat(129)}`, /malformed tag/],
    ["python@sha256:abc", /malformed digest/],
    [`python@sha256:${"a".repeat(63)}`, /malformed digest|64 hex/],
    [`python@sha256:${"a".repeat(65)}`, /64 hex/],
    ["a//b", /name part ""/],
    ["a/b_-c", /name part "b_-c"/],
    ["bad_host.:5000/x", /malformed registry/],
    [`${"a".repeat(256)}`, /longer than 255/],
  ])("refuses %j", (reference, problem) => {
    expect(imageReferenceProblem(reference)).toMatch(problem);
  });
});

describe("knownImageWorkdir", () => {
  it.each([
    ["swebench/sweb.eval.x86_64.django_1776_django-11099:latest", "/testbed"],
    ["sweb.eval.x86_64.astropy__astropy-12907:latest", "/testbed"],
    ["docker.io/swebench/sweb.eval.arm64.sympy_1776_sympy-20590:v1", "/testbed"],
    [`localhost:5000/swebench/sweb.eval.x86_64.a_1776_b-1@sha256:${"0".repeat(64)}`, "/testbed"],
    ["swebench/sweb.env.x86_64.0123456789abcdef012345:latest", undefined],
    ["sweb.eval/python:3", undefined],
    ["python:3.12-slim", undefined],
  ])("%s → %s", (image, workdir) => {
    expect(knownImageWorkdir(image)).toBe(workdir);
  });
});
