/**
 * `npm run ledger:verify -- <ledger.csv URL or file> [--previous <earlier copy>]
 *    [--results <football-data directory or URL>] [--audit <fixture-audit.csv URL or file>]`:
 * downloads or reads the published ledger, recomputes both hash chains from the rows (trusting
 * none of the file's hashes), re-derives every settled outcome from its final score, and prints
 * the rows and the chain heads. With --previous (a file or URL saved earlier), also proves the new
 * copy only adds to it. Then it holds the rows against the matches (match-checks.ts): every
 * kick-off inside its season, no settlement after the time of the check; with --results (a
 * directory or URL laid out like https://www.football-data.co.uk/mmz4281, `{season}/{code}.csv`)
 * the date of every row's match and the final score of every settled one against the public
 * results; with --audit (the published fixture audit) the kick-off and final-score changes the
 * database recorded. Exit status: 0 verified, 1 not verified (the message names the first bad row,
 * or every row whose match disagrees), 2 the arguments or a source could not be read.
 */
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { FixtureAuditCsvError, parseFixtureAuditCsv, type FixtureAuditCsvRow } from "./audit-csv";
import { LedgerCsvError, parseLedgerCsv, type LedgerCsvRow, type ParsedLedgerCsv } from "./csv";
import { checkAgainstAudit, checkAgainstResults, checkLedgerTimes } from "./match-checks";
import { isLeagueKey, parsePublicResults, publicResultsPath, type PublicResultsFile } from "./public-results";
import { LedgerVerificationError, verifyExtends, verifyLedger } from "./verify";

const USAGE =
  "usage: npm run ledger:verify -- <ledger.csv URL or file> [--previous <earlier copy: URL or file>] " +
  "[--results <football-data directory or URL, laid out like https://www.football-data.co.uk/mmz4281>] " +
  "[--audit <fixture-audit.csv URL or file>]";

class SourceError extends Error {}

const isUrl = (source: string) => /^https?:\/\//i.test(source);

