/**
 * The editors' desk, the logic without React: the fixture list's entries (with each fixture's
 * preview status), the template that opens a preview from a fixture, the lock at kick-off, the
 * "Needs review" judgement and what the site will show once a draft is published. Every rule is
 * the site's own shared code (resolution order, review rules), fed with the site's answers.
 */
import type { Template } from "sanity";
import { DOCUMENT_TYPES, draftIdOf, isDraftId, matchIdOf, publishedIdOf, type FixtureKey } from "@shared/content/ids";
import { editorialPickContent } from "@shared/content/editorial";
import type { MatchPreview } from "@shared/content/documents";
import { clubPickNames, reviewReasons, type ReviewReason } from "@shared/content/review";
import { isContentSeason } from "@shared/content/rules";
import { formatConfidence } from "@shared/domain/format";
import { isLeagueKey } from "@shared/domain/leagues";
import { pickProbability } from "@shared/domain/parlay-probability";
import { parseScore } from "@shared/domain/picks";
import { getTeamBySlug } from "@shared/domain/teams/registry";
import { resolvePick, type PickContent, type Resolution } from "@shared/domain/resolution";
import type { EditorFixture, EditorFixtureData } from "./site-api";

export const FIXTURE_TEMPLATE = "matchPreview-from-fixture";

export type PreviewStatus = "published" | "draft" | "none";

export const PREVIEW_STATUS_LABELS: Record<PreviewStatus, string> = {
  published: "Published",
  draft: "Draft",
  none: "No preview",
};

/** What the template needs to pre-fill a preview from a fixture. */
export interface FixtureTemplateParameters {
  league: string;
  season: string;
  homeTeam: string;
  awayTeam: string;
  kickoff: string;
  matchId: string;
}

/** A preview document as the Studio's fixture list reads it (drafts included). */
export interface StoredPreview {
  _id: string;
  season: string | null;
  homeTeam: string | null;
  awayTeam: string | null;
}

/** A club's short name from the registry ("Brighton"); else the name given, else its slug; null without either. */
export function clubShortName(slug: unknown, name?: string | null): string | null {
  const known = typeof slug === "string" && slug !== "" ? getTeamBySlug(slug) : null;
  return known?.shortName ?? (name || (typeof slug === "string" && slug !== "" ? slug : null));
}

/**
 * "Brighton v Crystal Palace": a match as the Studio's lists and titles name it, by the clubs'
 * short names, so it fits a narrow pane. Null while neither club is chosen.
 */
export function matchTitle(
  home: { slug: unknown; name?: string | null },
  away: { slug: unknown; name?: string | null },
): string | null {
  const homeName = clubShortName(home.slug, home.name);
  const awayName = clubShortName(away.slug, away.name);
  return homeName || awayName ? `${homeName ?? "?"} v ${awayName ?? "?"}` : null;
}

export interface FixtureEntry {
  fixture: EditorFixture;
  status: PreviewStatus;
  /** A draft beside the published preview. */
  hasDraft: boolean;
  /** The preview to open: the existing one, else the id a new one gets. */
  documentId: string;
  /** null when the fixture cannot take a preview (a club outside the registry, or a season editors do not cover). */
  template: FixtureTemplateParameters | null;
}

const keyString = (season: string | null, home: string | null, away: string | null) => `${season}|${home}|${away}`;

/**
 * The fixture list: one entry per fixture of the site's list, with the status of its preview.
 * A fixture that already has a preview (whatever its id) opens that one.
 */
export function fixtureEntries(fixtures: readonly EditorFixture[], previews: readonly StoredPreview[]): FixtureEntry[] {
  const stored = new Map<string, { published: string | null; draft: string | null }>();
  for (const preview of previews) {
    const key = keyString(preview.season, preview.homeTeam, preview.awayTeam);
    const entry = stored.get(key) ?? { published: null, draft: null };
    if (isDraftId(preview._id)) entry.draft ??= preview._id;
    else entry.published ??= preview._id;
    stored.set(key, entry);
  }
  return fixtures.flatMap((fixture): FixtureEntry[] => {
    const home = fixture.homeTeam.slug;
    const away = fixture.awayTeam.slug;
    const found = stored.get(keyString(fixture.season, home, away));
    const existing = found?.published ?? (found?.draft ? publishedIdOf(found.draft) : null);
    const documentId = existing ?? fixture.previewDocumentId;
    if (!documentId) return [];
    const template =
      home && away && isContentSeason(fixture.season)
        ? {
            league: fixture.league,
            season: fixture.season,
            homeTeam: home,
            awayTeam: away,
            kickoff: fixture.kickoffAt,
            matchId: matchIdOf({ league: fixture.league, homeTeam: home, awayTeam: away }),
          }
        : null;
    return [
      {
        fixture,
        status: found?.published ? "published" : found?.draft ? "draft" : "none",
        hasDraft: Boolean(found?.draft),
        documentId,
        template,
      },
    ];
  });
}

