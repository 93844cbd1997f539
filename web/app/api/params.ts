/**
 * The parameters of the JSON API, validated in one place. Each schema reads the text of a path
 * segment or a query value and gives the value the read functions take; its message is the
 * error of the 400 answer.
 */
import { z } from "zod";
import { findLeagueKey, LEAGUE_KEYS, UNSUPPORTED_LEAGUE } from "@shared/domain/leagues";

/** Ids are 32-bit database and provider ids. */
export const MAX_ID = 2 ** 31 - 1;

/** A positive 32-bit id written in digits; anything else is a 400 naming the parameter. */
export function idParam(name: string, description: string) {
  const message = `${name} must be a whole number from 1 to ${MAX_ID}`;
  return z
    .string({ error: message })
    .regex(/^\d{1,10}$/, { error: message })
    .transform(Number)
    .pipe(z.number().int().min(1, { error: message }).max(MAX_ID, { error: message }))
    .meta({ description, example: "1" });
}

/**
 * A league by any label the product uses for it (spec 5: "League label normalised to
 * premier-league, la-liga, bundesliga, serie-a or ligue1"): its key, URL slug (ligue-1),
 * name or API-Football id. Anything else is the spec's 'Unsupported league'.
 */
export const leagueParam = z
  .string({ error: UNSUPPORTED_LEAGUE })
  .transform((label, context) => {
    const key = findLeagueKey(label);
    if (key === null) context.addIssue({ code: "custom", message: UNSUPPORTED_LEAGUE });
    return key ?? z.NEVER;
  })
  .meta({
    description: `A league key (${LEAGUE_KEYS.join(", ")}); its URL slug (ligue-1), name or API-Football id (39, 140, 78, 135, 61) works too.`,
    example: "premier-league",
  });

/** A league by its API-Football id (39, 140, 78, 135, 61); a key works too. */
export const leagueIdParam = leagueParam.meta({
  description:
    "The league's API-Football id: 39 Premier League, 140 La Liga, 78 Bundesliga, 135 Serie A, 61 Ligue 1 (a league key works too).",
  example: "39",
});

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MATCHUP = "-vs-";
const MATCHUP_SUFFIX = "-prediction";
const MATCH_ID_MESSAGE = `id must be '{home-slug}-vs-{away-slug}' (optionally ending in '-prediction') or a number from 1 to ${MAX_ID}`;

export type MatchRef = { by: "id"; id: number } | { by: "slug"; homeSlug: string; awaySlug: string };

/** A match of a league by '{home}-vs-{away}' (the tail of its canonical URL works too) or by id. */
export const matchRefParam = z
  .string({ error: MATCH_ID_MESSAGE })
  .transform((segment, context): MatchRef => {
    const text = segment.toLowerCase();
    if (/^\d{1,10}$/.test(text) && Number(text) >= 1 && Number(text) <= MAX_ID) return { by: "id", id: Number(text) };
    const matchup = text.endsWith(MATCHUP_SUFFIX) ? text.slice(0, -MATCHUP_SUFFIX.length) : text;
    const sides = matchup.split(MATCHUP);
    if (sides.length === 2 && SLUG.test(sides[0]) && SLUG.test(sides[1])) {
      return { by: "slug", homeSlug: sides[0], awaySlug: sides[1] };
    }
    context.addIssue({ code: "custom", message: MATCH_ID_MESSAGE });
    return z.NEVER;
  })
  .meta({
    description: "'{home-slug}-vs-{away-slug}' (e.g. arsenal-vs-chelsea); a match id works too.",
    example: "arsenal-vs-chelsea",
  });

/** ?debug=1 adds how the answer was derived. */
export const debugQuery = z
  .enum(["1", "0", "true", "false", ""], { error: "debug must be 1 or 0" })
  .optional()
  .transform((value) => value === "1" || value === "true" || value === "")
  .meta({ description: "1 adds a debug object saying how the answer was derived.", example: "1" });

export type ParseResult<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * Parses raw parameters (path or query) with an object schema. The first problem becomes the
 * error: the one a client fixes first, and the spec's exact text for an unknown league.
 */
export function parseParams<Schema extends z.ZodType>(
  schema: Schema,
  raw: Readonly<Record<string, string | undefined>>,
): ParseResult<z.output<Schema>> {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const [issue] = parsed.error.issues;
  const name = issue.path[0];
  const missing = typeof name === "string" && raw[name] === undefined;
  return { ok: false, error: missing ? `${name} is required` : issue.message };
}
