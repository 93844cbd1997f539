/** The live score of a match, polled while it is live. */
import { z } from "zod";
import { id, instant, matchStateSchema, schemaNamer } from "../common/schema";
import { liveEventSchema, liveProbabilitySchema } from "./matches.schema";

const named = schemaNamer("live");

export const liveScoreSchema = named(
  "LiveScore",
  "The live part of a match, polled every 15 s while it is live; it overrides the match record's.",
  z.strictObject({
    matchId: id,
    fixtureId: id.nullable(),
    matchState: matchStateSchema,
    status: z.string().nullable(),
    homeScore: z.number().int().nullable(),
    awayScore: z.number().int().nullable(),
    liveMinute: z.number().int().nullable(),
    injuryTime: z.number().int().nullable(),
    events: z.array(liveEventSchema),
    lastUpdated: instant.nullable().describe("When the live data was last written; null before it was."),
    liveProbability: liveProbabilitySchema.nullable(),
  }),
);
