// Mocha's spec reporter, followed by one plain "N passed, N failed" line that
// CI reads (it does not read mocha's own summary). The line is also written to
// build/test-summary.txt so .ci/run can repeat it as its very last line.
const fs = require('node:fs');
const path = require('node:path');
const Mocha = require('mocha');

class SummaryReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    runner.on(Mocha.Runner.constants.EVENT_TEST_PASS, () => { passed += 1; });
    runner.on(Mocha.Runner.constants.EVENT_TEST_FAIL, () => { failed += 1; });
    runner.on(Mocha.Runner.constants.EVENT_TEST_PENDING, () => { skipped += 1; });
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const line = `${passed} passed, ${failed} failed` + (skipped ? `, ${skipped} skipped` : '');
      // Synchronously: mocha --exit ends the process right after this event. The
      // spec reporter registered its epilogue first (in super), so this prints after it.
      console.log(line);
      try {
        fs.mkdirSync('build', { recursive: true });
        fs.writeFileSync(path.join('build', 'test-summary.txt'), line + '\n');
      } catch {}
    });
  }
}

module.exports = SummaryReporter;
