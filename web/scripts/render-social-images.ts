/**
 * Renders the social-card images in public/social/ with Chromium: the site's 1200×630 card, one
 * card per league, and the 512×512 logo of the Organization structured data. The PNGs are
 * committed; run this again after changing the texts or the design:
 *
 *   node --import tsx web/scripts/render-social-images.ts
 *
 * Needs Chromium at /usr/bin/chromium (or CHROMIUM_PATH). Flat colours and no photos keep each
 * card well under 150 KB.
 */
import { mkdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { ALL_LEAGUES, type League } from "@shared/domain/leagues";
import { HERO_HEADLINE, SITE_NAME, SITE_SHORT_NAME } from "@shared/domain/site";
import { leagueHeading } from "../app/features/league/league";
import {
  SOCIAL_IMAGE_HEIGHT,
  SOCIAL_IMAGE_WIDTH,
  SITE_LOGO,
  SITE_SOCIAL_IMAGE,
  leagueSocialImage,
} from "../app/features/seo/seo";

const root = path.resolve(import.meta.dirname, "../..");
const publicDir = path.join(root, "public");
const MAX_BYTES = 150 * 1024;

const COLORS = { pitch: "#0b3d2e", pitchLine: "#145a44", lime: "#c7f23a", white: "#ffffff", mist: "#cfe0d8" };

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The favicon's mark (public/favicon.svg), drawn larger. */
const logoSvg = readFileSync(path.join(publicDir, "favicon.svg"), "utf8");

const styles = `
  * { box-sizing: border-box; margin: 0; }
  body { width: ${SOCIAL_IMAGE_WIDTH}px; height: ${SOCIAL_IMAGE_HEIGHT}px; overflow: hidden;
    font-family: "Liberation Sans", "DejaVu Sans", Arial, sans-serif; background: ${COLORS.pitch}; color: ${COLORS.white}; }
  .card { position: relative; width: 100%; height: 100%; padding: 64px 72px; display: flex; flex-direction: column; }
  .pitch { position: absolute; inset: 0; }
  .brand { position: relative; display: flex; align-items: center; gap: 20px; }
  .brand svg { width: 72px; height: 72px; border-radius: 16px; box-shadow: 0 0 0 3px ${COLORS.lime}; }
  .brand__name { font-size: 34px; font-weight: 700; letter-spacing: 0.5px; }
  .brand__short { font-size: 18px; font-weight: 700; color: ${COLORS.lime}; letter-spacing: 3px; }
  .headline { position: relative; margin-top: 56px; font-size: 76px; line-height: 1.05; font-weight: 700; max-width: 900px; text-wrap: balance; }
  .headline--league { font-size: 64px; }
  .tagline { position: relative; margin-top: 22px; font-size: 30px; color: ${COLORS.mist}; max-width: 860px; line-height: 1.3; }
  .tagline strong { color: ${COLORS.lime}; font-weight: 700; }
  .leagues { position: relative; margin-top: auto; display: flex; gap: 14px; flex-wrap: wrap; padding: 0; list-style: none; }
  .leagues li { font-size: 24px; font-weight: 700; padding: 12px 22px; border-radius: 999px; border: 2px solid ${COLORS.pitchLine};
    background: ${COLORS.pitch}; color: ${COLORS.white}; }
  .leagues li.current { background: ${COLORS.lime}; border-color: ${COLORS.lime}; color: ${COLORS.pitch}; }
`;

/** Halfway line and centre circle of a pitch, off to the right. */
const pitchLines = `
  <svg class="pitch" viewBox="0 0 ${SOCIAL_IMAGE_WIDTH} ${SOCIAL_IMAGE_HEIGHT}" aria-hidden="true">
    <g fill="none" stroke="${COLORS.pitchLine}" stroke-width="6">
      <line x1="1090" y1="0" x2="1090" y2="${SOCIAL_IMAGE_HEIGHT}" />
      <circle cx="1090" cy="315" r="125" />
    </g>
    <circle cx="1090" cy="315" r="12" fill="${COLORS.pitchLine}" />
  </svg>`;

function card(headline: string, headlineClass: string, tagline: string, current: League | null): string {
  const leagues = ALL_LEAGUES.map(
    (league) => `<li${league.key === current?.key ? ' class="current"' : ""}>${escapeHtml(league.name)}</li>`,
  ).join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>${styles}</style></head><body>
    <div class="card">
      ${pitchLines}
      <div class="brand">${logoSvg}<div><p class="brand__name">${escapeHtml(SITE_NAME)}</p><p class="brand__short">${escapeHtml(SITE_SHORT_NAME)} · FREE SOCCER PREDICTIONS</p></div></div>
      <h1 class="headline ${headlineClass}">${escapeHtml(headline)}</h1>
      <p class="tagline">${tagline}</p>
      <ul class="leagues">${leagues}</ul>
    </div></body></html>`;
}

const siteCard = card(
  HERO_HEADLINE,
  "",
  `<strong>Algorithm-driven picks</strong> for Europe's top five leagues: best pick, 1X2, BTTS and over/under, with an honest track record.`,
  null,
);

function leagueCard(league: League): string {
  return card(
    leagueHeading(league.name),
    "headline--league",
    `<strong>${escapeHtml(HERO_HEADLINE)}</strong> This week's ${escapeHtml(league.name)} matches ranked by confidence, with the league table.`,
    league,
  );
}

const logoPage = `<!doctype html><html><head><style>* { margin: 0 } body { width: ${SITE_LOGO.width}px; height: ${SITE_LOGO.height}px; background: ${COLORS.white}; }
  svg { display: block; width: ${SITE_LOGO.width}px; height: ${SITE_LOGO.height}px; }</style></head><body>${logoSvg}</body></html>`;

async function main() {
  mkdirSync(path.join(publicDir, "social"), { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"],
  });
  try {
    const jobs = [
      { html: siteCard, file: SITE_SOCIAL_IMAGE.path, width: SOCIAL_IMAGE_WIDTH, height: SOCIAL_IMAGE_HEIGHT },
      ...ALL_LEAGUES.map((league) => ({
        html: leagueCard(league),
        file: leagueSocialImage(league.key).path,
        width: SOCIAL_IMAGE_WIDTH,
        height: SOCIAL_IMAGE_HEIGHT,
      })),
      { html: logoPage, file: SITE_LOGO.path, width: SITE_LOGO.width, height: SITE_LOGO.height },
    ];
    for (const job of jobs) {
      const page = await browser.newPage({ viewport: { width: job.width, height: job.height }, deviceScaleFactor: 1 });
      await page.setContent(job.html, { waitUntil: "load" });
      const file = path.join(publicDir, job.file);
      await page.screenshot({ path: file, type: "png", clip: { x: 0, y: 0, width: job.width, height: job.height } });
      await page.close();
      const bytes = statSync(file).size;
      console.log(`${job.file}: ${job.width}×${job.height}, ${(bytes / 1024).toFixed(1)} KB`);
      if (bytes > MAX_BYTES) throw new Error(`${job.file} is ${bytes} bytes, over the ${MAX_BYTES}-byte budget`);
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
