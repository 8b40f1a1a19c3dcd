// The search's speed in the browser: opens the web build with `?bench` (the page runs
// `stackyard bench --game splay --seconds 2 --json` instead of the game) and prints the JSON it
// leaves on the canvas, for comparing with the native command's. Usage: node web/test/bench.mjs
import { launch, serve } from "./serve.mjs";

const server = await serve(new URL("../../target/web/", import.meta.url).pathname);
const browser = await launch();
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/?bench`);
  await page.waitForSelector("#stackyard[data-bench]", { timeout: 10 * 60_000 });
  console.log(await page.getAttribute("#stackyard", "data-bench"));
} finally {
  await browser.close();
  server.close();
}
