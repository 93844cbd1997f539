/**
 * "Needs review" on /api-status: the published previews of this week's and next week's fixtures
 * whose pick contradicts the model's numbers (shared/content/review.ts), as the Studio flags them
 * when they are published (`requiresReview`), and as the rules judge them with the model's
 * current numbers (a new forecast can raise or clear a flag after publishing).
 */
import { inArray } from "drizzle-orm";
import { editorialPickContent } from "@shared/content/editorial";
import { clubPickNames, reviewReasons } from "@shared/content/review";
import { isContentSeason } from "@shared/content/rules";
import { predictions } from "@shared/db/schema";
import { LEAGUE_KEYS, LEAGUES } from "@shared/domain/leagues";
import { getTeamById } from "@shared/domain/teams/registry";
import type { AppContext } from "~/load-context";
import { predictionPickContent } from "@shared/domain/pick-inputs";
import { listFixturesBetween } from "../match/match-lists.server";
import { matchweekWindow } from "../match/matchweeks.server";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PreviewNeedingReview {
  league: string;
  match: string;
  href: string;
  kickoffAt: string;
  /** The flag the Studio stored when the preview was published. */
  flagged: boolean;
  /** The rules' reasons with the model's current numbers. */
  reasons: string[];
}

export async function listPreviewsNeedingReview(
  context: Pick<AppContext, "db" | "clock" | "content">,
): Promise<PreviewNeedingReview[]> {
  const now = context.clock.now();
  const { from } = matchweekWindow(now);
  const to = new Date(from.getTime() + 14 * DAY_MS);
  const perLeague = await Promise.all(
    LEAGUE_KEYS.map(async (league) => {
      const cards = (await listFixturesBetween(context, league, from, to)).filter((card) => card.state === "pre-match");
      const seasons = [...new Set(cards.map((card) => card.season))].filter(isContentSeason);
      const previews = (
        await Promise.all(
          seasons.map((season) => context.content.listMatchPreviews({ league, season }, { preview: false })),
        )
      ).flat();
      const byKey = new Map(previews.map((doc) => [`${doc.season}|${doc.homeTeam}|${doc.awayTeam}`, doc]));
      return cards.flatMap((card) => {
        const preview = byKey.get(`${card.season}|${card.home.slug}|${card.away.slug}`);
        return preview ? [{ card, preview }] : [];
      });
    }),
  );
  const covered = perLeague.flat();
  if (covered.length === 0) return [];
  const rows = await context.db.db
    .select()
    .from(predictions)
    .where(
      inArray(
        predictions.fixtureId,
        covered.map(({ card }) => card.id),
      ),
    );
  const byFixture = new Map(rows.map((row) => [row.fixtureId, row]));
  return covered
    .map(({ card, preview }) => {
      const row = byFixture.get(card.id);
      const reasons = reviewReasons({
        editorial: editorialPickContent(preview),
        prediction: predictionPickContent(row),
        probabilities: row
          ? { home: row.probHome, draw: row.probDraw, away: row.probAway, over25: row.probOver25, btts: row.probBtts }
          : null,
        homeTeam: clubPickNames(card.home.name, getTeamById(card.home.id)),
        awayTeam: clubPickNames(card.away.name, getTeamById(card.away.id)),
      });
      return {
        league: LEAGUES[card.league].name,
        match: `${card.home.name} vs ${card.away.name}`,
        href: card.href,
        kickoffAt: card.kickoffAt,
        flagged: preview.requiresReview === true,
        reasons: reasons.map((reason) => reason.message),
      };
    })
    .filter((entry) => entry.flagged || entry.reasons.length > 0)
    .sort((a, b) => a.kickoffAt.localeCompare(b.kickoffAt));
}
