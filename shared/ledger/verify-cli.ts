/**
 * `npm run ledger:verify -- <ledger.csv URL or file> [--previous <earlier copy>]`: downloads or
 * reads the published ledger, recomputes both hash chains from the rows (trusting none of the
 * file's hashes), re-derives every settled outcome from its final score, and prints the rows and
 * the chain heads. With --previous (a file or URL saved earlier), also proves the new copy only
 * adds to it. Exit status: 0 verified, 1 not verified (the message names the first bad row),
 * 2 the arguments or a source could not be read.
 */
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { LedgerCsvError, parseLedgerCsv, type ParsedLedgerCsv } from "./csv";
import { LedgerVerificationError, verifyExtends, verifyLedger } from "./verify";

const USAGE = "usage: npm run ledger:verify -- <ledger.csv URL or file> [--previous <earlier copy: URL or file>]";

class SourceError extends Error {}

async function load(source: string): Promise<string> {
  if (/^https?:\/\//i.test(source)) {
    let response: Response;
    try {
      response = await fetch(source, { headers: { Accept: "text/csv" } });
    } catch (error) {
      throw new SourceError(`could not download ${source}: ${(error as Error).message}`);
    }
    if (!response.ok) throw new SourceError(`could not download ${source}: HTTP ${response.status} ${response.statusText}`);
    return response.text();
  }
  try {
    return await readFile(source, "utf8");
  } catch (error) {
    throw new SourceError(`could not read ${source}: ${(error as Error).message}`);
  }
}

function parseArgs(args: readonly string[]): { current: string; previous: string | null } | null {
  let current: string | null = null;
  let previous: string | null = null;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--previous") {
      previous = args[++i] ?? null;
      if (previous === null) return null;
    } else if (arg.startsWith("--previous=")) {
      previous = arg.slice("--previous=".length);
    } else if (arg.startsWith("-") || current !== null) {
      return null;
    } else {
      current = arg;
    }
  }
  return current === null || previous === "" ? null : { current, previous };
}

async function parsed(source: string, label: string): Promise<ParsedLedgerCsv> {
  const text = await load(source);
  try {
    return parseLedgerCsv(text);
  } catch (error) {
    if (error instanceof LedgerCsvError) throw new LedgerVerificationError(`${label} is not a ledger CSV: ${error.message}`);
    throw error;
  }
}

/** Runs the command with these arguments and returns its exit status. */
export async function verifyCommand(
  args: readonly string[],
  out: (line: string) => void = console.log,
  err: (line: string) => void = console.error,
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
          throw new LedgerVerificationError(`the earlier copy ${options.previous} does not verify itself: ${error.message}`);
        }
        throw error;
      }
      const extended = verifyExtends(previous, current);
      extension =
        `extends the earlier copy ${options.previous}: its ${extended.previousRows} rows are unchanged ` +
        `(its chain head ${extended.previousChainHead}), ${extended.addedRows} rows added, ${extended.newlySettled} settled since`;
    }
    const ids = verified.rows > 0 ? ` (ids ${verified.firstId} to ${verified.lastId})` : "";
    out(`Ledger OK: ${verified.rows} rows${ids}, ${verified.settled} settled, ${verified.lateLocks} late locks`);
    out(`  chain head:      ${verified.chainHead}`);
    out(`  settlement head: ${verified.settlementHead}`);
    if (extension) out(`  ${extension}`);
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
