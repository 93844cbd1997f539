/** A league's player leaderboards: top scorers, assists and ratings. */
import { z } from "zod";
import { count, id, schemaNamer } from "../common/schema";

const named = schemaNamer("leaderboards");

export const leaderboardPlayerSchema = named(
  "LeaderboardPlayer",
  "A player of a league leaderboard.",
  z.strictObject({
    id,
    name: z.string(),
    team: z.string(),
    position: z.string().describe("'Unknown' when the provider gave none."),
    goals: count,
    assists: count,
    appearances: count,
    minutes: count,
    rating: z.string().describe("One decimal, or 'N/A'."),
  }),
);

export const leaderboardSchema = named(
  "Leaderboard",
  "The top 10 of the league's season; empty until the provider's figures arrive.",
  z.array(leaderboardPlayerSchema).max(10),
);
