/**
 * The dependency rules of the architecture (README, "Folder map"), checked by `npm run lint:deps`
 * as part of `npm test`. Each rule is one "never" of the architecture.
 *
 * Tests may import across the lines where they need fixtures or a real counterpart (a web test
 * that runs the worker's jobs to fill a database, a browser test that starts the worker's replay
 * servers); benchmarks likewise. Those files are exempt from the rules below (a domain test may
 * read a fixture file; the domain code it tests may not).
 */

/** Test and benchmark files: they may reach across processes for fixtures. */
const TESTS = [
  "\\.test\\.tsx?$",
  "^tests/",
  "/test-support/",
  "/testing/",
  "^web/bench/",
  "^sync-worker/bench/",
  "^web/app/test-context\\.ts$",
];

/** Node's and npm's modules that do I/O: files, network, processes, databases, HTTP clients. */
const IO_MODULES = [
  "^(node:)?(fs|fs/promises|net|http|https|http2|child_process|worker_threads|dgram|dns|tls|cluster|readline)$",
  "^(postgres|@electric-sql/pglite|drizzle-orm|pg-boss|@sanity/client|express)(/|$)",
];

/** Which feature folder may use which (an acyclic graph; see the file). */
const FEATURE_USES = require("./web/app/features/feature-graph.cjs");
const FEATURES = Object.keys(FEATURE_USES);
const escapeRegExp = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** One rule per feature folder: it imports no other feature but those it may use. */
const FEATURE_RULES = FEATURES.map((feature) => ({
  name: `feature-${feature}-uses-only-the-features-it-may`,
  comment: `web/app/features/${feature} may use ${FEATURE_USES[feature].length ? FEATURE_USES[feature].join(", ") : "no other feature"} (web/app/features/feature-graph.cjs).`,
  severity: "error",
  from: { path: `^web/app/features/${escapeRegExp(feature)}/`, pathNot: TESTS },
  to: { path: `^web/app/features/(?!(${[feature, ...FEATURE_USES[feature]].map(escapeRegExp).join("|")})/)` },
}));

module.exports = {
  forbidden: [
    ...FEATURE_RULES,
    {
      name: "feature-folder-is-in-the-feature-graph",
      comment:
        "Every folder of web/app/features has its entry in web/app/features/feature-graph.cjs, which says what it may use.",
      severity: "error",
      from: { path: `^web/app/features/(?!(${FEATURES.map(escapeRegExp).join("|")})/)[^/]+/`, pathNot: TESTS },
      to: { path: "^web/app/features/" },
    },
    {
      name: "no-cycle-through-features",
      comment: "No chain of imports from a feature's module comes back to it.",
      severity: "error",
      from: { path: "^web/app/features/", pathNot: TESTS },
      to: { circular: true },
    },
    {
      name: "domain-and-model-are-pure",
      comment:
        "shared/domain and shared/model do no I/O: nothing from the database, the content source or the ledger store (type imports allowed).",
      severity: "error",
      from: { path: "^shared/(domain|model)/", pathNot: TESTS },
      to: { dependencyTypesNot: ["type-only"], path: "^shared/(db|content|ledger)/" },
    },
    {
      name: "domain-and-model-import-no-io-module",
      comment:
        "shared/domain and shared/model import no Node or npm module that does I/O (type imports included). Their tests may read fixture files.",
      severity: "error",
      from: { path: "^shared/(domain|model)/", pathNot: TESTS },
      to: { dependencyTypes: ["core", "npm"], path: IO_MODULES },
    },
    {
      name: "shared-imports-no-process",
      comment: "shared/ is used by web, the worker and the Studio; it imports none of them.",
      severity: "error",
      from: { path: "^shared/", pathNot: TESTS },
      to: { path: "^(web|sync-worker|studio)/" },
    },
    {
      name: "studio-imports-neither-web-nor-database",
      comment: "The Studio is a browser app for editors: it never imports the web app, the worker or the database.",
      severity: "error",
      from: { path: "^(studio/|sanity\\.config\\.ts$|sanity\\.cli\\.ts$)", pathNot: TESTS },
      to: {
        path: ["^web/", "^sync-worker/", "^shared/db/", "^(postgres|@electric-sql/pglite|drizzle-orm|pg-boss)(/|$)"],
      },
    },
    {
      name: "web-imports-no-worker",
      comment:
        "The web app reaches worker behaviour through the operator services the server injects (shared/operations/operator-services.ts). " +
        "Only the process entry web/start.ts, which composes the embedded mode, imports the worker.",
      severity: "error",
      from: { path: "^web/", pathNot: [...TESTS, "^web/start\\.ts$"] },
      to: { path: "^sync-worker/" },
    },
    {
      name: "worker-imports-no-web",
      comment: "The worker never renders pages or answers browsers: it imports nothing from web/ or studio/.",
      severity: "error",
      from: { path: "^sync-worker/", pathNot: TESTS },
      to: { path: "^(web|studio)/" },
    },
    {
      name: "web-app-touches-database-only-from-server-files",
      comment: "In the Remix app only *.server.ts(x) files (and the routes' loaders through them) touch the database.",
      severity: "error",
      from: { path: "^web/app/", pathNot: [...TESTS, "\\.server\\.tsx?$"] },
      to: {
        dependencyTypesNot: ["type-only"],
        path: ["^shared/db/(index|connection|migrate)", "^(postgres|@electric-sql/pglite|drizzle-orm)(/|$)"],
      },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: ["^node_modules", "^build/", "^public/build", "^studio-dist", "^\\.cache/"] },
    tsConfig: { fileName: "tsconfig.json" },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    skipAnalysisNotInRules: true,
  },
};
