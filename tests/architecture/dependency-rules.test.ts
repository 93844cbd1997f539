/**
 * The architecture's dependency rules (.dependency-cruiser.cjs) catch what they forbid: a small
 * tree in the project's layout with one planted violation per rule, cruised with the real rules,
 * and a clean twin of each that passes. `npm run lint:deps` runs the same rules on the project.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { cruise, type IForbiddenRuleType, type IReporterOutput } from "dependency-cruiser";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const config = createRequire(import.meta.url)(path.join(root, ".dependency-cruiser.cjs")) as {
  forbidden: IForbiddenRuleType[];
};

/** Files of the planted tree: path → source. */
const TREE: Record<string, string> = {
  // The targets the planted files import.
  "shared/db/index.ts": "export const openDb = () => 1;\n",
  "shared/domain/format.ts": "export const pct = (x: number) => `${x}%`;\n",
  "sync-worker/jobs/run.ts": "export const run = () => 1;\n",
  "web/app/view.ts": "export const view = () => 1;\n",
  // Violations, one per rule.
  "shared/domain/reads-file.ts": 'import { readFileSync } from "node:fs";\nexport const f = () => readFileSync("x");\n',
  "shared/model/uses-db.ts": 'import { openDb } from "../db/index";\nexport const m = openDb;\n',
  "shared/domain/imports-web.ts": 'import { view } from "../../web/app/view";\nexport const d = view;\n',
  "studio/schema/imports-db.ts": 'import { openDb } from "../../shared/db/index";\nexport const s = openDb;\n',
  "web/app/internal/imports-worker.server.ts": 'import { run } from "../../../sync-worker/jobs/run";\nexport const w = run;\n',
  "sync-worker/jobs/imports-web.ts": 'import { view } from "../../web/app/view";\nexport const j = view;\n',
  "web/app/components/reads-db.tsx": 'import { openDb } from "../../../shared/db/index";\nexport const c = openDb;\n',
  // The same violations through the import aliases of tsconfig.json.
  "shared/domain/imports-web-by-alias.ts": 'import { view } from "~/view";\nexport const d = view;\n',
  "studio/schema/imports-db-by-alias.ts": 'import { openDb } from "@shared/db/index";\nexport const s = openDb;\n',
  "web/app/internal/imports-worker-by-alias.server.ts": 'import { run } from "@sync-worker/jobs/run";\nexport const w = run;\n',
  "web/app/components/reads-db-by-alias.tsx": 'import { openDb } from "@shared/db/index";\nexport const c = openDb;\n',
  // Allowed: tests reach across for fixtures; the process entry composes web and worker;
  // server files read the database; type-only imports of the database's types in the domain.
  "web/app/internal/imports-worker.server.test.ts": 'import { run } from "../../../sync-worker/jobs/run";\nexport const t = run;\n',
  "web/start.ts": 'import { run } from "../sync-worker/jobs/run";\nexport const start = run;\n',
  "web/app/reads-db.server.ts": 'import { openDb } from "../../shared/db/index";\nexport const r = openDb;\n',
  "shared/domain/types-only.ts": 'import type { openDb } from "../db/index";\nexport type T = typeof openDb;\n',
  "shared/domain/tables.test.ts": 'import { readFileSync } from "node:fs";\nexport const t = () => readFileSync("fixture.csv");\n',
  "web/app/reads-db-by-alias.server.ts": 'import { openDb } from "@shared/db/index";\nexport const r = openDb;\n',
  "tsconfig.json": JSON.stringify({
    compilerOptions: {
      module: "ESNext",
      moduleResolution: "Bundler",
      strict: true,
      baseUrl: ".",
      paths: { "~/*": ["web/app/*"], "@shared/*": ["shared/*"], "@sync-worker/*": ["sync-worker/*"] },
    },
  }),
};

describe("the architecture's dependency rules", () => {
  let dir: string;
  let violations: { from: string; to: string; rule: string }[];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "dependency-rules-"));
    for (const [file, source] of Object.entries(TREE)) {
      mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
      writeFileSync(path.join(dir, file), source);
    }
    const previous = process.cwd();
    process.chdir(dir);
    let result: IReporterOutput;
    try {
      // As the command line does with the configuration's `tsConfig`: the paths resolve the aliases.
      result = await cruise(
        ["shared", "studio", "sync-worker", "web"],
        { validate: true, ruleSet: { forbidden: config.forbidden }, tsPreCompilationDeps: true, tsConfig: { fileName: "tsconfig.json" } },
        { tsConfig: "tsconfig.json", bustTheCache: true } as Parameters<typeof cruise>[2],
        { tsConfig: extractTSConfig("tsconfig.json") },
      );
    } finally {
      process.chdir(previous);
    }
    const output = result.output as { summary: { violations: { from: string; to: string; rule: { name: string } }[] } };
    violations = output.summary.violations.map((v) => ({ from: v.from, to: v.to, rule: v.rule.name }));
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const brokenBy = (from: string) => violations.filter((v) => v.from === from).map((v) => v.rule);

  it.each([
    ["shared/domain/reads-file.ts", "domain-and-model-import-no-io-module"],
    ["shared/model/uses-db.ts", "domain-and-model-are-pure"],
    ["shared/domain/imports-web.ts", "shared-imports-no-process"],
    ["studio/schema/imports-db.ts", "studio-imports-neither-web-nor-database"],
    ["web/app/internal/imports-worker.server.ts", "web-imports-no-worker"],
    ["sync-worker/jobs/imports-web.ts", "worker-imports-no-web"],
    ["web/app/components/reads-db.tsx", "web-app-touches-database-only-from-server-files"],
    ["shared/domain/imports-web-by-alias.ts", "shared-imports-no-process"],
    ["studio/schema/imports-db-by-alias.ts", "studio-imports-neither-web-nor-database"],
    ["web/app/internal/imports-worker-by-alias.server.ts", "web-imports-no-worker"],
    ["web/app/components/reads-db-by-alias.tsx", "web-app-touches-database-only-from-server-files"],
  ])("%s breaks %s", (from, rule) => {
    expect(brokenBy(from)).toContain(rule);
  });

  it.each([
    "web/app/internal/imports-worker.server.test.ts",
    "web/start.ts",
    "web/app/reads-db.server.ts",
    "web/app/reads-db-by-alias.server.ts",
    "shared/domain/types-only.ts",
    "shared/domain/tables.test.ts",
  ])("%s breaks nothing", (from) => {
    expect(brokenBy(from)).toEqual([]);
  });

  it("names every rule of the configuration in a planted violation", () => {
    expect(new Set(violations.map((v) => v.rule))).toEqual(new Set(config.forbidden.map((rule) => rule.name)));
  });
});
