import { relations } from "drizzle-orm";
import { fixtureOdds, fixtures, lineups, liveEvents } from "./fixtures";
import { pickLedger, predictions } from "./predictions";
import { playerMatchStats, playerSeasonStats, players } from "./players";
import { leagues, seasons, teams } from "./reference";
import { standingRows, standingsSnapshots } from "./standings";

// Relations for the relational query API (db.query.fixtures.findMany({ with: { ... } })).

export const leaguesRelations = relations(leagues, ({ many }) => ({
  seasons: many(seasons),
  teams: many(teams),
  fixtures: many(fixtures),
}));

export const seasonsRelations = relations(seasons, ({ one }) => ({
  league: one(leagues, { fields: [seasons.league], references: [leagues.key] }),
}));

export const teamsRelations = relations(teams, ({ one, many }) => ({
  league: one(leagues, { fields: [teams.league], references: [leagues.key] }),
  homeFixtures: many(fixtures, { relationName: "homeTeam" }),
  awayFixtures: many(fixtures, { relationName: "awayTeam" }),
  playerSeasonStats: many(playerSeasonStats),
}));

export const fixturesRelations = relations(fixtures, ({ one, many }) => ({
  league: one(leagues, { fields: [fixtures.league], references: [leagues.key] }),
  homeTeam: one(teams, { fields: [fixtures.homeTeamId], references: [teams.id], relationName: "homeTeam" }),
  awayTeam: one(teams, { fields: [fixtures.awayTeamId], references: [teams.id], relationName: "awayTeam" }),
  prediction: one(predictions),
  odds: many(fixtureOdds),
  ledger: many(pickLedger),
  lineups: many(lineups),
  events: many(liveEvents),
  playerStats: many(playerMatchStats),
}));

export const predictionsRelations = relations(predictions, ({ one }) => ({
  fixture: one(fixtures, { fields: [predictions.fixtureId], references: [fixtures.id] }),
}));

export const fixtureOddsRelations = relations(fixtureOdds, ({ one }) => ({
  fixture: one(fixtures, { fields: [fixtureOdds.fixtureId], references: [fixtures.id] }),
}));

export const pickLedgerRelations = relations(pickLedger, ({ one }) => ({
  fixture: one(fixtures, { fields: [pickLedger.fixtureId], references: [fixtures.id] }),
}));

export const lineupsRelations = relations(lineups, ({ one }) => ({
  fixture: one(fixtures, { fields: [lineups.fixtureId], references: [fixtures.id] }),
  team: one(teams, { fields: [lineups.teamId], references: [teams.id] }),
}));

export const liveEventsRelations = relations(liveEvents, ({ one }) => ({
  fixture: one(fixtures, { fields: [liveEvents.fixtureId], references: [fixtures.id] }),
  team: one(teams, { fields: [liveEvents.teamId], references: [teams.id] }),
}));

export const playersRelations = relations(players, ({ many }) => ({
  seasonStats: many(playerSeasonStats),
  matchStats: many(playerMatchStats),
}));

export const playerSeasonStatsRelations = relations(playerSeasonStats, ({ one }) => ({
  player: one(players, { fields: [playerSeasonStats.playerId], references: [players.id] }),
  team: one(teams, { fields: [playerSeasonStats.teamId], references: [teams.id] }),
}));

export const playerMatchStatsRelations = relations(playerMatchStats, ({ one }) => ({
  player: one(players, { fields: [playerMatchStats.playerId], references: [players.id] }),
  fixture: one(fixtures, { fields: [playerMatchStats.fixtureId], references: [fixtures.id] }),
  team: one(teams, { fields: [playerMatchStats.teamId], references: [teams.id] }),
}));

export const standingsSnapshotsRelations = relations(standingsSnapshots, ({ many }) => ({
  rows: many(standingRows),
}));

export const standingRowsRelations = relations(standingRows, ({ one }) => ({
  snapshot: one(standingsSnapshots, { fields: [standingRows.snapshotId], references: [standingsSnapshots.id] }),
  team: one(teams, { fields: [standingRows.teamId], references: [teams.id] }),
}));
