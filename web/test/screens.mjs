// The web build's other screens, opened as a person opens them: from the title (a fresh page,
// no autosave), each game card's How to play, Puzzles and Set up are clicked where the layout
// names them, and the screen the app then reports (data-layout's `screen`) is checked, with a
// picture of each. Not part of CI (each screen is another page load under SwiftShader).
// Usage: node web/test/screens.mjs [GAME] [OUT_DIR]
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import assert from "node:assert/strict";
import { launch, serve } from "./serve.mjs";

const game = process.argv[2] ?? "splay";
const here = (p) => new URL(p, import.meta.url).pathname;
const out = process.argv[3] ?? here("../../target/web-test/screens");
const minutes = 5 * 60_000;

const server = await serve(here("../../target/web/"));
const base = `http://127.0.0.1:${server.address().port}/`;
await mkdir(out, { recursive: true });
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
const layoutShows = (pattern) => page.waitForFunction(
  (p) => new RegExp(p).test(document.querySelector("#stackyard").dataset.layout ?? ""),
  pattern, { timeout: minutes });

/// Opens the title afresh and clicks its control `name`; waits for `screen`.
async function fromTheTitle(name, screen) {
  await page.goto(base);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${base}?layout`);
  await layoutShows(`screen:"title"[\\s\\S]*name:Some\\("${name}"\\)`);
  const layout = await page.getAttribute("#stackyard", "data-layout");
  const m = layout.match(new RegExp(`name:Some\\("${name}"\\),panel:[^,]+,rect:\\(([-\\d.]+),([-\\d.]+),([-\\d.]+),([-\\d.]+)\\)`));
  assert.ok(m, `no ${name} on the title`);
  await page.mouse.click((Number(m[1]) + Number(m[3])) / 2, (Number(m[2]) + Number(m[4])) / 2);
  await layoutShows(`screen:"${screen}"`);
  await page.screenshot({ path: join(out, `${screen}.png`) });
}

try {
  await fromTheTitle(`how to play ${game}`, "how-to-play");
  await fromTheTitle(`puzzles ${game}`, "puzzles");
  await fromTheTitle(`set up ${game}`, "editor");
  console.log(JSON.stringify({ ok: true, game, screens: ["how-to-play", "puzzles", "editor"] }));
} finally {
  await browser.close();
  server.close();
}
