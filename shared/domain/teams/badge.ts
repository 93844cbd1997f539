/**
 * Club badges drawn by the site itself: the product may not use clubs' crests, so each club gets
 * a plain shield in its registry colours with its 3-letter code. The same team always gives the
 * same SVG, so the badge URL can be cached for good; BADGE_DESIGN_VERSION goes into the URL and
 * changes whenever this drawing changes.
 */
import type { Team } from "./types";

export const BADGE_DESIGN_VERSION = 1;

export type BadgeTeam = Pick<Team, "id" | "name" | "code" | "colors">;

/** What a badge is drawn from, resolved: for tests and for callers that want the colours. */
export interface BadgeDesign {
  label: string;
  fill: string;
  trim: string;
  text: string;
  outline: string;
  /** WCAG contrast ratio of the label against the shield. */
  textContrast: number;
}

/** WCAG AA for normal text; every badge label reaches it. */
export const MIN_TEXT_CONTRAST = 4.5;

const FALLBACK_PRIMARY = "#0b3d2e";
const FALLBACK_SECONDARY = "#ffffff";
const LIGHT_TEXT = "#ffffff";
const DARK_TEXT = "#111111";
/** Below this contrast the trim would vanish into the shield, so the label colour draws it. */
const MIN_TRIM_CONTRAST = 1.4;
const HEX_COLOUR = /^#[0-9a-f]{6}$/i;
const CODE = /^[A-Z0-9]{2,4}$/;

/** Words that say what kind of club it is: not used for initials. */
const GENERIC_WORDS = new Set([
  "fc",
  "cf",
  "afc",
  "ac",
  "as",
  "sc",
  "ss",
  "ssc",
  "us",
  "sv",
  "vfb",
  "vfl",
  "tsg",
  "club",
  "de",
  "of",
  "the",
]);

function colour(value: string | undefined, fallback: string): string {
  return value && HEX_COLOUR.test(value) ? value.toLowerCase() : fallback;
}

function channels(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** WCAG relative luminance of a #rrggbb colour. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two #rrggbb colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** `a` moved a `share` (0 to 1) of the way towards `b`. */
function mix(a: string, b: string, share: number): string {
  const from = channels(a);
  const to = channels(b);
  return `#${from
    .map((c, i) =>
      Math.round(c + (to[i] - c) * share)
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

/** The club's code, or up to three initials of its name when it has no usable code. */
export function badgeLabel(team: Pick<Team, "name" | "code">): string {
  const code = team.code?.trim().toUpperCase() ?? "";
  if (CODE.test(code)) return code;
  const words = team.name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== "" && !GENERIC_WORDS.has(word.toLowerCase()));
  if (words.length === 0) return "?";
  if (words.length === 1) return words[0].slice(0, 3).toUpperCase();
  return words
    .slice(0, 3)
    .map((word) => word[0])
    .join("")
    .toUpperCase();
}

/** How far the shield's colour is moved per step, and at most, to make a label readable. */
const SHADE_STEP = 0.04;
const MAX_SHADE_STEPS = 25;
/** The club's second colour is kept for the label if the shield moves at most this many steps. */
const MAX_STEPS_FOR_CLUB_COLOUR = 3;

/** The shield colour nearest the club's at which `text` reaches 4.5:1, and the steps it took. */
function readableFill(clubColour: string, text: string): { fill: string; steps: number } {
  const towards = relativeLuminance(text) > relativeLuminance(clubColour) ? "#000000" : "#ffffff";
  for (let steps = 0; steps <= MAX_SHADE_STEPS; steps++) {
    const fill = steps === 0 ? clubColour : mix(clubColour, towards, steps * SHADE_STEP);
    if (contrastRatio(text, fill) >= MIN_TEXT_CONTRAST) return { fill, steps };
  }
  return { fill: towards === "#000000" ? "#000000" : "#ffffff", steps: Infinity };
}

/**
 * The label takes the club's second colour when the shield needs at most a light shading for it
 * to reach 4.5:1; otherwise white or near-black, whichever needs the least shading. Arsenal's
 * white letters stay white on a slightly deeper red; Watford's red on yellow becomes black.
 */
export function badgeDesign(team: BadgeTeam): BadgeDesign {
  const clubColour = colour(team.colors?.primary, FALLBACK_PRIMARY);
  const secondary = colour(team.colors?.secondary, FALLBACK_SECONDARY);
  const own = readableFill(clubColour, secondary);
  const [text, { fill }] =
    own.steps <= MAX_STEPS_FOR_CLUB_COLOUR
      ? [secondary, own]
      : ([LIGHT_TEXT, DARK_TEXT] as const)
          .map((candidate) => [candidate, readableFill(clubColour, candidate)] as const)
          .sort(
            ([a, x], [b, y]) => x.steps - y.steps || contrastRatio(b, clubColour) - contrastRatio(a, clubColour),
          )[0];
  const trim = contrastRatio(secondary, fill) >= MIN_TRIM_CONTRAST ? secondary : text;
  const outline = relativeLuminance(fill) > 0.5 ? mix(fill, "#000000", 0.45) : mix(fill, "#000000", 0.3);
  return { label: badgeLabel(team), fill, trim, text, outline, textContrast: contrastRatio(text, fill) };
}

function escapeXml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!,
  );
}

const SHIELD = "M50 4 L93 15 V57 C93 86 75 104 50 116 C25 104 7 86 7 57 V15 Z";
const INNER_SHIELD = "M50 12 L85 21 V57 C85 81 70 96 50 107 C30 96 15 81 15 57 V21 Z";
const CHIEF = "M50 4 L93 15 V38 H7 V15 Z";

/** The badge as a standalone SVG document (100 × 120), with role="img" and a <title>. */
export function teamBadgeSvg(team: BadgeTeam): string {
  const design = badgeDesign(team);
  const titleId = `badge-${team.id}-title`;
  // A 2-letter label is narrower; longer ones are squeezed to the same width.
  const labelWidth = design.label.length <= 2 ? 44 : 62;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 120" width="100" height="120" role="img" aria-labelledby="${titleId}">`,
    `<title id="${titleId}">${escapeXml(team.name)}</title>`,
    `<path d="${SHIELD}" fill="${design.fill}" stroke="${design.outline}" stroke-width="3" stroke-linejoin="round"/>`,
    `<path d="${CHIEF}" fill="${design.trim}"/>`,
    `<path d="${SHIELD}" fill="none" stroke="${design.outline}" stroke-width="3" stroke-linejoin="round"/>`,
    `<path d="${INNER_SHIELD}" fill="none" stroke="${design.trim}" stroke-width="2.5" stroke-linejoin="round"/>`,
    `<text x="50" y="79" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="30" font-weight="700" textLength="${labelWidth}" lengthAdjust="spacingAndGlyphs" fill="${design.text}">${escapeXml(design.label)}</text>`,
    `</svg>`,
  ].join("");
}
