// A whole game in the browser, as a person plays it against the computer: opens the web build
// (target/web) in Debian's Chromium with a link to a new game of GAME, plays the first move by
// clicks, seats the computer (Beginner) on the other side in the autosave and reloads, then
// plays every turn of the person's side by clicking lit targets (in turn of those the layout names)
// until the game is over (the canvas's data-outcome). A reload must then show the same game.
// Not part of CI (a game takes many minutes under SwiftShader): its figures go to BENCHMARKS.md.
// Usage: node web/test/full_game.mjs GAME [OUT_DIR]
import { mkdir } from "node:fs/promises";
import { deflateRawSync } from "node:zlib";
import { join } from "node:path";
import assert from "node:assert/strict";
import { launch, serve } from "./serve.mjs";

const game = process.argv[2] ?? "grabber";
const here = (p) => new URL(p, import.meta.url).pathname;
const out = process.argv[3] ?? here(`../../target/web-test/${game}`);
const fragment = `${game}/1.${deflateRawSync(Buffer.from("()"), { level: 9 }).toString("base64url")}`;
const minutes = 10 * 60_000;

const server = await serve(here("../../target/web/"));
const base = `http://127.0.0.1:${server.address().port}/`;
await mkdir(out, { recursive: true });
const browser = await launch();
const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
const attr = (name) => page.getAttribute("#stackyard", `data-${name}`);
const frames = (n) => page.evaluate((k) => new Promise((done) => {
  const next = (left) => (left === 0 ? done() : requestAnimationFrame(() => next(left - 1)));
  next(k);
}), n);

/// The side to move, from the position string's turn field ("b" or "w").
const toMove = async () => (await attr("position")).split(" ")[2];

/// The layout once it has stopped changing.
async function settledLayout() {
  let last = "";
  for (;;) {
    await frames(3);
    const now = (await attr("layout")) ?? "";
    if (now === last && now !== "") return now;
    last = now;
  }
}

/// Clicks where the layout shows the top of `cell`'s stack, as a hand would.
async function clickCell(layout, cell) {
  const m = layout.match(new RegExp(`cell:"${cell}",board:\\([-\\d.]+,[-\\d.]+\\),top:\\(([-\\d.]+),([-\\d.]+)\\)`));
  assert.ok(m, `${cell} is not in the layout`);
  await page.mouse.move(Number(m[1]), Number(m[2]));
  await frames(2);
  await page.mouse.down();
  await frames(2);
  await page.mouse.up();
}

let tries = 0;

/// One decision of the person's turn: a lit target that takes a decision, or, where
/// none is lit (Cash In Hand's count), Enter to confirm the count shown.
async function decide() {
  const layout = await settledLayout();
  const targets = [...layout.matchAll(/\(cell:"([a-z]+\d+)",action:"([^"]+)"\)/g)];
  // The targets in turn: a click that changed nothing is not repeated on the same one.
  if (targets.length > 0) await clickCell(layout, targets[tries++ % targets.length][1]);
  else await page.keyboard.press("Enter");
  await frames(3);
}

const started = Date.now();
try {
  await page.goto(`${base}?layout#${fragment}`);
  await page.waitForSelector("#stackyard[data-ready]", { timeout: minutes });
  const person = await toMove();
  while ((await attr("moves")) === "0") await decide();
  // The computer takes the other side, as the title's "played by" would seat it.
  const keys = await page.evaluate(() => Object.keys(localStorage));
  const autosave = keys.find((k) => k.endsWith("autosave.ron"));
  const saved = await page.evaluate((k) => localStorage.getItem(k), autosave);
  const seat = person === "b" ? "white" : "black";
  const seated = saved.replace(new RegExp(`${seat}: None`), `${seat}: Some(beginner)`);
  assert.notEqual(seated, saved, "no seats in the autosave");
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [autosave, seated]);
  await page.goto(`${base}?layout`);
  await page.waitForSelector("#stackyard[data-ready]", { timeout: minutes });
  let decisions = 0;
  while (!(await attr("outcome"))) {
    if ((await toMove()) === person) {
      await decide();
      decisions += 1;
      console.error(`decision ${decisions}, ${await attr("moves")} moves played`);
    } else {
      await page.waitForFunction(
        (p) => {
          const c = document.querySelector("#stackyard").dataset;
          return c.outcome || c.position.split(" ")[2] === p;
        },
        person, { timeout: minutes });
    }
  }
  const result = { game, outcome: await attr("outcome"), moves: Number(await attr("moves")), decisions };
  await page.screenshot({ path: join(out, "over.png") });
  // The finished game is the page's autosave: a reload shows it again.
  await page.reload();
  await page.waitForSelector(`#stackyard[data-moves="${result.moves}"]`, { timeout: minutes });
  assert.equal(await attr("outcome"), result.outcome);
  result.minutes = Math.round((Date.now() - started) / 6000) / 10;
  console.log(JSON.stringify(result));
} catch (e) {
  await page.screenshot({ path: join(out, "failed.png") }).catch(() => {});
  throw e;
} finally {
  await browser.close();
  server.close();
}
