/** A team profile: the 'Team Overview' text of a team page, for any club of the registry. */
import { defineField, defineType } from "sanity";
import { isLeagueKey, LEAGUES } from "@shared/domain/leagues";
import { getTeamBySlug } from "@shared/domain/teams/registry";
import { DOCUMENT_TYPES } from "@shared/content/ids";
import { portableTextToPlainText } from "@shared/content/portable-text";
import type { PortableText } from "@shared/content/documents";
import { leagueField, teamField } from "./fields";
import { isKeyTaken } from "./unique";

export const teamProfile = defineType({
  name: DOCUMENT_TYPES.teamProfile,
  title: "Team profile",
  type: "document",
  description: "The 'Team Overview' shown on a club's team page.",
  fields: [
    leagueField(),
    teamField("team", "Team", "The club this overview describes."),
    defineField({
      name: "overview",
      title: "Team overview",
      type: "richText",
      description: "A few paragraphs on the club: identity, style of play, this season.",
      validation: (rule) => rule.required().min(1),
    }),
  ],
  validation: (rule) =>
    rule.custom(async (document, context) => {
      const { team, _id } = (document ?? {}) as { team?: string; _id?: string };
      if (!team || !_id) return true;
      return (await isKeyTaken(context, DOCUMENT_TYPES.teamProfile, _id, { team }))
        ? `${getTeamBySlug(team)?.name ?? team} already has a profile: edit that one`
        : true;
    }),
  preview: {
    select: { team: "team", league: "league", overview: "overview" },
    prepare({ team, league, overview }) {
      return {
        title: typeof team === "string" ? (getTeamBySlug(team)?.name ?? team) : "No team chosen",
        subtitle: [
          isLeagueKey(league) ? LEAGUES[league].name : null,
          portableTextToPlainText(overview as PortableText).slice(0, 80),
        ]
          .filter(Boolean)
          .join(" · "),
      };
    },
  },
});
