/**
 * A small editorial dataset for tests: published documents, drafts that differ from them, a
 * draft that was never published, and one document that breaks its schema.
 */
import type { ContentDocument } from "./source";
import { plainTextToPortableText } from "./portable-text";

export const ARSENAL_CHELSEA = {
  league: "premier-league",
  season: "2526",
  homeTeam: "arsenal",
  awayTeam: "chelsea",
} as const;
export const BAYERN_DORTMUND = {
  league: "bundesliga",
  season: "2526",
  homeTeam: "bayern-munich",
  awayTeam: "borussia-dortmund",
} as const;
/** Only a draft exists for this fixture. */
export const INTER_MILAN = { league: "serie-a", season: "2526", homeTeam: "inter", awayTeam: "ac-milan" } as const;

export function testContentDocuments(): ContentDocument[] {
  return [
    {
      _id: "siteSettings",
      _type: "siteSettings",
      _rev: "settings-1",
      heroHeadline: "Smart Picks. Fast Plays.",
      heroSubtext: "Save time and win smarter with our AI algorithm-driven soccer predictions.",
      heroButtonLabel: "View Today's Picks",
      responsibleBanner: "IF YOU BET, BET RESPONSIBLY",
      socialUrl: "https://x.com/firstkickpicks",
    },
    {
      _id: "drafts.siteSettings",
      _type: "siteSettings",
      _rev: "settings-draft-1",
      heroHeadline: "Smart Picks. Fast Plays.",
      heroSubtext: "A draft subtext nobody outside preview sees.",
      heroButtonLabel: "View Today's Picks",
      responsibleBanner: "IF YOU BET, BET RESPONSIBLY",
      socialUrl: "https://x.com/firstkickpicks",
    },
    {
      _id: "matchPreview-ars-che",
      _type: "matchPreview",
      _rev: "ars-che-1",
      ...ARSENAL_CHELSEA,
      kickoff: "2026-02-07T15:00:00.000Z",
      bestPick: "Arsenal to Win",
      confidence: 72,
      projectedScore: "2-1",
      result: "1",
      btts: "YES",
      bttsConfidence: 61,
      overUnder: "Over 2.5 Goals",
      verdictTag: "Strong Pick",
      matchSummary: plainTextToPortableText("Arsenal at home against a Chelsea side that travels well."),
      keyInsights: ["Arsenal unbeaten at home", "Chelsea score in most away games"],
    },
    {
      _id: "drafts.matchPreview-ars-che",
      _type: "matchPreview",
      _rev: "ars-che-draft-1",
      ...ARSENAL_CHELSEA,
      kickoff: "2026-02-07T15:00:00.000Z",
      bestPick: "Draw",
      confidence: 40,
      projectedScore: "1-1",
      result: "X",
    },
    {
      _id: "matchPreview-bay-bvb",
      _type: "matchPreview",
      _rev: "bay-bvb-1",
      ...BAYERN_DORTMUND,
      kickoff: "2026-02-07T14:30:00.000Z",
      bestPick: "Over 3.5 Goals",
      confidence: 66,
      projectedScore: "3-1",
    },
    {
      _id: "drafts.matchPreview-int-mil",
      _type: "matchPreview",
      _rev: "int-mil-draft-1",
      ...INTER_MILAN,
      kickoff: "2026-02-08T19:45:00.000Z",
      bestPick: "Inter to Win",
      confidence: 58,
    },
    {
      _id: "matchPreview-broken",
      _type: "matchPreview",
      _rev: "broken-1",
      league: "eredivisie",
      season: "2526",
      homeTeam: "ajax",
      awayTeam: "psv",
      kickoff: "2026-02-07T13:00:00.000Z",
    },
    {
      _id: "sundayParlay",
      _type: "sundayParlay",
      _rev: "parlay-1",
      title: "Sunday 5-Team Cross-League Parlay",
      lastUpdated: "2025-10-05",
      legs: [
        {
          _key: "l1",
          _type: "parlayLeg",
          league: "premier-league",
          homeTeam: "brentford",
          awayTeam: "manchester-city",
          selection: "Manchester City to Win",
          predictedScore: "0-2",
          confidence: 68,
        },
      ],
    },
    {
      _id: "teamProfile-manchester-city",
      _type: "teamProfile",
      _rev: "mci-1",
      team: "manchester-city",
      league: "premier-league",
      overview: plainTextToPortableText("A club built on possession."),
    },
    {
      _id: "staticPage-terms",
      _type: "staticPage",
      _rev: "terms-1",
      page: "terms",
      title: "Terms of Service",
      lastUpdated: "2025-08-09",
      sections: [
        {
          _key: "s1",
          _type: "pageSection",
          heading: "Eligibility",
          body: plainTextToPortableText("You must be 18 or older."),
        },
      ],
    },
  ];
}
