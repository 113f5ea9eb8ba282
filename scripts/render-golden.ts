// Renders the golden markdown files (test/report/golden/*.md) as GitHub shows a comment: a GFM renderer
// (marked), GitHub's markdown CSS, a PR column's width (760 px), and a headless Chromium screenshot, one
// PNG per file in build/golden/. For reading the comment as a person does; the PNGs are not committed.
//
//   npm run render-golden [-- FILE.md ...]
//
// Needs Chromium (Debian: apt-get install -y chromium fonts-noto-color-emoji).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { marked } from "marked";

const WIDTH = 760;
const root = resolve(import.meta.dirname, "..");
const goldenDir = join(root, "test/report/golden");
const outDir = join(root, "build/golden");
const css = readFileSync(
  createRequire(import.meta.url).resolve("github-markdown-css/github-markdown-light.css"),
  "utf8",
);

function browser(): string {
  for (const name of ["chromium", "chromium-browser", "google-chrome"]) {
    try {
      execFileSync("which", [name], { stdio: "ignore" });
      return name;
    } catch {
      // try the next name
    }
  }
  throw new Error("no Chromium found: apt-get install -y chromium fonts-noto-color-emoji");
}

// GitHub's sanitizer keeps <details>, <summary>, <pre>, <code>, <div>, <b>, <br> and links: so does this
// page (the golden files hold nothing else, and they are ours).
function page(markdown: string): string {
  const body = marked.parse(markdown, { gfm: true, async: false });
  return `<!doctype html><html><head><meta charset="utf-8"><style>${css}
body { margin: 0; background: #fff; }
.markdown-body { box-sizing: border-box; width: ${WIDTH}px; padding: 16px; }
</style></head><body><article class="markdown-body">${body}</article>
<script>document.querySelectorAll("details").forEach((d, i) => { if (i < 2) d.open = true; });</script>
</body></html>`;
}

const files =
  process.argv.slice(2).length > 0 ? process.argv.slice(2) : readdirSync(goldenDir).filter((f) => f.endsWith(".md"));
const chromium = browser();
mkdirSync(outDir, { recursive: true });
const work = mkdtempSync(join(tmpdir(), "sandbox-gate-render-"));
try {
  for (const file of files) {
    const path = resolve(goldenDir, file);
    const html = join(work, `${basename(file, ".md")}.html`);
    writeFileSync(html, page(readFileSync(path, "utf8")));
    const png = join(outDir, `${basename(file, ".md")}.png`);
    const profile = mkdtempSync(join(work, "profile-"));
    execFileSync(
      chromium,
      [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--hide-scrollbars",
        `--user-data-dir=${profile}`,
        `--screenshot=${png}`,
        `--window-size=${WIDTH},1600`,
        `file://${html}`,
      ],
      { stdio: "ignore" },
    );
    process.stdout.write(`${png}\n`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
