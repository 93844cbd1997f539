/** The site search's answer. */
import { z } from "zod";
import { schemaNamer } from "../common/schema";

const named = schemaNamer("search");

export const searchResultsSchema = named(
  "SearchResults",
  "What the site search finds: clubs by any name the registry knows, this week's matches by their two teams, players by name; best first.",
  z.strictObject({
    query: z.string().describe("The query as received."),
    results: z.array(
      named(
        "SearchResult",
        "One result, linking to its canonical page.",
        z.strictObject({
          kind: z.enum(["team", "match", "player"]),
          label: z.string().describe("Its name: 'Bayern München', 'Arsenal vs Chelsea'."),
          detail: z.string().describe("One line about it: the league, the kick-off in UTC, the club."),
          href: z.string().describe("The canonical page's path."),
        }),
      ),
    ),
  }),
);
