// The browser test: serves target/web on 127.0.0.1, opens it in Debian's Chromium (WebGL2 on
// SwiftShader) through playwright-core, and waits on the app's own signals (the canvas's
// data-ready, data-moves, data-position and, with `?layout`, data-layout), never on fixed
// sleeps. It opens a link, plays a Splay move by clicks on the canvas, reloads to the autosave,
// refuses a broken link without losing the game (and says so), lets the computer answer, saves
// the record as a download, opens a record from the file picker, and takes pictures.
// The expected positions come from the native referee (`stackyard apply`).
// Usage: node web/test/browser.mjs [OUT_DIR]   (STACKYARD_CLI: the native binary)
import { mkdir, readFile } from "node:fs/promises";
import { launch, serve } from "./serve.mjs";
import { execFileSync } from "node:child_process";
import { deflateRawSync } from "node:zlib";
import { join } from "node:path";
import assert from "node:assert/strict";

const here = (p) => new URL(p, import.meta.url).pathname;
const root = here("../../target/web/");
const out = process.argv[2] ?? here("../../target/web-test");
const cli = process.env.STACKYARD_CLI ?? here("../../target/debug/stackyard");
const referee = (...args) => execFileSync(cli, args, { encoding: "utf8" }).trim();

/// A link's part after `#`, made here as the app makes it (RON, raw deflate, base64url).
const fragment = (game, ron) =>
  `${game}/1.${deflateRawSync(Buffer.from(ron), { level: 9 }).toString("base64url")}`;

const server = await serve(root);
const base = `http://127.0.0.1:${server.address().port}/`;
await mkdir(out, { recursive: true });
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
const log = [];
page.on("console", (m) => log.push(`${m.type()}: ${m.text()}`));
page.on("pageerror", (e) => log.push(`pageerror: ${e}`));
const attr = (name) => page.getAttribute("#stackyard", `data-${name}`);
const minutes = 5 * 60_000;

/// Opens `url` (a new load every time) and waits for the app's first frames.
async function open(url) {
  const started = Date.now();
  await page.goto(url);
  await page.waitForSelector("#stackyard[data-ready]", { timeout: minutes });
  return (Date.now() - started) / 1000;
}

/// Waits until the moves played are `n`.
const movesAre = (n) =>
  page.waitForSelector(`#stackyard[data-moves="${n}"]`, { timeout: minutes });

/// Waits for `n` of the page's frames.
const frames = (n) => page.evaluate((k) => new Promise((done) => {
  const next = (left) => (left === 0 ? done() : requestAnimationFrame(() => next(left - 1)));
  next(k);
}), n);

/// The layout once it has stopped changing (the camera's flight over) and shows `cell`.
async function settledLayout(cell) {
  let last = "";
  for (;;) {
    await page.waitForFunction(
      (c) => (document.querySelector("#stackyard").dataset.layout ?? "").includes(`cell:"${c}",board:`),
      cell, { timeout: minutes });
    await frames(3);
    const now = await attr("layout");
    if (now === last) return now;
    last = now;
  }
}

/// Clicks a cell where the app's layout says its centre is, as a hand would: the pointer
/// arrives, then presses and lifts a few frames apart.
async function clickCell(cell) {
  const layout = await settledLayout(cell);
  const m = layout.match(new RegExp(`cell:"${cell}",board:\\(([-\\d.]+),([-\\d.]+)\\)`));
  assert.ok(m, `${cell} is not in the layout`);
  await page.mouse.move(Number(m[1]), Number(m[2]));
  await frames(3);
  await page.mouse.down();
  await frames(2);
  await page.mouse.up();
  await frames(3);
}

/// Clicks the Moves window's control named `name` (its place from the layout).
async function clickControl(name) {
  const layout = await settledLayout("a1");
  const m = layout.match(new RegExp(`name:Some\\("${name}"\\),panel:[^,]+,rect:\\(([-\\d.]+),([-\\d.]+),([-\\d.]+),([-\\d.]+)\\)`));
  assert.ok(m, `no control ${name} in the layout`);
  await page.mouse.click((Number(m[1]) + Number(m[3])) / 2, (Number(m[2]) + Number(m[4])) / 2);
  await frames(3);
}

