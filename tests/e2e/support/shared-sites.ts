/**
 * Sites several browser test files share, started once by the global setup of the browser tests
 * (startSharedSites) instead of once per file; a file asks for one with sharedSite(name).
 *
 * - `fixtures`: the site on the fixture seasons with the default replayed clock. The files that
 *   use it only read pages (their visitors' state lives in their own browser contexts), so they
 *   can share one server and one filled database. Not my-teams: it compares two answers of the
 *   page cache, which another file's requests on the same site could make differ.
 * - `whistle`: Arsenal v Sunderland replayed ten times as fast from 16:44 to the final whistle at
 *   16:55. Started with the run, so its minute of replayed play passes while other files run.
 *
 * A file run alone, or without the global setup, starts its own site with the same settings.
 */
import { appendFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { FIXTURES_SEASONS_DIR } from "@sync-worker/test-support/csv-origin";
import { startSite, type RunningSite } from "./site";

interface SharedSiteSpec {
  /** The test files (names without `.e2e.ts`) that use it: it starts only if one of them runs. */
  files: string[];
  env: Record<string, string>;
}

export const SHARED_SITES = {
  fixtures: {
    files: [
      "accessibility",
      "api",
      "client-bundle",
      "dark-mode",
      "fixture-list",
      "league-match",
      "local-times",
      "markup-once",
      "pages",
      "parlay",
      "players",
      "search",
      "season-outlook",
      "seo",
      "teams",
    ],
    env: { FOOTBALL_DATA_DIR: FIXTURES_SEASONS_DIR },
  },
  whistle: {
    files: ["probability-chart"],
    env: { FOOTBALL_DATA_DIR: FIXTURES_SEASONS_DIR, CLOCK: "replay:2026-02-07T16:44:00Z,speed=10" },
  },
} satisfies Record<string, SharedSiteSpec>;

export type SharedSiteName = keyof typeof SHARED_SITES;

/** How the global setup tells the test files (in their own processes) where the shared sites are. */
const ENV_KEY = "E2E_SHARED_SITES";

type Started = Partial<Record<SharedSiteName, { url: string; logFile: string }>>;

/**
 * The shared site `name`: the one the global setup started, or, when it did not (the file runs
 * alone or by another config), a site of this file's own with the same settings.
 */
export async function sharedSite(name: SharedSiteName): Promise<RunningSite> {
  const started = (JSON.parse(process.env[ENV_KEY] ?? "{}") as Started)[name];
  if (!started) return startSite(SHARED_SITES[name].env);
  return {
    url: started.url,
    output: () => readFileSync(started.logFile, "utf8"),
    // The global teardown stops it, after every file that uses it.
    stop: async () => {},
  };
}

/**
 * The files a vitest command line names (`vitest run parlay tests/e2e/seo.e2e.ts`): its
 * positional arguments after `run`, leaving out option values. None means every file runs.
 */
export function fileFilters(argv: string[]): string[] {
  const args = argv.slice(2);
  const start = args[0] === "run" ? 1 : 0;
  const filters: string[] = [];
  for (let i = start; i < args.length; i += 1) {
    const arg = args[i];
    if (arg.startsWith("-")) {
      // `--option value` (not `--option=value`): skip the value too.
      if (!arg.includes("=") && i + 1 < args.length && !args[i + 1].startsWith("-")) i += 1;
      continue;
    }
    filters.push(arg);
  }
  return filters;
}

/** Whether the run includes one of `files`, by vitest's rule: a filter matches a path containing it. */
function runsAnyOf(files: string[], filters: string[]): boolean {
  if (filters.length === 0) return true;
  return files.some((file) => filters.some((filter) => `tests/e2e/${file}.e2e.ts`.includes(filter)));
}

/**
 * Starts the shared sites the run needs, at once and side by side, and returns a function that
 * stops them. Their output goes to a file each, for a test's failure message.
 */
export async function startSharedSites(argv = process.argv): Promise<() => Promise<void>> {
  const filters = fileFilters(argv);
  const logDir = mkdtempSync(path.join(tmpdir(), "e2e-shared-sites-"));
  const names = (Object.keys(SHARED_SITES) as SharedSiteName[]).filter((name) =>
    runsAnyOf(SHARED_SITES[name].files, filters),
  );
  const sites = await Promise.all(
    names.map(async (name) => {
      const logFile = path.join(logDir, `${name}.log`);
      appendFileSync(logFile, "");
      const site = await startSite(SHARED_SITES[name].env, { onOutput: (chunk) => appendFileSync(logFile, chunk) });
      return { name, site, logFile };
    }),
  );
  const started: Started = {};
  for (const { name, site, logFile } of sites) started[name] = { url: site.url, logFile };
  process.env[ENV_KEY] = JSON.stringify(started);
  return async () => {
    await Promise.all(sites.map(({ site }) => site.stop()));
    rmSync(logDir, { recursive: true, force: true });
  };
}
