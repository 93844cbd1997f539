/** Fields several document types share: league, season, teams, confidence, rich text. */
import { defineField, type StringRule } from "sanity";
import { ALL_LEAGUES } from "@shared/domain/leagues";
import { seasonLabel } from "@shared/domain/matchweek";
import { CONTENT_SEASONS, DEFAULT_CONTENT_SEASON, confidenceProblem, teamProblem } from "@shared/content/rules";
import { TeamSelectInput } from "../inputs/TeamSelectInput";

type Parent = { league?: unknown; season?: unknown } | undefined;

/**
 * Sanity checks a value against the field's options list (a value written through the API, or
 * an option removed later) only when the field has a validation rule; this gives it one, with
 * the message an editor reads.
 */
export function choiceOf(message: string, options: { required?: boolean } = {}) {
  return (rule: StringRule) => (options.required ? rule.required() : rule).error(message);
}

export function leagueField(options: { group?: string } = {}) {
  return defineField({
    name: "league",
    title: "League",
    type: "string",
    description: "Choose the league first: the team lists follow it.",
    group: options.group,
    options: { list: ALL_LEAGUES.map((league) => ({ title: league.name, value: league.key })), layout: "dropdown" },
    validation: choiceOf(`Choose one of: ${ALL_LEAGUES.map((league) => league.name).join(", ")}`, { required: true }),
  });
}

export function seasonField(options: { group?: string } = {}) {
  return defineField({
    name: "season",
    title: "Season",
    type: "string",
    group: options.group,
    initialValue: DEFAULT_CONTENT_SEASON,
    options: {
      list: CONTENT_SEASONS.map((season) => ({ title: seasonLabel(season), value: season })),
      layout: "radio",
      direction: "horizontal",
    },
    validation: choiceOf(`Choose one of: ${CONTENT_SEASONS.map(seasonLabel).join(", ")}`, { required: true }),
  });
}

/**
 * A club of the chosen league, stored as its registry slug (the slug its URLs use). Without a
 * season field beside it, the current season's clubs are offered.
 */
export function teamField(name: string, title: string, description: string, options: { group?: string } = {}) {
  return defineField({
    name,
    title,
    type: "string",
    description,
    group: options.group,
    components: { input: TeamSelectInput },
    validation: (rule) =>
      rule.required().custom((slug, context) => {
        if (typeof slug !== "string") return true;
        const parent = context.parent as Parent;
        return teamProblem(parent?.league, parent?.season ?? DEFAULT_CONTENT_SEASON, slug) ?? true;
      }),
  });
}

export function confidenceField(name: string, title: string, description: string, options: { group?: string } = {}) {
  return defineField({
    name,
    title,
    type: "number",
    description,
    group: options.group,
    validation: (rule) =>
      rule.custom((value) => (typeof value === "number" ? (confidenceProblem(value) ?? true) : true)).precision(1),
  });
}

export function richTextField(name: string, title: string, description: string, options: { group?: string } = {}) {
  return defineField({ name, title, type: "richText", description, group: options.group });
}
