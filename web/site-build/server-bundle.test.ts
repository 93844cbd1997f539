import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SERVER_BUNDLE_GLOBAL } from "@shared/config/server-bundle";
import { buildServerBundle } from "./server-bundle";

const root = fileURLToPath(new URL("../../", import.meta.url));
let outdir: string;
const bundle = (name: string) => readFileSync(path.join(outdir, name), "utf8");

beforeAll(async () => {
  outdir = mkdtempSync(path.join(tmpdir(), "server-bundle-"));
  await buildServerBundle(outdir);
});
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

describe("the server bundle", () => {
  it("holds the process entry and each worker thread, named for its source file", () => {
    for (const name of ["start.js", "engine-thread.js", "odds-check-thread.js", "outlook-thread.js"])
      expect(existsSync(path.join(outdir, name)), name).toBe(true);
  });

  it("holds the project's own code and imports only packages", () => {
    const imports = [...bundle("start.js").matchAll(/^import .* from "([^"]+)";$/gm)].map((match) => match[1]);
    expect(imports.length).toBeGreaterThan(10);
    // No alias and no relative path is left to resolve at run time: the project's code is inside.
    expect(imports.filter((specifier) => /^(~\/|@shared\/|@sync-worker\/|\.)/.test(specifier))).toEqual([]);
    expect(imports).toContain("@electric-sql/pglite");
    expect(bundle("start.js")).toContain("The site is not built: run `npm run build` first");
  });

  it("records its own URL first, for the threads it starts", () => {
    for (const name of ["start.js", "engine-thread.js"])
      expect(bundle(name).split("\n")[0]).toBe(`globalThis.${SERVER_BUNDLE_GLOBAL} = import.meta.url;`);
  });

  it("keeps each module's import.meta.url naming its source file", () => {
    const bundleUrl = pathToFileURL(path.join(outdir, "start.js")).href;
    const sources = [...bundle("start.js").matchAll(/new URL\("([^"]+)", import\.meta\.url\)\.href/g)].map((match) =>
      fileURLToPath(new URL(match[1], bundleUrl)),
    );
    expect(sources).toContain(path.join(root, "web/start.ts"));
    expect(sources).toContain(path.join(root, "sync-worker/model/engine-client.ts"));
    for (const source of sources) expect(existsSync(source), source).toBe(true);
    // Only the banner reads the bundle's own URL.
    expect(bundle("start.js").match(/import\.meta\.url;/g)).toHaveLength(1);
  });
});

describe("the process entry, started without NODE_ENV", () => {
  // Inside the project, so the bundle's package imports resolve. Started with a PORT it refuses,
  // the process stops right after its imports are evaluated.
  let localOut: string;
  beforeAll(async () => {
    mkdirSync(path.join(root, ".cache"), { recursive: true });
    localOut = path.join(mkdtempSync(path.join(root, ".cache", "node-env-")), "server");
    await buildServerBundle(localOut);
  });
  afterAll(() => rmSync(path.dirname(localOut), { recursive: true, force: true }));

  it("runs React's and React Router's production builds: NODE_ENV is set before any package is loaded", () => {
    // Lists, as the process exits, the React and React Router files it loaded.
    const probe = [
      'import { createRequire } from "node:module";',
      `const require = createRequire(${JSON.stringify(path.join(localOut, "start.js"))});`,
      'process.on("exit", () => console.log("LOADED " + JSON.stringify(Object.keys(require.cache).filter((file) => /[\\\\/](react|react-router)[\\\\/]/.test(file)))));',
    ].join("\n");
    // No NODE_ENV: what the entry does without one is the question.
    const env = {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      PORT: "eighty",
    } as unknown as NodeJS.ProcessEnv;
    const child = spawnSync(
      process.execPath,
      ["--import", `data:text/javascript,${encodeURIComponent(probe)}`, path.join(localOut, "start.js")],
      { cwd: root, env, encoding: "utf8", timeout: 60_000 },
    );
    expect(child.stderr).toContain('PORT="eighty"');
    const loaded = JSON.parse(child.stdout.split("LOADED ")[1] ?? "[]") as string[];
    const names = loaded.map((file) => path.basename(file));
    expect(names).toContain("react.production.min.js");
    expect(names.filter((name) => name.includes("development"))).toEqual([]);
  });
});
