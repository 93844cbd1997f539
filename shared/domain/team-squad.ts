/**
 * The team page's two player sections (spec sections 2 and 5): 'Key Player Stats' holds every
 * player but goalkeepers, most goals plus assists first, then most minutes; 'Goalkeeper Stats'
 * holds the goalkeepers, most minutes first. Names break the remaining ties so the order is stable.
 */

export interface SquadPlayer {
  name: string;
  position: string | null;
  goals: number;
  assists: number;
  minutesPlayed: number;
}

/** API-Football says 'Goalkeeper'; lineups say 'G'. */
export function isGoalkeeper(position: string | null | undefined): boolean {
  return /^(goalkeeper|g|gk)$/i.test(position?.trim() ?? "");
}

/** Tackles are shown for defenders only. */
export function isDefender(position: string | null | undefined): boolean {
  return /^(defender|d|df)$/i.test(position?.trim() ?? "");
}

/** The card's 'Impact Score (G+A)'. */
export function impactScore(player: Pick<SquadPlayer, "goals" | "assists">): number {
  return player.goals + player.assists;
}

const byName = (a: SquadPlayer, b: SquadPlayer) => a.name.localeCompare(b.name, "en");

export function squadSections<Player extends SquadPlayer>(
  players: readonly Player[],
): { keyPlayers: Player[]; goalkeepers: Player[] } {
  return {
    keyPlayers: players
      .filter((p) => !isGoalkeeper(p.position))
      .sort((a, b) => impactScore(b) - impactScore(a) || b.minutesPlayed - a.minutesPlayed || byName(a, b)),
    goalkeepers: players
      .filter((p) => isGoalkeeper(p.position))
      .sort((a, b) => b.minutesPlayed - a.minutesPlayed || byName(a, b)),
  };
}
