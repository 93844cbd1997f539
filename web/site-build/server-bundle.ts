/**
 * The server bundle: the site's process entry (web/start.ts) and the worker's threads, each one
 * ES module in build/server/ with the project's own code inside and every package left to
 * node_modules. `npm start` runs it with plain Node: no TypeScript loader in the process (tsx
 * took about 1 s of CPU at each start and 100 MB of memory: its loader thread, and its esbuild
 * service for every thread).
 *
 * A module's `import.meta.url` keeps meaning its source file: paths the code finds beside itself
 * (the project root, the migrations, docs/database-roles.md) are where they were. A thread the
 * code starts from its source file (`new URL("./engine-thread.ts", import.meta.url)`) runs the
 * thread's bundle instead (sync-worker/model/thread-call.ts, serverBundleUrl).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Plugin } from "esbuild";
import { SERVER_BUNDLE_GLOBAL } from "@shared/config/server-bundle";
import { PATH_ALIASES } from "../../path-aliases";
import { SERVER_BUNDLE_DIR } from "./outputs";

const root = fileURLToPath(new URL("../../", import.meta.url));

/**
 * Each bundle's name (its file in build/server, .js) and source. A thread's bundle is named for
 * its source file, which is how sync-worker/model/thread-call.ts finds it.
 */
const ENTRIES = {
  start: "web/start.ts",
  "node-env": "web/node-env.ts",
  "engine-thread": "sync-worker/model/engine-thread.ts",
  "odds-check-thread": "sync-worker/model/odds-check-thread.ts",
  "outlook-thread": "sync-worker/model/outlook-thread.ts",
} as const;

/** Packages stay imports (node_modules); the project's aliases and relative paths are bundled. */
const packagesOutside: Plugin = {
  name: "packages-outside",
  setup(builder) {
    const aliases = Object.keys(PATH_ALIASES);
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      aliases.some((alias) => args.path.startsWith(alias)) ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Every project module's `import.meta.url` written as its source file's URL, relative to the
 * bundle's own (all bundles are in one folder, `outdir`), so the project can move.
 */
const sourceUrls = (outdir: string): Plugin => ({
  name: "source-urls",
  setup(builder) {
    builder.onLoad({ filter: /\.tsx?$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const text = await readFile(args.path, "utf8");
      const relative = path.relative(outdir, args.path).split(path.sep).join("/");
      const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
      return { contents: text.replace(/\bimport\.meta\.url\b/g, url), loader: args.path.endsWith("x") ? "tsx" : "ts" };
    });
  },
});

/**
 * The process entry imports web/node-env.ts as a module of its own (`./node-env.js`, first), not
 * bundled into it: in an ES module every import is evaluated before the module's own code, so
 * NODE_ENV set by inlined code would come after React, React Router and Express had read it, and
 * `node build/server/start.js` would run their development builds.
 */
const nodeEnvFirst: Plugin = {
  name: "node-env-first",
  setup(builder) {
    builder.onResolve({ filter: /^\.\/node-env$/ }, (args) =>
      args.importer === path.join(root, ENTRIES.start) ? { path: "./node-env.js", external: true } : undefined,
    );
  },
};

/** Writes build/server/ (or `outdir`): the process entry and one bundle per worker thread. */
export async function buildServerBundle(outdir = SERVER_BUNDLE_DIR): Promise<void> {
  await build({
    absWorkingDir: root,
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([name, source]) => [name, path.join(root, source)])),
    outdir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // For `node --enable-source-maps`, when a stack trace should name the source files.
    sourcemap: "linked",
    // Its first statement records its URL, for serverBundleUrl().
    banner: { js: `globalThis.${SERVER_BUNDLE_GLOBAL} = import.meta.url;` },
    plugins: [nodeEnvFirst, packagesOutside, sourceUrls(outdir)],
    logLevel: "warning",
  });
}
