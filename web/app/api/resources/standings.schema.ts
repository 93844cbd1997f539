/** A league's table. */
import { z } from "zod";
import { count, id, schemaNamer } from "../common/schema";

const named = schemaNamer("standings");

export const standingRowSchema = named(
  "StandingRow",
  "A row of a league table.",
  z.strictObject({
    position: z.number().int().min(1),
    teamId: id,
    teamName: z.string(),
    teamHref: z.string().nullable().describe("The team page."),
    played: count,
    wins: count,
    draws: count,
    losses: count,
    goalDifference: z.number().int(),
    points: z.number().int(),
    form: z.string().describe("Last five results, oldest first, or 'N/A'."),
    band: z
      .strictObject({
        key: z.enum(["champions-league", "europa-league", "mid-table", "relegation"]),
        label: z.string(),
        emoji: z.string(),
      })
      .nullable(),
  }),
);

export const standingsSchema = named(
  "Standings",
  "The league's latest table this season, by position; empty before the first snapshot.",
  z.array(standingRowSchema),
);
