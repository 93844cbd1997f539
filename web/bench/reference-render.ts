/**
 * A fixed piece of the work a miss does, timed on the server's core just before and just after
 * bench:web's miss probes: React rendering a league-table-sized tree to HTML, and a loader's
 * worth of JSON. The site is not involved: the same code and data every run, so its time says how
 * fast the machine was then. On a quiet machine of the kind CI runs on it takes about
 * QUIET_REFERENCE_MS; these shared machines have been seen to take 1.8 times that within the
 * same minute, and a miss measured then takes longer in the same proportion.
 *
 * Run directly (`node --import tsx web/bench/reference-render.ts`) it prints the median of its
 * rounds in milliseconds, as JSON.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { pinnedCommand, SERVER_CORE } from "./cpu-pinning";
import { median } from "./stats";

/** The reference's median on a quiet 2-core machine of the kind CI runs on (measured 2026-12-06). */
export const QUIET_REFERENCE_MS = 3.1;

const ROUNDS = 100;
const WARM_UP = 150;

const rows = Array.from({ length: 60 }, (_, index) => ({
  position: index + 1,
  team: { id: 1000 + index, name: `Club ${index} Athletic & Sons`, slug: `club-${index}` },
  played: 24,
  won: (index * 7) % 20,
  drawn: (index * 3) % 8,
  lost: (index * 5) % 10,
  goalsFor: 30 + index,
  goalsAgainst: 20 + ((index * 11) % 30),
  form: ["W", "D", "L", "W", "W"],
}));

function table() {
  return h(
    "table",
    { className: "league-table" },
    h("caption", null, "Reference table 2026/27"),
    h(
      "tbody",
      null,
      rows.map((row) =>
        h(
          "tr",
          { key: row.team.id, className: row.position <= 4 ? "band band--top" : undefined },
          h("td", null, row.position),
          h("td", null, h("a", { href: `/teams/${row.team.slug}` }, row.team.name)),
          [row.played, row.won, row.drawn, row.lost, row.goalsFor, row.goalsAgainst].map((value, i) =>
            h("td", { key: i }, value),
          ),
          h("td", null, `${row.goalsFor - row.goalsAgainst > 0 ? "+" : ""}${row.goalsFor - row.goalsAgainst}`),
          h(
            "td",
            null,
            row.form.map((letter, i) => h("span", { key: i, className: `form form--${letter}` }, letter)),
          ),
        ),
      ),
    ),
  );
}

/** One round: the work, and a result the engine cannot skip. */
function round(): number {
  const html = renderToStaticMarkup(table());
  const data = JSON.parse(JSON.stringify({ rows, html })) as { html: string };
  return data.html.length;
}

function measure(): number {
  let sink = 0;
  for (let i = 0; i < WARM_UP; i++) sink += round();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const started = performance.now();
    sink += round();
    times.push(performance.now() - started);
  }
  if (sink < 0) console.error(sink);
  return median(times);
}

/** The reference's median on the server's core, in a process of its own; null if it could not run. */
export function referenceRenderMs(): number | null {
  const script = fileURLToPath(import.meta.url);
  const root = path.resolve(path.dirname(script), "../..");
  const { command, args } = pinnedCommand(SERVER_CORE, process.execPath, ["--import", "tsx", script]);
  const result = spawnSync(command, args, { cwd: root, encoding: "utf8", timeout: 60_000 });
  if (result.status !== 0) return null;
  const ms = Number(JSON.parse(result.stdout.trim()));
  return Number.isFinite(ms) ? ms : null;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  console.log(JSON.stringify(measure()));
}
