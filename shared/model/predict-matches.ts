/**
 * The engine's entry point. One call fits every league's ratings on the matches before asOf,
 * updates the walk-forward track record, relearns the blend and the calibration from it, and
 * predicts the upcoming matches. The returned fit is the next call's `previousFit`: with it a
 * call only does the work that is new (warm-started ratings, the week's results added to the
 * track); without it (a fresh process) the engine first replays the weeks of the last
 * `coldStartTrackDays` to rebuild the track. The fit is plain JSON, so it can be stored.
 */
import type { LeagueKey } from "../domain/leagues";
import { applyPools, calibratePicks, initialBlend, learnBlend, type Blend } from "./blend";
import { fitLeagueRatings, type LeagueRatings } from "./league-ratings";
import { buildPrediction } from "./match-prediction";
import { MODEL_VERSION } from "./model-version";
import { DEFAULT_MODEL_OPTIONS, type ModelOptions } from "./options";
import { matchSignals, type MatchSignals } from "./signals";
import { outcomeOf, type TrackEntry } from "./track";
import type { MatchInput, MatchPrediction, PlayedMatch, UpcomingMatch } from "./types";
import { validateInput } from "./validate-input";
import { weekStartUtc } from "../domain/matchweek";

export interface ModelFit {
  modelVersion: string;
  options: ModelOptions;
  /** Epoch milliseconds of the call that made this fit. */
  asOf: number;
  /** The track covers history up to here. */
  trackedUntil: number;
  /** The latest ratings per league (the warm start of the next fit). */
  leagues: Partial<Record<LeagueKey, LeagueRatings>>;
  blend: Blend;
  /** Settled forecasts the blend learns from. */
  track: TrackEntry[];
  /** Forecasts of matches not played yet, by match id. */
  pending: Record<string, TrackEntry>;
}

export interface PredictMatchesInput {
  /** Finished matches of every league, all kicked off before asOf. */
  history: readonly PlayedMatch[];
  /** Matches to predict. */
  upcoming: readonly UpcomingMatch[];
  asOf: Date;
  /** The fit the previous call returned; ignored when it came from another version or other options. */
  previousFit?: ModelFit | null;
  /** Settings other than the defaults (the tuning script uses this). */
  options?: Partial<ModelOptions>;
}

export interface PredictMatchesResult {
  fit: ModelFit;
  predictions: MatchPrediction[];
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** The Monday 00:00 UTC at or before an instant (epoch milliseconds): the engine's weekly step. */
export const weekStart = weekStartUtc;

function sameOptions(a: ModelOptions, b: ModelOptions): boolean {
  return (Object.keys(a) as Array<keyof ModelOptions>).every((key) => a[key] === b[key]);
}

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

interface Forecast {
  signals: MatchSignals;
  blendedWithOdds: TrackEntry["blendedWithOdds"];
  blendedWithoutOdds: TrackEntry["blendedWithoutOdds"];
}

function forecast(ratings: LeagueRatings, match: MatchInput, blend: Blend, options: ModelOptions): Forecast {
  const signals = matchSignals(ratings, match, options.devigMethod);
  return {
    signals,
    blendedWithOdds: signals.market ? applyPools(blend.withOdds, [signals.goals, signals.shots, signals.market]) : null,
    blendedWithoutOdds: applyPools(blend.withoutOdds, [signals.goals, signals.shots]),
  };
}

function trackEntry(match: MatchInput, f: Forecast, blend: Blend): TrackEntry {
  return {
    matchId: match.id,
    league: match.league,
    kickoff: match.kickoff.getTime(),
    goals: f.signals.goals,
    shots: f.signals.shots,
    market: f.signals.market,
    blendedWithOdds: f.blendedWithOdds,
    blendedWithoutOdds: f.blendedWithoutOdds,
    blendTrainingSize: blend.trainingSize,
  };
}

class Engine {
  readonly historyByLeague: Map<LeagueKey, PlayedMatch[]>;

  constructor(
    history: readonly PlayedMatch[],
    readonly options: ModelOptions,
    readonly state: ModelFit,
  ) {
    this.historyByLeague = groupBy(history, (m) => m.league);
  }

  /** Ratings of a league at a moment for the season of the given matches (warm-started). */
  ratings(league: LeagueKey, asOf: number, matches: readonly MatchInput[]): LeagueRatings {
    const ratings = fitLeagueRatings({
      league,
      matches: this.historyByLeague.get(league) ?? [],
      asOf,
      season: matches[0].season,
      seasonTeamIds: matches.flatMap((m) => [m.homeTeamId, m.awayTeamId]),
      options: this.options,
      previous: this.state.leagues[league],
    });
    this.state.leagues[league] = ratings;
    return ratings;
  }

  /** Moves pending forecasts of matches now played into the track; drops long-overdue ones. */
  settlePending(playedById: ReadonlyMap<string, PlayedMatch>, asOf: number): void {
    for (const [id, entry] of Object.entries(this.state.pending)) {
      const played = playedById.get(id);
      if (played) {
        this.state.track.push({ ...entry, kickoff: played.kickoff.getTime(), outcome: outcomeOf(played) });
        delete this.state.pending[id];
      } else if (entry.kickoff + this.options.pendingDays * DAY_MS < asOf) {
        delete this.state.pending[id];
      }
    }
  }

