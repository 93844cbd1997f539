/**
 * The home page's 'My Teams' strip: each favourite club with its next match and that match's
 * pick, from /api/teams/{teamId}/next-match (a public answer the page cache and browsers may
 * keep). Loaded after hydration, and only when the reader has favourites, so the home page's
 * HTML stays the same for every visitor and its first load carries none of this code.
 */
import { Link } from "@remix-run/react";
import { useEffect, useState } from "react";
import { readMyTeams, type MyTeam } from "./my-teams";

/** The part of the next-match answer the strip shows. */
interface NextMatch {
  fixture: { id: number; date: string; state: "pre-match" | "live" | "post-match"; url: string };
  teams: { home: { id: number; name: string }; away: { id: number; name: string } };
  goals: { home: number | null; away: number | null };
  pick: { bestPick: string; confidenceLabel: string };
}

/** undefined while loading, null when no match is known, "error" when the answer did not come. */
type NextState = NextMatch | null | "error" | undefined;

async function fetchNextMatch(teamId: number): Promise<NextMatch | null> {
  // No cookies: the answer is public and the same for everyone.
  const response = await fetch(`/api/teams/${teamId}/next-match`, {
    credentials: "omit",
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new Error(`next-match ${response.status}`);
  return (await response.json()) as NextMatch | null;
}

const KICKOFF_UTC = new Intl.DateTimeFormat("en-GB", {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  timeZone: "UTC",
});

/**
 * A kick-off in KickoffTime's UTC words ("Sat 7 Feb, 17:30 UTC"), which the root's local times
 * rewrite to the reader's zone as on every page (KickoffTime itself is not imported: that would
 * split it out of the home page's chunk into one more file on its first load).
 */
export const kickoffUtcText = (iso: string) => `${KICKOFF_UTC.format(new Date(iso))} UTC`;

function NextMatchLines({ team, next }: { team: MyTeam; next: NextState }) {
  if (next === undefined) return <p className="my-teams__status">Loading the next match…</p>;
  if (next === "error") return <p className="my-teams__status">The next match could not be loaded.</p>;
  if (next === null) return <p className="my-teams__status">No match scheduled.</p>;
  const { fixture, teams, goals, pick } = next;
  const home = teams.home.id === team.id;
  const opponent = home ? teams.away.name : teams.home.name;
  const live = fixture.state === "live";
  const hasPick = pick.confidenceLabel !== pick.bestPick;
  return (
    <>
      <p className="my-teams__match">
        <span className="my-teams__label">Next</span>{" "}
        <Link to={fixture.url} prefetch="intent">
          {opponent} ({home ? "H" : "A"})
        </Link>
      </p>
      <p className="my-teams__when">
        {live ? (
          <>
            <span className="live-badge">LIVE</span> {goals.home ?? 0}-{goals.away ?? 0}
          </>
        ) : (
          <time dateTime={fixture.date}>{kickoffUtcText(fixture.date)}</time>
        )}
      </p>
      <p className="my-teams__pick">
        <span className="my-teams__label">Pick</span> <strong>{pick.bestPick}</strong>
        {hasPick ? <span className="my-teams__confidence"> {pick.confidenceLabel}</span> : null}
      </p>
    </>
  );
}

export function MyTeamsStrip() {
  const [teams] = useState(readMyTeams);
  const [next, setNext] = useState<ReadonlyMap<number, NextState>>(new Map());

  useEffect(() => {
    let current = true;
    for (const team of teams) {
      fetchNextMatch(team.id).then(
        (match) => current && setNext((map) => new Map(map).set(team.id, match)),
        () => current && setNext((map) => new Map(map).set(team.id, "error")),
      );
    }
    return () => {
      current = false;
    };
  }, [teams]);

  // No favourites (or none readable): no strip at all, not an empty box.
  if (teams.length === 0) return null;
  return (
    <section className="page-section my-teams" aria-labelledby="my-teams-title">
      <h2 id="my-teams-title">My Teams</h2>
      <ul className="my-teams__list">
        {teams.map((team) => (
          <li key={team.id} className="my-teams__item" data-team-id={team.id}>
            <Link className="my-teams__team" to={team.url} prefetch="intent">
              {team.name}
            </Link>
            <NextMatchLines team={team} next={next.get(team.id)} />
          </li>
        ))}
      </ul>
      {/* On a phone the clubs scroll sideways: say so, since the next card is cut at the edge. */}
      {teams.length > 1 ? (
        <p className="my-teams__hint">
          {teams.length} clubs · swipe for more <span aria-hidden="true">→</span>
        </p>
      ) : null}
    </section>
  );
}
