/**
 * What every resource's schemas share (spec sections 3 and 7): the registry of named schemas the
 * OpenAPI description lists under components.schemas, the primitives, the league and match-state
 * enums and the error body. Each resource module (resources/*.schema.ts) names its schemas with
 * its own `schemaNamer`. Objects are strict: a field that is not described fails the contract
 * tests, so the description never lags behind what the endpoints send.
 */
import { z } from "zod";
import { LEAGUE_KEYS } from "@shared/domain/leagues";
import { MATCH_STATES } from "@shared/domain/picks";

/** The named schemas, which the OpenAPI description lists under components.schemas. */
export const apiSchemaRegistry = z.registry<{ id: string; description?: string }>();

/** The groups of named schemas in the order the description lists them: this module's, then each resource's. */
const SCHEMA_GROUPS = [
  "common",
  "matches",
  "live",
  "standings",
  "match-blocks",
  "picks",
  "leaderboards",
  "track-record",
  "teams",
  "players",
  "season-outlook",
  "odds-check",
  "search",
  "editor",
] as const;
export type SchemaGroup = (typeof SCHEMA_GROUPS)[number];

const groupOfId = new Map<string, SchemaGroup>();

/** The `named` of one schema module: registers a schema under its id, in the module's group. */
export function schemaNamer(group: SchemaGroup) {
  return function named<Schema extends z.ZodType>(id: string, description: string, schema: Schema): Schema {
    apiSchemaRegistry.add(schema, { id, description });
    groupOfId.set(id, group);
    return schema;
  };
}

/**
 * Named schema ids in the description's order: by group (SCHEMA_GROUPS), then in the order the
 * group's module declares them. The modules register when the app first imports them, which
 * differs between entry points, so the registry's own order is not used.
 */
export function inDescriptionOrder(ids: readonly string[]): string[] {
  const rank = (id: string) => {
    const group = groupOfId.get(id);
    return group === undefined ? SCHEMA_GROUPS.length : SCHEMA_GROUPS.indexOf(group);
  };
  return [...ids].sort((a, b) => rank(a) - rank(b));
}

const named = schemaNamer("common");

export const id = z.number().int().min(1);
export const count = z.number().int().min(0);
export const instant = z.iso.datetime().describe("An instant in UTC, ISO 8601.");
export const day = z.iso.date();
export const percent = z.number().min(0).max(100);
export const scoreText = z
  .string()
  .regex(/^\d+-\d+$/)
  .describe("Home goals, a hyphen, away goals: '2-1'.");
export const probability = z.number().min(0).max(1);

export const leagueKeySchema = named("LeagueKey", "The five leagues.", z.enum(LEAGUE_KEYS));
export const matchStateSchema = named("MatchState", "Before, during and after the match.", z.enum(MATCH_STATES));

export const errorSchema = named(
  "Error",
  "Every 4xx and 5xx answer: what was wrong, in one sentence.",
  z.strictObject({ error: z.string() }),
);
