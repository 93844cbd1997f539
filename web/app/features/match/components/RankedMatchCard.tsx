import { FullPredictionLink } from "./FullPredictionLink";
import type { MatchCard } from "../match-card.server";
import { ParlayButtonSlot } from "~/features/parlay/components/ParlayButtonSlot";
import { matchParlayPick } from "./parlay-pick";
import { PickBox } from "./PickBox";
import { Scoreline } from "./Scoreline";
import { KickoffTime } from "./KickoffTime";
import { LiveProbabilityLine } from "./LiveProbabilityView";
import { TeamBadge } from "~/components/TeamBadge";
import { MemoMarkup } from "~/components/MemoMarkup";
import { MOVED_MATCH_DETAIL, MOVED_MATCH_TEXT } from "../match-cards";
import { BIG_MATCH_DETAIL, BIG_MATCH_TEXT } from "@shared/model/match-stakes";

/**
 * The spec's ranked match card: rank number, teams, score, pick box, link to the full
 * prediction, and the parlay add button of the match page (the same pick, the same rules). The
 * card is rendered on the server; the page's ParlayButtonSlots brings the button to life. On a
 * matchweek page a match played away from its round's dates is marked as moved; on league and
 * matchweek pages the week's most important matches are marked as big.
 */
interface RankedMatchCardProps {
  match: MatchCard;
  rank: number;
  moved?: boolean;
  /** One of the week's most important matches (shared/model/match-stakes.ts, bigMatchIds). */
  bigMatch?: boolean;
}

/** The card as an item of a ranked list (`<li>`), kept per match and rank in server markup (MemoMarkup). */
export function RankedMatchCardItem(props: RankedMatchCardProps) {
  return (
    <MemoMarkup as="li" name="ranked-match-card" input={props}>
      {() => <RankedMatchCard {...props} />}
    </MemoMarkup>
  );
}

export function RankedMatchCard({ match, rank, moved = false, bigMatch = false }: RankedMatchCardProps) {
  const { resolution } = match;
  return (
    <article className="match-card" aria-labelledby={`match-${match.id}-title`}>
      <div className="match-card__rank" aria-label={`Rank ${rank}`}>
        {rank}
      </div>
      <div className="match-card__body">
        <h3 id={`match-${match.id}-title`} className="match-card__teams">
          <span>
            <TeamBadge teamId={match.home.id} width={20} /> {match.home.name}
          </span>
          <Scoreline match={match} />
          <span>
            <TeamBadge teamId={match.away.id} width={20} /> {match.away.name}
          </span>
        </h3>
        <p className="match-card__kickoff">
          <KickoffTime iso={match.kickoffAt} />
          {moved ? (
            <>
              {" "}
              <span className="moved-badge">{MOVED_MATCH_TEXT}</span>
              <span className="visually-hidden"> ({MOVED_MATCH_DETAIL})</span>
            </>
          ) : null}
          {bigMatch ? (
            <>
              {" "}
              <span className="big-match-badge">{BIG_MATCH_TEXT}</span>
              <span className="visually-hidden"> ({BIG_MATCH_DETAIL})</span>
            </>
          ) : null}
        </p>
        <PickBox resolution={resolution} state={match.state} />
        {match.liveProbability ? (
          <LiveProbabilityLine
            probability={match.liveProbability}
            homeName={match.home.name}
            awayName={match.away.name}
          />
        ) : null}
        <div className="match-card__actions">
          <FullPredictionLink match={match} />
          <ParlayButtonSlot pick={matchParlayPick(match, match.bestPickProbability)} />
        </div>
      </div>
    </article>
  );
}
