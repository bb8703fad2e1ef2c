// Mocha's spec reporter, followed by one plain "N passed, N failed" line that
// CI reads (it does not read mocha's own summary). The line is also written to
// build/test-summary.txt so .ci/run can repeat it as its very last line.
// Just before it, every suite skipped for want of a program from outside npm
// is named, under the one command that installs the program: the suites
// record themselves through test/helpers/missing-tool.ts.
const fs = require('node:fs');
const path = require('node:path');
const Mocha = require('mocha');

/** Where test/helpers/missing-tool.ts records each skipped suite or test: { runnable, tool, install }. */
const registry = Symbol.for('gatehouse.skippedForMissingTools');

/** The suite or test of `records` that `test` is, or lies in. */
function recordOf(test, records) {
  for (let runnable = test; runnable; runnable = runnable.parent) {
    const record = records.find((candidate) => candidate.runnable === runnable);
    if (record) return record;
  }
  return undefined;
}

/** The lines naming what was skipped for want of a program, by program; none when nothing was. */
function missingToolLines(pendingTests, records) {
  const counts = new Map();
  for (const test of pendingTests) {
    const record = recordOf(test, records);
    if (record) counts.set(record, (counts.get(record) ?? 0) + 1);
  }
  if (counts.size === 0) return [];
  const lines = ['Not run here, for want of a program (npm test installs it as root on Debian; else run the command, then npm test again):'];
  const tools = [...new Set([...counts.keys()].map((record) => `${record.tool}: ${record.install}`))];
  for (const tool of tools) {
    lines.push(`  ${tool}`);
    for (const [record, count] of counts) {
      if (`${record.tool}: ${record.install}` === tool) lines.push(`    ${record.runnable.fullTitle()} (${count} ${count === 1 ? 'test' : 'tests'})`);
    }
  }
  return lines;
}

class SummaryReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    let passed = 0;
    let failed = 0;
    const pendingTests = [];
    runner.on(Mocha.Runner.constants.EVENT_TEST_PASS, () => { passed += 1; });
    runner.on(Mocha.Runner.constants.EVENT_TEST_FAIL, () => { failed += 1; });
    runner.on(Mocha.Runner.constants.EVENT_TEST_PENDING, (test) => { pendingTests.push(test); });
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const skipped = pendingTests.length;
      const line = `${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : '');
      // Synchronously: mocha --exit ends the process right after this event. The
      // spec reporter registered its epilogue first (in super), so this prints after it.
      for (const missing of missingToolLines(pendingTests, globalThis[registry] ?? [])) console.log(missing);
      console.log(line);
      try {
        fs.mkdirSync('build', { recursive: true });
        fs.writeFileSync(path.join('build', 'test-summary.txt'), line + '\n');
      } catch {}
    });
  }
}

module.exports = SummaryReporter;