  /**
   * Replays, week by week, the played matches the track has no forecast for: ratings and blend
   * as they stood at the start of each week, so every tracked forecast is out of sample.
   */
  backfill(history: readonly PlayedMatch[], asOf: number): void {
    const tracked = new Set(this.state.track.map((e) => e.matchId));
    const from = this.state.trackedUntil;
    const missing = history.filter(
      (m) => m.kickoff.getTime() >= from && m.kickoff.getTime() < asOf && !tracked.has(m.id),
    );
    const byWeek = groupBy(missing, (m) => Math.max(from, weekStart(m.kickoff.getTime())));
    for (const week of [...byWeek.keys()].sort((a, b) => a - b)) {
      // The replayed weeks' forecasts need the pools only; predict() fits the calibration it uses.
      this.state.blend = learnBlend(this.state.track, week, this.options, this.state.blend, { calibrate: false });
      const groups = groupBy(byWeek.get(week)!, (m) => `${m.league}|${m.season}`);
      const entries: TrackEntry[] = [];
      for (const matches of groups.values()) {
        const ratings = this.ratings(matches[0].league, week, matches);
        if (ratings.matchCount < this.options.minLeagueMatches) continue;
        for (const match of matches) {
          const entry = trackEntry(match, forecast(ratings, match, this.state.blend, this.options), this.state.blend);
          entries.push({ ...entry, outcome: outcomeOf(match) });
        }
      }
      this.state.track.push(...entries.sort((a, b) => a.kickoff - b.kickoff));
    }
  }

  predict(upcoming: readonly UpcomingMatch[], asOf: number): MatchPrediction[] {
    this.state.blend = learnBlend(this.state.track, asOf, this.options, this.state.blend);
    const blend = this.state.blend;
    const predictions = new Map<string, MatchPrediction>();
    for (const matches of groupBy(upcoming, (m) => `${m.league}|${m.season}`).values()) {
      const ratings = this.ratings(matches[0].league, asOf, matches);
      for (const match of matches) {
        const f = forecast(ratings, match, blend, this.options);
        const published = f.blendedWithOdds ?? f.blendedWithoutOdds;
        const calibration = f.blendedWithOdds ? blend.calibrationWithOdds : blend.calibrationWithoutOdds;
        predictions.set(
          match.id,
          buildPrediction({
            match,
            modelVersion: MODEL_VERSION,
            published,
            pickProbabilities: calibratePicks(calibration, published),
            modelOnly: f.blendedWithoutOdds,
            market: f.signals.marketView,
            goalsGrid: f.signals.goalsGrid,
          }),
        );
        // Only a forecast made before kick-off may enter the track record.
        if (ratings.matchCount >= this.options.minLeagueMatches && match.kickoff.getTime() >= asOf) {
          this.state.pending[match.id] = trackEntry(match, f, blend);
        }
      }
    }
    return upcoming.map((m) => predictions.get(m.id)!);
  }

  /** Forgets settled forecasts too old to teach the blend anything. */
  trim(asOf: number): void {
    const earliest = asOf - this.options.poolWindowDays * DAY_MS;
    this.state.track = this.state.track.filter((e) => e.kickoff >= earliest);
  }
}

function freshFit(options: ModelOptions, asOf: number): ModelFit {
  return {
    modelVersion: MODEL_VERSION,
    options,
    asOf,
    trackedUntil: weekStart(asOf - options.coldStartTrackDays * DAY_MS),
    leagues: {},
    blend: initialBlend(),
    track: [],
    pending: {},
  };
}

function reusable(previous: ModelFit | null | undefined, options: ModelOptions, asOf: number): previous is ModelFit {
  return (
    !!previous &&
    previous.modelVersion === MODEL_VERSION &&
    sameOptions(previous.options, options) &&
    previous.asOf <= asOf
  );
}

/**
 * Predicts `upcoming` from `history` as of `asOf`. Throws ModelInputError (and changes nothing)
 * when a row is malformed or a history match is not before asOf.
 */
export function predictMatches(input: PredictMatchesInput): PredictMatchesResult {
  const options: ModelOptions = { ...DEFAULT_MODEL_OPTIONS, ...input.options };
  const asOf = input.asOf.getTime();
  validateInput(input.history, input.upcoming, asOf);

  const previous = input.previousFit;
  const state: ModelFit = reusable(previous, options, asOf)
    ? {
        ...previous,
        asOf,
        leagues: { ...previous.leagues },
        track: [...previous.track],
        pending: { ...previous.pending },
      }
    : freshFit(options, asOf);
  const engine = new Engine(input.history, options, state);

  // Only the pending forecasts' matches are looked up: a map of the whole history each week cost more than the rest of settling.
  const pendingIds = new Set(Object.keys(state.pending));
  const playedPending = new Map<string, PlayedMatch>();
  if (pendingIds.size > 0) for (const m of input.history) if (pendingIds.has(m.id)) playedPending.set(m.id, m);
  engine.settlePending(playedPending, asOf);
  engine.backfill(input.history, asOf);
  state.trackedUntil = Math.max(state.trackedUntil, asOf);
  const predictions = engine.predict(input.upcoming, asOf);
  engine.trim(asOf);
  return { fit: state, predictions };
}