/** The template every fixture's "new preview" uses: the fixture's key and kick-off filled in. */
export const fixtureTemplate: Template<FixtureTemplateParameters> = {
  id: FIXTURE_TEMPLATE,
  title: "Match preview from a fixture",
  schemaType: DOCUMENT_TYPES.matchPreview,
  parameters: [
    { name: "league", type: "string" },
    { name: "season", type: "string" },
    { name: "homeTeam", type: "string" },
    { name: "awayTeam", type: "string" },
    { name: "kickoff", type: "string" },
    { name: "matchId", type: "string" },
  ],
  value: (parameters: FixtureTemplateParameters) => ({
    league: parameters.league,
    season: parameters.season,
    homeTeam: parameters.homeTeam,
    awayTeam: parameters.awayTeam,
    kickoff: parameters.kickoff,
    matchId: parameters.matchId,
  }),
};

/** The fixture a preview document is written for, when its key fields are filled in. */
export function fixtureKeyOf(
  document: unknown,
): Pick<FixtureKey, "league" | "season" | "homeTeam" | "awayTeam"> | null {
  const fields = (document ?? {}) as Record<string, unknown>;
  const { league, season, homeTeam, awayTeam } = fields;
  if (
    !isLeagueKey(league) ||
    !isContentSeason(season) ||
    typeof homeTeam !== "string" ||
    typeof awayTeam !== "string" ||
    !homeTeam ||
    !awayTeam
  ) {
    return null;
  }
  return { league, season, homeTeam, awayTeam };
}

/** The pick fields of a document in the Studio (drafts may hold anything). */
export function documentPickContent(document: unknown): PickContent | null {
  const fields = (document ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === "string" ? value : null);
  const number = (value: unknown) => (typeof value === "number" ? value : null);
  return editorialPickContent({
    bestPick: text(fields.bestPick),
    projectedScore: text(fields.projectedScore),
    confidence: number(fields.confidence),
    result: text(fields.result),
    overUnder: text(fields.overUnder),
    btts: text(fields.btts),
    bttsConfidence: number(fields.bttsConfidence),
  } as MatchPreview);
}

const probabilitiesOf = (data: EditorFixtureData) => data.match.probabilities;

/** "Needs review" for a document, with the site's numbers for its fixture (null: the rules that need none). */
export function documentReview(document: unknown, data: EditorFixtureData | null): ReviewReason[] {
  const editorial = documentPickContent(document);
  const fields = (document ?? {}) as { homeTeam?: unknown; awayTeam?: unknown };
  const team = (slug: unknown) => (typeof slug === "string" ? getTeamBySlug(slug) : null);
  const homeTeam = clubPickNames(data?.match.homeTeam ?? null, team(fields.homeTeam));
  const awayTeam = clubPickNames(data?.match.awayTeam ?? null, team(fields.awayTeam));
  if (!data) {
    // Without the site, only the rules that need no model: the score and the best pick against the 1X2 pick.
    return reviewReasons({ editorial, prediction: null, probabilities: null, homeTeam, awayTeam });
  }
  return reviewReasons({
    editorial,
    prediction: data.algorithm,
    probabilities: probabilitiesOf(data),
    homeTeam,
    awayTeam,
  });
}

/** What the site will show once this draft is published: the resolution order applied to it. */
export function resolutionOnPublish(document: unknown, data: EditorFixtureData): Resolution {
  const { match } = data;
  const score =
    match.homeScore !== null && match.awayScore !== null ? { home: match.homeScore, away: match.awayScore } : null;
  return resolvePick({
    match: {
      state: match.matchState,
      homeTeam: match.homeTeam,
      awayTeam: match.awayTeam,
      finalScore: match.matchState === "post-match" ? (parseScore(match.finalScore) ?? score) : null,
      liveScore: match.matchState === "live" ? score : null,
    },
    editorial: documentPickContent(document),
    prediction: data.algorithm,
    locked: data.locked,
  });
}

/** The model's probability (0 to 1) that a pick lands, by the site's rules; null when it has none. */
export function modelProbability(pick: string, data: EditorFixtureData): number | null {
  return pickProbability(pick, data.match.homeTeam, data.match.awayTeam, probabilitiesOf(data));
}

export interface FixtureLock {
  locked: boolean;
  /** Why the actions are disabled, with the pick on record. */
  reason: string | null;
}

/** The pick on record as a sentence: "Arsenal to Win (81.5%, the algorithm's)". */
export function pickOnRecord(data: EditorFixtureData | null): string | null {
  const locked = data?.locked;
  if (!locked) return null;
  return `${locked.bestPick} (${formatConfidence(locked.confidence)}, ${locked.source === "editorial" ? "this preview's" : "the algorithm's"})`;
}

/**
 * A preview is locked once its fixture kicked off by the site's clock: the site's answer when
 * there is one, else the document's kick-off against the site's clock.
 */
export function fixtureLock(document: unknown, data: EditorFixtureData | null, now: Date): FixtureLock {
  const kickoff = data?.fixture.kickoffAt ?? ((document ?? {}) as { kickoff?: unknown }).kickoff;
  const kickedOff = data ? data.fixture.kickedOff : typeof kickoff === "string" && Date.parse(kickoff) <= now.getTime();
  if (!kickedOff) return { locked: false, reason: null };
  const record = pickOnRecord(data);
  return {
    locked: true,
    reason: `Locked at kick-off: the pick on record is ${record ?? "not written yet (the ledger locks it within a minute)"}. A change now would not reach the site or the track record.`,
  };
}

/** The draft id and published id of a document, for queries over both. */
export const documentIds = (id: string) => ({ published: publishedIdOf(id), draft: draftIdOf(id) });
