#!/usr/bin/env bash
# The gate on the bundled example as a user runs it (the built CLI, the test image), then each candidate's
# verdict held against examples/expected-verdicts.json: some candidates fail, as they should, so the CLI's
# own exit code (1) is expected; what is checked is that every verdict is the one the example shows.
set -euo pipefail
cd "$(dirname "$0")/.."

IMAGE="${SANDBOX_GATE_TEST_IMAGE:-sandbox-gate-test/bookworm:1}"
report=$(mktemp --suffix=.json)
trap 'rm -f "$report"' EXIT

status=0
node dist/cli.js run --workdir examples --language python --tests test_solution.py \
  --command "python3 test_solution.py" --timeout 3s --image "$IMAGE" --pull never \
  --report "$report" examples/replies/*.md examples/dataset.jsonl || status=$?
if [ "$status" -ne 1 ]; then
  echo "try-example: the gate exited $status; expected 1 (some example candidates fail by design)" >&2
  exit 1
fi
node - "$report" examples/expected-verdicts.json <<'JS'
const fs = require("node:fs");
const [reportPath, expectedPath] = process.argv.slice(2);
const got = Object.fromEntries(JSON.parse(fs.readFileSync(reportPath, "utf8")).results.map((r) => [r.id, r.status]));
const want = JSON.parse(fs.readFileSync(expectedPath, "utf8"));
const wrong = Object.keys({ ...want, ...got }).filter((id) => got[id] !== want[id]);
for (const id of wrong) console.error(`try-example: ${id}: ${got[id] ?? "missing"}, expected ${want[id] ?? "no such candidate"}`);
if (wrong.length > 0) process.exit(1);
console.log(`try-example: all ${Object.keys(want).length} example verdicts as expected; the gate works on this machine`);
JS
