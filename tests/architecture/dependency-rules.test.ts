/**
 * The architecture's dependency rules (.dependency-cruiser.cjs) catch what they forbid: a small
 * tree in the project's layout with one planted violation per rule, cruised with the real rules,
 * and a clean twin of each that passes. `npm run lint:deps` runs the same rules on the project.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { cruise, type IForbiddenRuleType, type IReporterOutput } from "dependency-cruiser";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const require = createRequire(import.meta.url);
const config = require(path.join(root, ".dependency-cruiser.cjs")) as { forbidden: IForbiddenRuleType[] };
/** Which feature folder may use which. */
const FEATURE_USES = require(path.join(root, "web/app/features/feature-graph.cjs")) as Record<string, string[]>;
const FEATURES = Object.keys(FEATURE_USES);

/** For each feature, one it may not use (the first such in the graph's order). */
const forbiddenUse = (feature: string) =>
  FEATURES.find((other) => other !== feature && !FEATURE_USES[feature].includes(other))!;

/** A module in every feature folder, and one per feature importing a feature it may not use. */
const FEATURE_TREE: Record<string, string> = Object.fromEntries(
  FEATURES.flatMap((feature) => [
    [`web/app/features/${feature}/piece.ts`, "export const piece = 1;\n"],
    [
      `web/app/features/${feature}/uses-forbidden.ts`,
      `import { piece } from "../${forbiddenUse(feature)}/piece";\nexport const f = piece;\n`,
    ],
  ]),
);

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
  "web/app/internal/imports-worker.server.ts":
    'import { run } from "../../../sync-worker/jobs/run";\nexport const w = run;\n',
  "sync-worker/jobs/imports-web.ts": 'import { view } from "../../web/app/view";\nexport const j = view;\n',
  "web/app/components/reads-db.tsx": 'import { openDb } from "../../../shared/db/index";\nexport const c = openDb;\n',
  // The same violations through the import aliases of tsconfig.json.
  "shared/domain/imports-web-by-alias.ts": 'import { view } from "~/view";\nexport const d = view;\n',
  "studio/schema/imports-db-by-alias.ts": 'import { openDb } from "@shared/db/index";\nexport const s = openDb;\n',
  "web/app/internal/imports-worker-by-alias.server.ts":
    'import { run } from "@sync-worker/jobs/run";\nexport const w = run;\n',
  "web/app/components/reads-db-by-alias.tsx": 'import { openDb } from "@shared/db/index";\nexport const c = openDb;\n',
  // Allowed: tests reach across for fixtures; the process entry composes web and worker;
  // server files read the database; type-only imports of the database's types in the domain.
  "web/app/internal/imports-worker.server.test.ts":
    'import { run } from "../../../sync-worker/jobs/run";\nexport const t = run;\n',
  "web/start.ts": 'import { run } from "../sync-worker/jobs/run";\nexport const start = run;\n',
  "web/app/reads-db.server.ts": 'import { openDb } from "../../shared/db/index";\nexport const r = openDb;\n',
  "shared/domain/types-only.ts": 'import type { openDb } from "../db/index";\nexport type T = typeof openDb;\n',
  "shared/domain/tables.test.ts":
    'import { readFileSync } from "node:fs";\nexport const t = () => readFileSync("fixture.csv");\n',
  "web/app/reads-db-by-alias.server.ts": 'import { openDb } from "@shared/db/index";\nexport const r = openDb;\n',
  ...FEATURE_TREE,
  // Two features importing each other; a folder missing from the feature graph.
  "web/app/features/match/cycle-a.ts": 'import { b } from "../home/cycle-b";\nexport const a = () => b;\n',
  "web/app/features/home/cycle-b.ts": 'import { a } from "../match/cycle-a";\nexport const b = () => a;\n',
  "web/app/features/newsletter/signup.ts": 'import { piece } from "../match/piece";\nexport const s = piece;\n',
  // Allowed: a feature using one below it, by path and by alias; a test reaching across.
  "web/app/features/home/uses-match.ts": 'import { piece } from "../match/piece";\nexport const u = piece;\n',
  "web/app/features/league/uses-standings-by-alias.ts":
    'import { piece } from "~/features/standings/piece";\nexport const u = piece;\n',
  "web/app/features/match/uses-home.test.ts": 'import { piece } from "../home/piece";\nexport const t = piece;\n',
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
        {
          validate: true,
          ruleSet: { forbidden: config.forbidden },
          tsPreCompilationDeps: true,
          tsConfig: { fileName: "tsconfig.json" },
        },
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
    ...FEATURES.map((feature) => [
      `web/app/features/${feature}/uses-forbidden.ts`,
      `feature-${feature}-uses-only-the-features-it-may`,
    ]),
    ["web/app/features/match/cycle-a.ts", "feature-match-uses-only-the-features-it-may"],
    ["web/app/features/newsletter/signup.ts", "feature-folder-is-in-the-feature-graph"],
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
    "web/app/features/home/uses-match.ts",
    "web/app/features/league/uses-standings-by-alias.ts",
    "web/app/features/match/uses-home.test.ts",
  ])("%s breaks nothing", (from) => {
    expect(brokenBy(from)).toEqual([]);
  });

  it("reports the cycle between two features as a cycle", () => {
    const cycle = ["web/app/features/match/cycle-a.ts", "web/app/features/home/cycle-b.ts"];
    expect(cycle.flatMap(brokenBy)).toContain("no-cycle-through-features");
  });

  it("names every rule of the configuration in a planted violation", () => {
    expect(new Set(violations.map((v) => v.rule))).toEqual(new Set(config.forbidden.map((rule) => rule.name)));
  });
});

describe("the feature graph (web/app/features/feature-graph.cjs)", () => {
  it("has no cycle: the features can be put in an order where each uses only features before it", () => {
    const placed: string[] = [];
    let left = [...FEATURES];
    while (left.length > 0) {
      const ready = left.filter((feature) => FEATURE_USES[feature].every((used) => placed.includes(used)));
      expect(ready, `a cycle among ${left.join(", ")}`).not.toEqual([]);
      placed.push(...ready);
      left = left.filter((feature) => !ready.includes(feature));
    }
    expect(placed.indexOf("seo")).toBeLessThan(placed.indexOf("match"));
    expect(placed.indexOf("match")).toBeLessThan(placed.indexOf("league"));
    expect(placed.indexOf("league")).toBeLessThan(placed.indexOf("team"));
  });

  it("names every feature folder of the app, and uses only features it names", () => {
    const folders = readdirSync(path.join(root, "web/app/features"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect([...FEATURES].sort()).toEqual(folders.sort());
    for (const used of Object.values(FEATURE_USES).flat()) expect(FEATURES).toContain(used);
  });
});
