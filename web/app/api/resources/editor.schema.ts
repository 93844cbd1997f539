/** What the Sanity Studio reads beside the editors' previews: the fixture list and one fixture's numbers. */
import { z } from "zod";
import { id, instant, leagueKeySchema, matchStateSchema, percent, schemaNamer } from "../common/schema";
import { matchRecordSchema } from "./matches.schema";
import { standingRowSchema } from "./standings.schema";

const named = schemaNamer("editor");

const editorTeam = z.strictObject({ name: z.string(), slug: z.string().nullable() });

export const editorFixtureSchema = named(
  "EditorFixture",
  "A fixture as the Studio's fixture list shows it.",
  z.strictObject({
    id,
    league: leagueKeySchema,
    season: z.string().regex(/^\d{4}$/),
    kickoffAt: instant,
    state: matchStateSchema,
    kickedOff: z.boolean().describe("The site's clock has passed the kick-off: a preview is locked."),
    homeTeam: editorTeam,
    awayTeam: editorTeam,
    matchId: z.string().nullable().describe("'{league}/{home}-vs-{away}': with the season, the fixture's key."),
    previewDocumentId: z.string().nullable().describe("The id a preview created from this fixture gets."),
    published: z.boolean().describe("A published preview covers the fixture."),
    bestPick: z.string().describe("What the match page shows now."),
    confidence: percent,
  }),
);

export const editorFixtureListSchema = named(
  "EditorFixtureList",
  "This week's and next week's fixtures of a league, earliest first.",
  z.strictObject({
    now: instant.describe("The site's clock."),
    from: instant,
    to: instant,
    fixtures: z.array(editorFixtureSchema),
  }),
);

const pickContent = z.strictObject({
  bestPick: z.string().nullable().optional(),
  projectedScore: z.string().nullable().optional(),
  confidence: z.union([z.number(), z.string()]).nullable().optional(),
  result: z.string().nullable().optional(),
  overUnder: z.string().nullable().optional(),
  btts: z.string().nullable().optional(),
  bttsConfidence: z.union([z.number(), z.string()]).nullable().optional(),
});

const lockedPick = z.strictObject({
  bestPick: z.string(),
  result: z.enum(["1", "X", "2"]).nullable(),
  overUnder: z.string().nullable(),
  btts: z.enum(["YES", "NO"]).nullable(),
  confidence: percent,
  bttsConfidence: percent.nullable(),
  projectedScore: z.string().nullable(),
  source: z.enum(["editorial", "algorithm"]),
});

const fairOdds = z
  .strictObject({
    home: z.number().nullable(),
    draw: z.number().nullable(),
    away: z.number().nullable(),
    over25: z.number().nullable(),
    under25: z.number().nullable(),
    bttsYes: z.number().nullable(),
    bttsNo: z.number().nullable(),
  })
  .describe("The market's probabilities with the margin taken out (Shin's method, as the model reads them), 0 to 1.");

export const editorFixtureDataSchema = named(
  "EditorFixtureData",
  "The numbers beside a preview in the Studio: the site's match record and what the Studio needs to apply the resolution order to a draft.",
  z.strictObject({
    now: instant.describe("The site's clock."),
    fixture: editorFixtureSchema,
    match: matchRecordSchema,
    algorithm: pickContent
      .extend({ modelVersion: z.string() })
      .nullable()
      .describe("The algorithm's prediction, before any editorial content."),
    fairOdds: fairOdds.nullable(),
    table: z.array(standingRowSchema).describe("The league table around the two clubs (two places either side)."),
    locked: lockedPick.nullable().describe("The pick on record, frozen at kick-off in the ledger."),
    review: z
      .array(
        z.strictObject({
          rule: z.enum(["low-probability", "confidence-gap", "score-contradicts-result", "pick-contradicts-result"]),
          field: z
            .enum(["bestPick", "confidence", "projectedScore", "result"])
            .describe("The preview's field the reason is about."),
          message: z.string(),
        }),
      )
      .describe("Why the published preview needs review; empty when it does not."),
  }),
);
