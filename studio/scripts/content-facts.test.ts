import { describe, expect, it } from "vitest";
import { parsePublicResults } from "@shared/ledger/public-results";
import { formContradictions, resultsKey, seasonsOf, type PreviewDocument } from "./content-facts";

/** Arsenal's last five before 7 February 2026 are W D D L W; Sunderland's D L W L W. */
const E0 = [
  "Div,Date,Time,HomeTeam,AwayTeam,FTHG,FTAG,FTR",
  "E0,03/01/2026,12:30,Bournemouth,Arsenal,2,3,A",
  "E0,04/01/2026,14:00,Tottenham,Sunderland,1,1,D",
  "E0,07/01/2026,19:30,Brentford,Sunderland,3,0,H",
  "E0,08/01/2026,20:00,Arsenal,Liverpool,0,0,D",
  "E0,17/01/2026,15:00,Nott'm Forest,Arsenal,0,0,D",
  "E0,17/01/2026,15:00,Sunderland,Crystal Palace,2,1,H",
  "E0,24/01/2026,15:00,West Ham,Sunderland,3,1,H",
  "E0,25/01/2026,16:30,Arsenal,Man United,2,3,A",
  "E0,31/01/2026,17:30,Leeds,Arsenal,0,4,A",
  "E0,02/02/2026,20:00,Sunderland,Burnley,3,0,H",
  "E0,07/02/2026,15:00,Arsenal,Sunderland,3,0,H",
].join("\n");

const preview = (id: string, text: string): PreviewDocument => ({
  _id: id,
  _type: "matchPreview",
  teamFormMomentum: [{ children: [{ text }] }],
});

describe("form strings against the data", () => {
  const documents = [
    preview(
      "matchPreview-2526-premier-league-arsenal-vs-sunderland",
      "Arsenal: W, D, D, L, W, then a 4-0 win at Leeds. Sunderland: D, L, W, L, W.",
    ),
    preview(
      "drafts.matchPreview-2526-premier-league-arsenal-vs-sunderland",
      "Arsenal: W, D, W, L, W. Sunderland: D, L, W, L, W, heavy defeats away.",
    ),
  ];
  const results = new Map([
    [resultsKey("2526", "premier-league"), parsePublicResults(E0, "premier-league", "2526/E0.csv")],
  ]);

  it("knows which league seasons the previews need", () => {
    expect(seasonsOf(documents)).toEqual([{ season: "2526", league: "premier-league" }]);
  });

  it("passes the text that says what the page lists, and names the one that does not, with the data's matches", () => {
    const found = formContradictions(documents, results);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      documentId: "drafts.matchPreview-2526-premier-league-arsenal-vs-sunderland",
      team: "Arsenal (Arsenal)",
      written: "W, D, W, L, W",
      data: "W, D, D, L, W",
    });
    expect(found[0].matches[4]).toBe("W 2026-01-31 Leeds United 0-4 Arsenal");
  });
});
