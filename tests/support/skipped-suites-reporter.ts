import type { Reporter, TestModule, TestSuite } from "vitest/node";

/**
 * Prints one line for every suite the run skipped as a whole, with its file and its title (the
 * title says why, e.g. "(skipped: needs PostgreSQL, set TEST_DATABASE_URL)"), so a skip is
 * never silent. The default reporter still prints the counts.
 */
export default class SkippedSuitesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    const lines: string[] = [];
    for (const testModule of testModules) {
      for (const suite of testModule.children.allSuites()) {
        if (suite.options.mode !== "skip" || isInsideSkipped(suite)) continue;
        const tests = [...suite.children.allTests()].length;
        lines.push(`  ↓ ${testModule.relativeModuleId} › ${suite.fullName} [${tests} test${tests === 1 ? "" : "s"}]`);
      }
    }
    if (lines.length === 0) return;
    console.log(`\nSkipped suites (${lines.length}):\n${lines.join("\n")}\n`);
  }
}

function isInsideSkipped(suite: TestSuite): boolean {
  for (let parent = suite.parent; parent.type === "suite"; parent = parent.parent) {
    if (parent.options.mode === "skip") return true;
  }
  return false;
}
