import type { Reporter, TestModule } from 'vitest/node';

/**
 * Ends the run with the counts in two plain forms that CI and scripts read without parsing
 * vitest's table: the TAP-style summary node's test runner ends with (`# tests N`, `# pass N`,
 * …), then one line `N passed, N failed, N skipped`.
 */
export default class ClosingLine implements Reporter {
  private startedAt = Date.now();

  onInit(): void {
    this.startedAt = Date.now();
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const count = { passed: 0, failed: 0, skipped: 0 };
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed' || state === 'failed') count[state] += 1;
        else count.skipped += 1;
      }
    }
    const total = count.passed + count.failed + count.skipped;
    const lines = [
      `# tests ${total}`,
      `# suites ${testModules.length}`,
      `# pass ${count.passed}`,
      `# fail ${count.failed}`,
      `# cancelled 0`,
      `# skipped ${count.skipped}`,
      `# todo 0`,
      `# duration_ms ${Date.now() - this.startedAt}`,
      `${count.passed} passed, ${count.failed} failed, ${count.skipped} skipped`,
    ];
    process.stdout.write(`\n${lines.join('\n')}\n`);
  }
}
