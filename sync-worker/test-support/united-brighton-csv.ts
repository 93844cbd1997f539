/**
 * For tests of the internal pages: a copy of the project's CSV test files with two Manchester
 * United v Brighton meetings added in the origin's layout, written for the tests like the rest of
 * those files (invented scores and prices): Brighton 1-2 Man United on 10 January 2026 in the
 * season file, and Man United v Brighton on 21 February 2026, 17:30 UTC, in fixtures.csv.
 */
import { appendFileSync, cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { FIXTURES_DIR } from "./csv-origin";

/** The finished meeting, in 2526/E0.csv's 48 columns. */
export const PLAYED_MEETING_ROW =
  "E0,10/01/2026,15:00,Brighton,Man United,1,2,A,0,1,A,S Hooper,11,13,4,6,10,9,5,6,2,1,0,0," +
  "2.6,3.4,2.7,2.62,3.45,2.75,2.58,3.38,2.68,1.8,2.0,1.78,2.02,2.55,3.45,2.75,2.6,3.5,2.8,2.52,3.4,2.7,1.77,2.05";
/** The meeting to come, in fixtures.csv's columns. */
export const NEXT_MEETING_ROW = "E0,21/02/2026,17:30,Man United,Brighton,2.05,3.6,3.5,2.02,3.55,3.45,1.72,2.1";

export const NEXT_MEETING_KICKOFF = "2026-02-21T17:30:00.000Z";
export const PLAYED_MEETING_KICKOFF = "2026-01-10T15:00:00.000Z";

export interface UnitedBrightonCsv {
  /** Laid out like football-data.co.uk: fixtures.csv and mmz4281/. */
  root: string;
  /** The season files, for FOOTBALL_DATA_DIR. */
  seasonsDir: string;
  remove(): void;
}

export function unitedBrightonCsv(): UnitedBrightonCsv {
  const root = mkdtempSync(path.join(tmpdir(), "united-brighton-csv-"));
  cpSync(FIXTURES_DIR, root, { recursive: true });
  appendFileSync(path.join(root, "mmz4281", "2526", "E0.csv"), `${PLAYED_MEETING_ROW}\r\n`);
  appendFileSync(path.join(root, "fixtures.csv"), `${NEXT_MEETING_ROW}\r\n`);
  return {
    root,
    seasonsDir: path.join(root, "mmz4281"),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
