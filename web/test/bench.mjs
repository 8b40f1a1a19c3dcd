// Measures the web build in headless Chromium and prints what the page leaves on its canvas:
// with `bench`, the search's speed (`?bench`: the page runs `stackyard bench --game splay
// --seconds 2 --json` instead of the game); with `frames`, the frames' lengths at 1280x720 on
// Splay's start, 20 s at rest and 20 s with the computer in both seats (`?frames`, as
// `stackyard --game splay --watch-frames 20` measures them on a desktop).
// Usage: node web/test/bench.mjs [bench|frames]   (default: bench)
import { launch, serve } from "./serve.mjs";

const what = process.argv[2] ?? "bench";
const address = { bench: "?bench", frames: "?frames#splay/1.09AEAA" }[what];
if (!address) throw new Error(`bench.mjs ${what}: bench or frames`);
const server = await serve(new URL("../../target/web/", import.meta.url).pathname);
const browser = await launch();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
  await page.goto(`http://127.0.0.1:${server.address().port}/${address}`);
  await page.waitForSelector(`#stackyard[data-${what}]`, { timeout: 10 * 60_000 });
  console.log(await page.getAttribute("#stackyard", `data-${what}`));
} finally {
  await browser.close();
  server.close();
}
