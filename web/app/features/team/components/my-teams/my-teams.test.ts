import { readFileSync } from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { isKickoffUtcText } from "~/components/local-times/local-kickoff";
import { KickoffTime } from "~/features/match/components/KickoffTime";
import { ERROR_TOAST_EVENT } from "~/components/toast/toast-events";
import {
  ERROR_TOAST_EVENT_NAME,
  MY_TEAMS_KEY,
  MY_TEAMS_LIMIT,
  parseMyTeams,
  starLabel,
  toggleMyTeam,
  type MyTeam,
} from "./my-teams";
import { kickoffUtcText } from "./MyTeamsStrip";
import * as stars from "./my-team-stars";

const arsenal: MyTeam = { id: 42, name: "Arsenal", url: "/premier-league/teams/arsenal" };
const chelsea: MyTeam = { id: 49, name: "Chelsea", url: "/premier-league/teams/chelsea" };
const club = (id: number): MyTeam => ({ id, name: `Club ${id}`, url: `/premier-league/teams/club-${id}` });

describe("parseMyTeams", () => {
  it("reads a stored list back", () => {
    expect(parseMyTeams(JSON.stringify([arsenal, chelsea]))).toEqual([arsenal, chelsea]);
  });

  it("is empty for nothing, broken JSON and values that are not lists", () => {
    for (const raw of [null, "", "{", "42", '"Arsenal"', "{}", "null"])
      expect(parseMyTeams(raw), String(raw)).toEqual([]);
  });

  it("drops entries that are not clubs, keeps a repeat once and extra fields out", () => {
    const raw = JSON.stringify([
      arsenal,
      { ...arsenal, name: "Arsenal again" },
      { id: "49", name: "Chelsea", url: chelsea.url },
      { id: 0, name: "Zero", url: "/premier-league/teams/zero" },
      { id: 1.5, name: "Half", url: "/premier-league/teams/half" },
      { id: 7, name: " ", url: "/premier-league/teams/blank" },
      { id: 8, name: "Elsewhere", url: "https://example.com/premier-league/teams/x" },
      { id: 9, name: "Script", url: "javascript:alert(1)" },
      { ...chelsea, extra: "<b>" },
      null,
      "Chelsea",
    ]);
    expect(parseMyTeams(raw)).toEqual([arsenal, chelsea]);
  });

  it(`keeps at most ${MY_TEAMS_LIMIT} clubs`, () => {
    const many = Array.from({ length: 14 }, (_, i) => club(i + 1));
    expect(parseMyTeams(JSON.stringify(many))).toEqual(many.slice(0, MY_TEAMS_LIMIT));
  });
});

describe("toggleMyTeam", () => {
  it("adds a club at the end, and removes it when pressed again", () => {
    const added = toggleMyTeam([chelsea], arsenal);
    expect(added).toEqual({ teams: [chelsea, arsenal], change: "added" });
    expect(toggleMyTeam(added.teams, arsenal)).toEqual({ teams: [chelsea], change: "removed" });
  });

  it(`adds nothing once ${MY_TEAMS_LIMIT} clubs are in, but still removes one`, () => {
    const full = Array.from({ length: MY_TEAMS_LIMIT }, (_, i) => club(i + 1));
    expect(toggleMyTeam(full, arsenal)).toEqual({ teams: full, change: "full" });
    expect(toggleMyTeam(full, club(3)).teams.map((t) => t.id)).toEqual([1, 2, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("leaves the list it was given alone", () => {
    const teams = [arsenal];
    toggleMyTeam(teams, chelsea);
    toggleMyTeam(teams, arsenal);
    expect(teams).toEqual([arsenal]);
  });
});

describe("the spellings written out to keep code off first loads", () => {
  it("the home page reads the same storage key", () => {
    const home = readFileSync(path.resolve(import.meta.dirname, "../../../../routes/_index.tsx"), "utf8");
    expect(/const MY_TEAMS_KEY = "([^"]+)";/.exec(home)?.[1]).toBe(MY_TEAMS_KEY);
  });

  it("the stars read the same storage key and give the same names", () => {
    expect(stars.MY_TEAMS_KEY).toBe(MY_TEAMS_KEY);
    expect(stars.starLabel("Arsenal")).toBe(starLabel("Arsenal"));
  });

  it("the stars' error toast is the toaster's event", () => {
    expect(ERROR_TOAST_EVENT_NAME).toBe(ERROR_TOAST_EVENT);
  });

  it("the strip writes a kick-off as KickoffTime does, so local times rewrite it", () => {
    const iso = "2026-02-07T17:30:00.000Z";
    expect(renderToStaticMarkup(KickoffTime({ iso }))).toBe(`<time dateTime="${iso}">${kickoffUtcText(iso)}</time>`);
    expect(kickoffUtcText(iso)).toBe("Sat 7 Feb, 17:30 UTC");
    expect(isKickoffUtcText(kickoffUtcText(iso))).toBe(true);
  });
});

describe("starLabel", () => {
  it("names the club", () => {
    expect(starLabel("Arsenal")).toBe("Add Arsenal to My Teams");
  });
});
