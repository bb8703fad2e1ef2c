/**
 * Gatehouse as `npm start` runs it (build/src/main.js), watching its own
 * event loop: a timer due every 10 ms notes how late it ran, and each time
 * the loop was held longer than 50 ms a line `loop held <ms> ms at <epoch ms>`
 * is printed, so a test can tell how long the process could not answer
 * anything (a request, a keep-alive) while something happened.
 */
const everyMs = 10;
const reportOverMs = 50;
let expected = Date.now() + everyMs;
setInterval(() => {
  const now = Date.now();
  const late = now - expected;
  if (late > reportOverMs) process.stdout.write(`loop held ${late} ms at ${now}\n`);
  expected = now + everyMs;
}, everyMs).unref();

await import('../../src/main.js');
