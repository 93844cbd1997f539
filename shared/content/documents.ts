/**
 * The shapes the site reads from the content source, parsed with zod at the boundary. They
 * describe query results (see queries.ts), not the Studio's schema types: each field is what
 * the projection returns, with null for a field the document leaves empty.
 */
import { z } from "zod";
import { LEAGUE_KEYS } from "../domain/leagues";
import { CONTENT_SEASONS } from "./rules";
import { STATIC_PAGES } from "./ids";

/** A field the document may leave empty: GROQ projects it as null. */
const nullable = <Schema extends z.ZodType>(schema: Schema) =>
  schema.nullish().transform((value): z.output<Schema> | null => value ?? null);

const span = z.object({
  _type: z.literal("span"),
  _key: z.string(),
  text: z.string(),
  marks: z.array(z.string()).optional(),
});

const block = z.object({
  _type: z.literal("block"),
  _key: z.string(),
  style: z.string().optional(),
  listItem: z.enum(["bullet", "number"]).optional(),
  level: z.number().int().positive().optional(),
  children: z.array(span),
  markDefs: z.array(z.object({ _type: z.string(), _key: z.string(), href: z.string().optional() })).optional(),
});

/** Long texts are Portable Text: data rendered by the site's components, never HTML. */
export const portableTextSchema = z.array(block);
export type PortableText = z.infer<typeof portableTextSchema>;

const league = z.enum(LEAGUE_KEYS);
const season = z.enum(CONTENT_SEASONS as ["2526", "2627"]);
const text = nullable(z.string());
const number = nullable(z.number());
const richText = nullable(portableTextSchema);

export const matchPreviewSchema = z.object({
  id: z.string(),
  updatedAt: text,
  league,
  season,
  homeTeam: z.string(),
  awayTeam: z.string(),
  kickoff: text,
  bestPick: text,
  confidence: number,
  projectedScore: text,
  result: text,
  btts: text,
  bttsConfidence: number,
  overUnder: text,
  verdictTag: text,
  matchSummary: richText,
  keyInsights: nullable(z.array(z.string())).transform((list) => list ?? []),
  tacticalAnalysis: richText,
  predictedLineups: richText,
  headToHead: richText,
  keyPlayerStats: richText,
  teamFormMomentum: richText,
  finalPredictionSummary: richText,
  managersNotes: richText,
  /** Set when published: the pick contradicts the model's numbers (shared/content/review.ts). */
  requiresReview: z.boolean().nullish(),
  reviewReasons: z.array(z.string()).nullish(),
});
export type MatchPreview = z.infer<typeof matchPreviewSchema>;

const parlayLegSchema = z.object({
  key: z.string(),
  league,
  homeTeam: z.string(),
  awayTeam: z.string(),
  selection: z.string(),
  predictedScore: text,
  confidence: z.number(),
});

export const sundayParlaySchema = z.object({
  title: z.string(),
  lastUpdated: z.string(),
  legs: nullable(z.array(parlayLegSchema)).transform((legs) => legs ?? []),
});
export type SundayParlay = z.infer<typeof sundayParlaySchema>;

export const teamProfileSchema = z.object({
  team: z.string(),
  league,
  overview: portableTextSchema,
});
export type TeamProfile = z.infer<typeof teamProfileSchema>;

export const siteSettingsSchema = z.object({
  heroHeadline: text,
  heroSubtext: text,
  heroButtonLabel: text,
  responsibleBanner: text,
  socialUrl: text,
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const staticPageSchema = z.object({
  page: z.enum(STATIC_PAGES),
  title: z.string(),
  lastUpdated: text,
  intro: richText,
  sections: nullable(z.array(z.object({ key: z.string(), heading: z.string(), body: portableTextSchema }))).transform(
    (sections) => sections ?? [],
  ),
});
export type StaticPage = z.infer<typeof staticPageSchema>;
