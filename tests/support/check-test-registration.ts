/**
 * Every test file must register its tests on a machine with no PostgreSQL: a file whose suites
 * exist only when TEST_DATABASE_URL is set fails a laptop's `npm test` with "No test suite found
 * in file", and CI (which sets the variable) would never notice. This collects the tests of both
 * vitest configs without the variable (nothing runs) and fails naming each file that registers
 * none, skipped ones included, or that cannot be collected.
 *
 *   npm run test:registration
 */
import path from "node:path";
import { createVitest } from "vitest/node";

delete process.env.TEST_DATABASE_URL;
// The configs' global setups run here too (a `globalSetup` option would be added to theirs, not
// replace them): they start no site and reach no database when they see this.
process.env.TEST_COLLECT_ONLY = "1";

const problems: string[] = [];
let files = 0;
let tests = 0;
let skipped = 0;
for (const config of ["vitest.config.ts", "vitest.e2e.config.ts"]) {
  // Collecting needs neither a browser nor a database, so the browser tests' files are collected
  // two at a time too.
  const vitest = await createVitest("test", {
    config,
    watch: false,
    reporters: [],
    fileParallelism: true,
    maxWorkers: 2,
    // Collecting runs no hook and no test, only each file's imports and describe blocks: files
    // can share a worker's module cache, which takes the check from 65 s to 14 s on 2 cores.
    isolate: false,
  });
  try {
    const { testModules, unhandledErrors } = await vitest.collect();
    for (const error of unhandledErrors) problems.push(`${config}: ${String((error as Error).message ?? error)}`);
    for (const testModule of testModules) {
      files += 1;
      const file = path.relative(process.cwd(), testModule.moduleId);
      const errors = testModule.errors();
      if (errors.length > 0) {
        problems.push(`${file}: cannot be collected: ${errors[0].message}`);
        continue;
      }
      const all = [...testModule.children.allTests()];
      tests += all.length;
      skipped += all.filter((test) => test.options.mode === "skip").length;
      if (all.length === 0) problems.push(`${file}: registers no test`);
    }
  } finally {
    await vitest.close();
  }
}
if (problems.length > 0) {
  console.error(
    `${problems.length} test file(s) fail without TEST_DATABASE_URL (declare PostgreSQL-only suites with describeOnPostgres from @shared/db/on-postgres):`,
  );
  for (const problem of problems.sort()) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(
  `Without TEST_DATABASE_URL all ${files} test files register their tests: ${tests} tests, ${skipped} of them skipped.`,
);
