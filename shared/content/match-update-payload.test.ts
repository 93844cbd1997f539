import { describe, expect, it } from "vitest";
import { parseMatchUpdatePayload } from "./match-update-payload";
import { portableTextToPlainText } from "./portable-text";
import type { PortableText } from "./documents";

const parse = (body: unknown) => parseMatchUpdatePayload(body, "2526");

describe("the admin-style update payload", () => {
  it("maps every field of the spec's payload onto the match preview", () => {
    const result = parse({
      match_id: "premier-league/arsenal-vs-chelsea",
      final_prediction: "Arsenal to Win",
      confidence_score: 72.5,
      projected_score: "2-1",
      match_summary: "Arsenal are strong at home.\n\nChelsea have improved.",
      verdict_tag: "Strong Pick",
      key_insights: ["Arsenal unbeaten at home", "Chelsea score often"],
      tactical_analysis: "High press against a back three.",
      predicted_lineups: "- Arsenal: 4-3-3\n- Chelsea: 3-4-2-1",
      h2h_results: "Two wins each in the last four.",
      key_player_stats: "Saka: 8 goals.",
      team_form_momentum: "Arsenal W-W-D.",
      final_prediction_summary: "Home win.",
      managers_notes: "Rotation expected.",
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { update } = result;
    expect(update.fixture).toEqual({
      league: "premier-league",
      season: "2526",
      homeTeam: "arsenal",
      awayTeam: "chelsea",
    });
    expect(update.matchId).toBe("premier-league/arsenal-vs-chelsea");
    expect(update.publish).toBe(false);
    expect(Object.keys(update.set).sort()).toEqual(
      [
        "bestPick",
        "confidence",
        "finalPredictionSummary",
        "headToHead",
        "keyInsights",
        "keyPlayerStats",
        "managersNotes",
        "matchSummary",
        "predictedLineups",
        "projectedScore",
        "tacticalAnalysis",
        "teamFormMomentum",
        "verdictTag",
      ].sort(),
    );
    expect(update.set).toMatchObject({
      bestPick: "Arsenal to Win",
      confidence: 72.5,
      projectedScore: "2-1",
      verdictTag: "Strong Pick",
    });
    expect(portableTextToPlainText(update.set.matchSummary as PortableText)).toBe(
      "Arsenal are strong at home.\n\nChelsea have improved.",
    );
    expect((update.set.predictedLineups as PortableText).map((b) => b.listItem)).toEqual(["bullet", "bullet"]);
  });

  it("accepts a match page path, a season and the publish flag", () => {
    const result = parse({
      match_id: "/ligue-1-predictions/paris-saint-germain-vs-marseille-prediction",
      season: "2025/26",
      publish: true,
      confidence_score: 0,
    });
    expect(result).toMatchObject({
      ok: true,
      update: { matchId: "ligue1/paris-saint-germain-vs-marseille", publish: true, set: { confidence: 0 } },
    });
  });

  it.each([
    [{}, "match_id"],
    [{ match_id: "" }, "match_id"],
    [{ match_id: "12345", confidence_score: 50 }, "match_id"],
    [{ match_id: "premier-league/arsenal-vs-barcelona", confidence_score: 50 }, "match_id"],
    [{ match_id: "premier-league/arsenal-vs-arsenal", confidence_score: 50 }, "match_id"],
    [{ match_id: "premier-league/arsenal-vs-chelsea", confidence_score: 101 }, "confidence_score"],
    [{ match_id: "premier-league/arsenal-vs-chelsea", confidence_score: "80" }, "confidence_score"],
    [{ match_id: "premier-league/arsenal-vs-chelsea", projected_score: "two-one" }, "projected_score"],
    [{ match_id: "premier-league/arsenal-vs-chelsea", key_insights: "one insight" }, "key_insights"],
    [{ match_id: "premier-league/arsenal-vs-chelsea", managers_note: "typo" }, "managers_note"],
    [{ match_id: "premier-league/arsenal-vs-chelsea", season: "1999/00", confidence_score: 50 }, "season"],
    [{ match_id: "premier-league/arsenal-vs-chelsea" }, "(body)"],
    [["not", "an", "object"], "(body)"],
  ])("refuses %j, naming %s", (body, field) => {
    const result = parse(body);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.issues.map((issue) => issue.field)).toContain(field);
  });

  it("lists every invalid field at once, with the spec's range in the message", () => {
    const result = parse({
      match_id: "premier-league/arsenal-vs-chelsea",
      confidence_score: -5,
      projected_score: "2:1",
      verdict_tag: "",
    });
    expect(result).toEqual({
      ok: false,
      issues: [
        { field: "confidence_score", message: "A confidence is a number from 0 to 100" },
        { field: "projected_score", message: "Write the score as home-away goals, e.g. 2-1" },
        { field: "verdict_tag", message: "must not be empty" },
      ],
    });
  });

  it("explains why a team does not fit the league", () => {
    const result = parse({ match_id: "bundesliga/arsenal-vs-borussia-dortmund", confidence_score: 50 });
    expect(result).toEqual({
      ok: false,
      issues: [{ field: "match_id", message: "Arsenal does not play in the Bundesliga in 2025/26" }],
    });
  });
});