const figures = {};
try {
  const start = referee("new", "splay");
  // 1. A link to a new game of Splay opens it.
  figures.ready_s = await open(`${base}?layout#${fragment("splay", "()")}`);
  assert.equal(await attr("moves"), "0");
  assert.equal(await attr("position"), start);
  // 2. A move by clicks on the canvas: the rules' own position after it.
  await clickCell("c3");
  await clickCell("c4");
  await movesAre(1);
  const afterOne = referee("apply", start, "c3-c4");
  assert.equal(await attr("position"), afterOne);
  // 3. A reload goes on with the autosave, kept in the browser's storage.
  const keys = await page.evaluate(() => Object.keys(localStorage));
  const autosave = keys.find((k) => k.endsWith("autosave.ron"));
  assert.ok(autosave, `no autosave in ${keys}`);
  await page.reload();
  await page.waitForSelector("#stackyard[data-ready]", { timeout: minutes });
  await movesAre(1);
  assert.equal(await attr("position"), afterOne);
  // 4. A link with two moves shows them; a broken link leaves the game as it was.
  await open(`${base}?two#${fragment("splay", '(m:["c3-c4","c6-c5"])')}`);
  await movesAre(2);
  assert.equal(await attr("position"), referee("apply", start, "c3-c4", "c6-c5"));
  await page.screenshot({ path: join(out, "link.png") });
  await open(`${base}?broken#splay/1.AAAA`);
  await movesAre(2);
  assert.ok(log.some((l) => l.includes("damaged")), "the broken link is not named");
  await page.waitForSelector('#stackyard[data-notice*="damaged"]', { timeout: minutes });
  await page.screenshot({ path: join(out, "refused.png") });
  // 5. The computer answers: White seated as Beginner in the autosave, Black to move.
  const saved = await page.evaluate((k) => localStorage.getItem(k), autosave);
  const seated = saved.replace(/white: None/, "white: Some(beginner)");
  assert.notEqual(seated, saved, "no seats in the autosave");
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [autosave, seated]);
  const moves = Number(await attr("moves"));
  await open(`${base}?layout&seated`);
  await clickCell(moves % 2 === 0 ? "d3" : "d6");
  await clickCell(moves % 2 === 0 ? "d4" : "d5");
  await movesAre(moves + 2);
  await page.screenshot({ path: join(out, "answered.png") });
  // 6. Save record downloads the game; Open file opens a record from the picker.
  const played = await attr("moves");
  const [download] = await Promise.all([
    page.waitForEvent("download", { timeout: minutes }),
    clickControl("save record"),
  ]);
  const saved_record = join(out, download.suggestedFilename());
  await download.saveAs(saved_record);
  assert.match(download.suggestedFilename(), /^splay-.*\.txt$/);
  const record = await readFile(saved_record, "utf8");
  assert.equal((record.match(/^\d+\. /gm) ?? []).length, Number(played), record);
  const opened = here("../../docs/records/splay-24.ron");
  const [chooser] = await Promise.all([
    page.waitForEvent("filechooser", { timeout: minutes }),
    clickControl("open file"),
  ]);
  await chooser.setFiles(opened);
  const moves24 = [...(await readFile(opened, "utf8")).matchAll(/^\s+"([^"]+)",$/gm)].map((m) => m[1]);
  await movesAre(moves24.length);
  assert.equal(await attr("position"), referee("apply", start, ...moves24));
  console.log(JSON.stringify({ ok: true, ...figures }));
} catch (e) {
  await page.screenshot({ path: join(out, "failed.png") }).catch(() => {});
  console.error(log.filter((l) => !l.includes("registry")).slice(-30).join("\n"));
  throw e;
} finally {
  await browser.close();
  server.close();
}
