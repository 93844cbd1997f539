/**
 * Made-up Premier League seasons in football-data.co.uk's layout, between the registry's 2025/26
 * clubs: full double round robins, so a backfill has enough to read that a test can interrupt it.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { teamsInLeague } from "@shared/domain/teams/registry";

export const SYNTHETIC_MATCHES_PER_SEASON = 380;
const HEADER =
  "Div,Date,Time,HomeTeam,AwayTeam,FTHG,FTAG,FTR,HTHG,HTAG,HTR,AvgH,AvgD,AvgA,Avg>2.5,Avg<2.5,PSCH,PSCD,PSCA";

/** Rounds of a double round robin (circle method): each pairing once home, once away. */
function doubleRoundRobin(teams: readonly string[]): [string, string][][] {
  const rotating = [...teams];
  const rounds: [string, string][][] = [];
  for (let round = 0; round < teams.length - 1; round++) {
    const pairs: [string, string][] = [];
    for (let i = 0; i < teams.length / 2; i++) {
      const a = rotating[i];
      const b = rotating[teams.length - 1 - i];
      pairs.push(round % 2 === 0 ? [a, b] : [b, a]);
    }
    rounds.push(pairs);
    rotating.splice(1, 0, rotating.pop()!);
  }
  return [...rounds, ...rounds.map((pairs) => pairs.map(([home, away]) => [away, home] as [string, string]))];
}

/** Writes `{dir}/{season}/E0.csv` for each season code. */
export function writeSyntheticSeasons(dir: string, seasons: readonly string[]): void {
  const teams = teamsInLeague("premier-league", "2526").map((team) => team.footballDataName);
  const rounds = doubleRoundRobin(teams);
  for (const season of seasons) {
    const startYear = 2000 + Number(season.slice(0, 2));
    const firstSaturday = new Date(Date.UTC(startYear, 7, 1));
    firstSaturday.setUTCDate(1 + ((6 - firstSaturday.getUTCDay() + 7) % 7));
    const lines = [HEADER];
    rounds.forEach((pairs, round) => {
      const day = new Date(firstSaturday.getTime() + round * 7 * 24 * 60 * 60_000);
      const date = `${String(day.getUTCDate()).padStart(2, "0")}/${String(day.getUTCMonth() + 1).padStart(2, "0")}/${day.getUTCFullYear()}`;
      pairs.forEach(([home, away], index) => {
        const seed = (round * 31 + index * 7 + startYear) % 23;
        const [fthg, ftag] = [seed % 4, (seed * 3) % 3];
        const result = fthg > ftag ? "H" : fthg < ftag ? "A" : "D";
        const [hthg, htag] = [Math.floor(fthg / 2), Math.floor(ftag / 2)];
        const htr = hthg > htag ? "H" : hthg < htag ? "A" : "D";
        lines.push(
          `E0,${date},15:00,${home},${away},${fthg},${ftag},${result},${hthg},${htag},${htr},2.1,3.4,3.5,1.9,1.95,2.05,3.5,3.6`,
        );
      });
    });
    mkdirSync(path.join(dir, season), { recursive: true });
    writeFileSync(path.join(dir, season, "E0.csv"), `${lines.join("\n")}\n`);
  }
}
