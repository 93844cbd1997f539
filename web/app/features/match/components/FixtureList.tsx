/**
 * The compact fixtures list ("a day at a glance"): one short row per match, grouped Live,
 * Upcoming and Finished. Each row: the kick-off (rewritten to the reader's zone by the root's
 * local-times script) or the LIVE minute, the two clubs and the score, the best pick with its
 * confidence, HIT/MISS once settled, and the parlay button only while the pick can still be
 * added. Rendered on the server only (ServerMarkup); the page's ParlayButtonSlots brings the
 * buttons to life and its live refresh renders the list again with the new minute and score.
 */
import { getTeamById } from "@shared/domain/teams/registry";
import { formatConfidence, liveClockLabel } from "@shared/domain/format";
import { LEAGUES } from "@shared/domain/leagues";
import { leagueBadgeUrl } from "@shared/domain/urls";
import type { MatchState } from "@shared/domain/picks";
import { ParlayButtonSlot } from "~/features/parlay/components/ParlayButtonSlot";
import { TeamBadge } from "~/components/TeamBadge";
import { MemoMarkup } from "~/components/MemoMarkup";
import { SERVER_LINK_ATTRIBUTE } from "~/components/server-markup-behaviour";
import { FINAL_SCORE_TEXT, LIVE_BADGE_TEXT, MOVED_MATCH_DETAIL, MOVED_MATCH_TEXT, VS_TEXT } from "../match-cards";
import type { MatchCard } from "../match-card.server";
import { BIG_MATCH_DETAIL, BIG_MATCH_TEXT } from "@shared/model/match-stakes";
import { matchParlayPick } from "./parlay-pick";
import { KickoffTime } from "./KickoffTime";
import { PickOutcomeBadge } from "./PickOutcomeBadge";

/** `moved`: played away from its round's dates; `bigMatch`: one of the week's most important (match-stakes.ts). */
export type FixtureListMatch = MatchCard & { moved?: boolean; bigMatch?: boolean };

export const FIXTURE_GROUPS: ReadonlyArray<{ state: MatchState; heading: string }> = [
  { state: "live", heading: "Live" },
  { state: "pre-match", heading: "Upcoming" },
  { state: "post-match", heading: "Finished" },
];

const CLOCK = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" });

function byKickoff(a: MatchCard, b: MatchCard): number {
  return a.kickoffAt.localeCompare(b.kickoffAt) || a.id - b.id;
}

/** The time column: LIVE and the minute, FT, or the kick-off (the time alone on a day page). */
function FixtureTime({ match, timeOnly }: { match: FixtureListMatch; timeOnly: boolean }) {
  if (match.state === "live") {
    const minute = liveClockLabel(match.status, match.minute, match.injuryTime);
    return (
      <span className="fixture-row__time fixture-row__time--live">
        <span className="live-badge">{LIVE_BADGE_TEXT}</span>
        {minute ? <span className="fixture-row__minute">{minute}</span> : null}
      </span>
    );
  }
  if (match.state === "post-match") {
    return (
      <span className="fixture-row__time">
        <abbr title={FINAL_SCORE_TEXT} className="fixture-row__ft">
          FT
        </abbr>
        {timeOnly ? null : <KickoffTime iso={match.kickoffAt} dateOnly />}
      </span>
    );
  }
  return (
    <span className="fixture-row__time">
      {match.bigMatch ? (
        <span className="fixture-row__big">
          <span className="big-match-badge">{BIG_MATCH_TEXT}</span>
          <span className="visually-hidden"> ({BIG_MATCH_DETAIL})</span>
        </span>
      ) : null}
      {timeOnly ? (
        <time dateTime={match.kickoffAt} data-time-only="">
          {CLOCK.format(new Date(match.kickoffAt))} UTC
        </time>
      ) : (
        <KickoffTime iso={match.kickoffAt} />
      )}
    </span>
  );
}

function FixtureScore({ match }: { match: FixtureListMatch }) {
  if (match.state === "pre-match") return <span className="fixture-row__score fixture-row__score--vs">{VS_TEXT}</span>;
  const score =
    match.state === "live"
      ? (match.resolution.liveScore ?? { home: 0, away: 0 })
      : { home: match.homeScore ?? 0, away: match.awayScore ?? 0 };
  return (
    <span
      className="fixture-row__score"
      aria-label={`${match.state === "live" ? "Live score" : FINAL_SCORE_TEXT} ${score.home} - ${score.away}`}
    >
      {score.home} - {score.away}
    </span>
  );
}

