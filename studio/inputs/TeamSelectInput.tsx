/**
 * A club picker limited to the clubs of the league (and season) chosen beside it, from the
 * team registry. It renders the Studio's own select with that list of options.
 */
import { useMemo } from "react";
import { useFormValue, type StringInputProps } from "sanity";
import { isLeagueKey } from "@shared/domain/leagues";
import { teamsInLeague } from "@shared/domain/teams/registry";
import { DEFAULT_CONTENT_SEASON, isContentSeason } from "@shared/content/rules";

export function TeamSelectInput(props: StringInputProps) {
  const parentPath = props.path.slice(0, -1);
  const league = useFormValue([...parentPath, "league"]);
  const season = useFormValue([...parentPath, "season"]);
  const schemaType = useMemo(() => {
    const teams = isLeagueKey(league)
      ? teamsInLeague(league, isContentSeason(season) ? season : DEFAULT_CONTENT_SEASON)
      : [];
    return {
      ...props.schemaType,
      options: {
        ...props.schemaType.options,
        layout: "dropdown" as const,
        list: teams.map((team) => ({ title: team.name, value: team.slug })),
      },
    };
  }, [league, season, props.schemaType]);

  if (!isLeagueKey(league)) return <p style={{ margin: 0, opacity: 0.7 }}>Choose the league first.</p>;
  return props.renderDefault({ ...props, schemaType });
}
