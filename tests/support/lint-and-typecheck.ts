/**
 * `npm test`'s type check and ESLint in one process, on one TypeScript program: `tsc --noEmit`'s
 * diagnostics for tsconfig.json, then ESLint (eslint.config.js, `--max-warnings 0`) with that
 * program for its type-checked rules instead of building its own through the project service.
 * The same checks as `npm run typecheck` and `npm run lint`, one program build fewer (about 30 s
 * of CPU on these machines).
 *
 *   node --import tsx tests/support/lint-and-typecheck.ts
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import ts from "typescript";

const root = fileURLToPath(new URL("../../", import.meta.url));

/** The program of tsconfig.json, as `tsc` builds it. */
function createProgram(): ts.Program {
  const configFile = path.join(root, "tsconfig.json");
  const parsed = ts.getParsedCommandLineOfConfigFile(
    configFile,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  );
  if (!parsed) throw new Error(`could not read ${configFile}`);
  if (parsed.errors.length > 0) throw new Error(ts.formatDiagnostics(parsed.errors, formatHost));
  return ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
}

const formatHost: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (fileName) => fileName,
  getCurrentDirectory: () => root,
  getNewLine: () => "\n",
};

async function main(): Promise<number> {
  const started = performance.now();
  const program = createProgram();
  const diagnostics = ts.getPreEmitDiagnostics(program);
  if (diagnostics.length > 0) console.log(ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost));
  console.log(
    `typecheck: ${diagnostics.length} error${diagnostics.length === 1 ? "" : "s"} in ${program.getRootFileNames().length} files (${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );

  const eslint = new ESLint({
    cwd: root,
    // The TypeScript files take their types from the program above; the JavaScript config files
    // keep the untyped rules eslint.config.js gives them.
    overrideConfig: [
      {
        files: ["**/*.{ts,tsx}"],
        languageOptions: { parserOptions: { projectService: false, programs: [program] } },
      },
    ],
  });
  const results = await eslint.lintFiles(["."]);
  const formatter = await eslint.loadFormatter("stylish");
  const output = await formatter.format(results);
  if (output) console.log(output);
  const errors = results.reduce((sum, result) => sum + result.errorCount + result.fatalErrorCount, 0);
  const warnings = results.reduce((sum, result) => sum + result.warningCount, 0);
  console.log(
    `lint: ${errors} error${errors === 1 ? "" : "s"} and ${warnings} warning${warnings === 1 ? "" : "s"} in ${results.length} files (${((performance.now() - started) / 1000).toFixed(1)} s in all)`,
  );
  return diagnostics.length > 0 || errors > 0 || warnings > 0 ? 1 : 0;
}

process.exit(await main());
