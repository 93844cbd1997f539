/**
 * Every GROQ query the site and the worker run, written once. Both content sources evaluate
 * the same text: Sanity's API, or groq-js over the local dataset. A perspective (published or
 * drafts) decides which version of each document a query sees.
 */
import { defineQuery } from "groq";

const MATCH_PREVIEW_FIELDS = `
  "id": _id,
  "updatedAt": _updatedAt,
  league, season, homeTeam, awayTeam, kickoff,
  bestPick, confidence, projectedScore, result, btts, bttsConfidence, overUnder, verdictTag,
  matchSummary, keyInsights, tacticalAnalysis, predictedLineups, headToHead, keyPlayerStats,
  teamFormMomentum, finalPredictionSummary, managersNotes, requiresReview, reviewReasons
`;

const FIXTURE_FILTER = `_type == "matchPreview" && league == $league && season == $season && homeTeam == $homeTeam && awayTeam == $awayTeam`;

/** The preview of one fixture (params: league, season, homeTeam, awayTeam). */
export const MATCH_PREVIEW_QUERY = defineQuery(
  `*[${FIXTURE_FILTER}] | order(_updatedAt desc)[0]{${MATCH_PREVIEW_FIELDS}}`,
);

/** A season's previews, optionally of one league (params: season, league or null), by kick-off. */
export const MATCH_PREVIEWS_QUERY = defineQuery(
  `*[_type == "matchPreview" && season == $season && ($league == null || league == $league)] | order(kickoff asc, _id asc){${MATCH_PREVIEW_FIELDS}}`,
);

/**
 * Every stored version of one fixture's preview, drafts included, for writing over it
 * (raw perspective; params as MATCH_PREVIEW_QUERY).
 */
export const MATCH_PREVIEW_VERSIONS_QUERY = defineQuery(`*[${FIXTURE_FILTER}]`);

export const SUNDAY_PARLAY_QUERY = defineQuery(`*[_id == "sundayParlay"][0]{
  title,
  lastUpdated,
  "legs": legs[]{ "key": _key, league, homeTeam, awayTeam, selection, predictedScore, confidence }
}`);

/** params: team (slug). */
export const TEAM_PROFILE_QUERY = defineQuery(`*[_type == "teamProfile" && team == $team] | order(_updatedAt desc)[0]{
  team, league, overview
}`);

export const SITE_SETTINGS_QUERY = defineQuery(`*[_id == "siteSettings"][0]{
  heroHeadline, heroSubtext, heroButtonLabel, responsibleBanner, socialUrl
}`);

/** params: page ("about", "terms", "privacy" or "responsible-gambling"). */
export const STATIC_PAGE_QUERY = defineQuery(`*[_type == "staticPage" && page == $page] | order(_updatedAt desc)[0]{
  page, title, lastUpdated, intro,
  "sections": sections[]{ "key": _key, heading, body }
}`);