function FixturePick({ match }: { match: FixtureListMatch }) {
  const { resolution } = match;
  const canAdd = match.state === "pre-match" && !resolution.isComingSoon;
  return (
    <span className="fixture-row__pick">
      {resolution.isComingSoon ? (
        <span className="fixture-row__pick-text muted">{resolution.bestPick}</span>
      ) : (
        <>
          <span className="visually-hidden">Best pick: </span>
          <strong className="fixture-row__pick-text">{resolution.bestPick}</strong>
          {resolution.pickConfidence !== null ? (
            <span className="fixture-row__confidence">
              <span className="visually-hidden">
                {match.state === "post-match" ? "Pre-match confidence " : "Confidence "}
              </span>
              {formatConfidence(resolution.pickConfidence)}
            </span>
          ) : null}
        </>
      )}
      <PickOutcomeBadge outcome={match.state === "pre-match" ? "pending" : resolution.picks.best.outcome} />
      {canAdd ? <ParlayButtonSlot pick={matchParlayPick(match, match.bestPickProbability)} /> : null}
    </span>
  );
}

interface FixtureRowProps {
  match: FixtureListMatch;
  timeOnly: boolean;
  showLeague: boolean;
}

function FixtureRow({ match, timeOnly, showLeague }: FixtureRowProps) {
  return (
    <MemoMarkup
      as="li"
      className={`fixture-row fixture-row--${match.state}${timeOnly ? "" : " fixture-row--dated"}`}
      name="fixture-row"
      input={{ match, timeOnly, showLeague }}
    >
      {() => <FixtureRowContent match={match} timeOnly={timeOnly} showLeague={showLeague} />}
    </MemoMarkup>
  );
}

/** A row's content: a function of the match and the list's options alone, kept per match (MemoMarkup). */
function FixtureRowContent({ match, timeOnly, showLeague }: FixtureRowProps) {
  const league = LEAGUES[match.league].name;
  return (
    <>
      <FixtureTime match={match} timeOnly={timeOnly} />
      {showLeague ? (
        <span className="fixture-row__league">
          <img src={leagueBadgeUrl(match.league)} alt="" width={16} height={16} loading="lazy" />
          <span className="fixture-row__league-name">{league}</span>
        </span>
      ) : null}
      <a className="fixture-row__match" href={match.href} {...{ [SERVER_LINK_ATTRIBUTE]: "" }}>
        <span className="fixture-row__team fixture-row__team--home">
          <ClubName id={match.home.id} name={match.home.name} />
          <TeamBadge teamId={match.home.id} width={16} lazy />
        </span>
        <FixtureScore match={match} />
        <span className="fixture-row__team fixture-row__team--away">
          <TeamBadge teamId={match.away.id} width={16} lazy />
          <ClubName id={match.away.id} name={match.away.name} />
        </span>
      </a>
      {match.moved ? (
        <span className="fixture-row__moved">
          <span className="moved-badge">{MOVED_MATCH_TEXT}</span>
          <span className="visually-hidden"> ({MOVED_MATCH_DETAIL})</span>
        </span>
      ) : null}
      <FixturePick match={match} />
    </>
  );
}

/**
 * The list itself. `timeOnly`: every match is on one day (the day pages), so the kick-off shows
 * its time alone; `showLeague`: the matches come from several leagues.
 */
/** Longer names give way to the short one on a phone, where a word such as Mönchengladbach would be cut in two. */
const LONG_NAME = 14;

/** A club's name in a row: the full one, and on a narrow screen the short one fans use when the full one is long. */
function ClubName({ id, name }: { id: number; name: string }) {
  const short = getTeamById(id)?.shortName;
  if (!short || short === name || name.length <= LONG_NAME) return <span className="fixture-row__name">{name}</span>;
  return (
    <span className="fixture-row__name">
      <span className="fixture-row__name-full">{name}</span>
      <span className="fixture-row__name-short">{short}</span>
    </span>
  );
}

export function FixtureList({
  matches,
  headingLevel = 3,
  timeOnly = false,
  showLeague = false,
  label,
}: {
  matches: readonly FixtureListMatch[];
  headingLevel?: 2 | 3;
  timeOnly?: boolean;
  showLeague?: boolean;
  /** Names the groups' headings for assistive technology, e.g. 'Premier League fixtures'. */
  label?: string;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className="fixture-list" aria-label={label} role={label ? "group" : undefined}>
      {FIXTURE_GROUPS.map(({ state, heading }) => {
        const group = matches.filter((match) => match.state === state).sort(byKickoff);
        if (group.length === 0) return null;
        return (
          <section key={state} className={`fixture-group fixture-group--${state}`}>
            <Heading className="fixture-group__heading">
              {heading} <span className="fixture-group__count">({group.length})</span>
            </Heading>
            <ol className="fixture-group__rows">
              {group.map((match) => (
                <FixtureRow key={match.id} match={match} timeOnly={timeOnly} showLeague={showLeague} />
              ))}
            </ol>
          </section>
        );
      })}
    </div>
  );
}