/** The text of a file or URL; null when `optional` and it does not exist (ENOENT, HTTP 404). */
async function load(source: string, optional = false): Promise<string | null> {
  if (isUrl(source)) {
    let response: Response;
    try {
      response = await fetch(source, { headers: { Accept: "text/csv" } });
    } catch (error) {
      throw new SourceError(`could not download ${source}: ${(error as Error).message}`);
    }
    if (optional && response.status === 404) {
      await response.body?.cancel();
      return null;
    }
    if (!response.ok)
      throw new SourceError(`could not download ${source}: HTTP ${response.status} ${response.statusText}`);
    return response.text();
  }
  try {
    return await readFile(source, "utf8");
  } catch (error) {
    if (optional && (error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw new SourceError(`could not read ${source}: ${(error as Error).message}`);
  }
}

async function required(source: string): Promise<string> {
  return (await load(source))!;
}

interface Options {
  current: string;
  previous: string | null;
  results: string | null;
  audit: string | null;
}

const OPTIONS = ["previous", "results", "audit"] as const;

function parseArgs(args: readonly string[]): Options | null {
  const options: Options = { current: "", previous: null, results: null, audit: null };
  let current: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const option = OPTIONS.find((name) => arg === `--${name}` || arg.startsWith(`--${name}=`));
    if (option) {
      const value = arg === `--${option}` ? args[++i] : arg.slice(option.length + 3);
      if (value === undefined || value === "" || options[option] !== null) return null;
      options[option] = value;
    } else if (arg.startsWith("-") || current !== null) {
      return null;
    } else {
      current = arg;
    }
  }
  return current === null ? null : { ...options, current };
}

/** The public results file of every league season the rows are in; null for one the source does not have. */
async function loadResults(
  base: string,
  rows: readonly LedgerCsvRow[],
): Promise<Map<string, PublicResultsFile | null>> {
  if (!isUrl(base)) {
    const info = await stat(base).catch(() => null);
    if (!info?.isDirectory()) throw new SourceError(`could not read the public results: ${base} is not a directory`);
  }
  const files = new Map<string, PublicResultsFile | null>();
  for (const row of rows) {
    const key = `${row.league}:${row.season}`;
    if (files.has(key) || !isLeagueKey(row.league) || !/^\d{4}$/.test(row.season)) continue;
    const relative = publicResultsPath(row.league, row.season);
    const source = isUrl(base)
      ? new URL(relative, base.endsWith("/") ? base : `${base}/`).toString()
      : path.join(base, relative);
    const text = await load(source, true);
    try {
      files.set(key, text === null ? null : parsePublicResults(text, row.league, relative));
    } catch (error) {
      throw new SourceError(`could not read the public results ${source}: ${(error as Error).message}`);
    }
  }
  return files;
}

async function loadAudit(source: string): Promise<FixtureAuditCsvRow[]> {
  const text = await required(source);
  try {
    return parseFixtureAuditCsv(text);
  } catch (error) {
    if (error instanceof FixtureAuditCsvError)
      throw new LedgerVerificationError(`the fixture audit ${source} is not one: ${error.message}`);
    throw error;
  }
}

async function parsed(source: string, label: string): Promise<ParsedLedgerCsv> {
  const text = await required(source);
  try {
    return parseLedgerCsv(text);
  } catch (error) {
    if (error instanceof LedgerCsvError)
      throw new LedgerVerificationError(`${label} is not a ledger CSV: ${error.message}`);
    throw error;
  }
}

export interface VerifyCommandOptions {
  /** The time of the check (settlements after it are refused); the machine's clock by default. */
  now?: () => Date;
}

/** Runs the command with these arguments and returns its exit status. */
export async function verifyCommand(
  args: readonly string[],
  out: (line: string) => void = console.log,
  err: (line: string) => void = console.error,
  { now = () => new Date() }: VerifyCommandOptions = {},
): Promise<number> {
  const options = parseArgs(args);
  if (!options) {
    err(USAGE);
    return 2;
  }
  try {
    const current = await parsed(options.current, options.current);
    const verified = verifyLedger(current);
    let extension: string | null = null;
    if (options.previous !== null) {
      const previous = await parsed(options.previous, `the earlier copy ${options.previous}`);
      try {
        verifyLedger(previous);
      } catch (error) {
        if (error instanceof LedgerVerificationError) {
          throw new LedgerVerificationError(
            `the earlier copy ${options.previous} does not verify itself: ${error.message}`,
          );
        }
        throw error;
      }
      const extended = verifyExtends(previous, current);
      extension =
        `extends the earlier copy ${options.previous}: its ${extended.previousRows} rows are unchanged ` +
        `(its chain head ${extended.previousChainHead}), ${extended.addedRows} rows added, ${extended.newlySettled} settled since`;
    }
    const checkedAt = now();
    const problems: string[] = [];
    const notes: string[] = [];
    const summary: string[] = [];
    const times = checkLedgerTimes(current.rows, checkedAt);
    problems.push(...times.problems);
    if (options.results !== null) {
      const results = checkAgainstResults(current.rows, await loadResults(options.results, current.rows), checkedAt);
      problems.push(...results.problems);
      notes.push(...results.notes);
      summary.push(`public results (${options.results}): ${results.confirmed} settled rows agree with them`);
    }
    if (options.audit !== null) {
      const audit = await loadAudit(options.audit);
      const audited = checkAgainstAudit(current.rows, audit);
      problems.push(...audited.problems);
      notes.push(...audited.notes);
      summary.push(`fixture audit (${options.audit}): ${audit.length} changes of kick-offs and final scores read`);
    }
    if (problems.length > 0) {
      for (const note of notes) out(`  note: ${note}`);
      const chains = `${verified.rows} rows, chain head ${verified.chainHead}, settlement head ${verified.settlementHead}`;
      err(`Ledger NOT OK (${options.current}): its hash chains verify (${chains}), but not its matches:`);
      for (const problem of problems) err(`  ${problem}`);
      return 1;
    }

    const ids = verified.rows > 0 ? ` (ids ${verified.firstId} to ${verified.lastId})` : "";
    out(`Ledger OK: ${verified.rows} rows${ids}, ${verified.settled} settled, ${verified.lateLocks} late locks`);
    out(`  chain head:      ${verified.chainHead}`);
    out(`  settlement head: ${verified.settlementHead}`);
    if (extension) out(`  ${extension}`);
    for (const line of summary) out(`  ${line}`);
    for (const note of notes) out(`  note: ${note}`);
    return 0;
  } catch (error) {
    if (error instanceof SourceError) {
      err(`ledger:verify: ${error.message}`);
      return 2;
    }
    if (error instanceof LedgerVerificationError) {
      err(`Ledger NOT OK (${options.current}): ${error.message}`);
      return 1;
    }
    throw error;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await verifyCommand(process.argv.slice(2));
}
