/**
 * Reads the `Server-Timing` header the site sends (`cache;desc="hit"`, `loader;dur=12.3`,
 * `render;dur=4.5`, `total;dur=17.1`). Every field is optional: a server that sends no such
 * header yields an empty reading, and the benchmarks fall back to the time they measured.
 */

export interface ServerTimingMetric {
  name: string;
  dur?: number;
  desc?: string;
}

export interface ServerTiming {
  metrics: ServerTimingMetric[];
  /** The page cache's verdict: "hit", "miss", "bypass"... */
  cache?: string;
  /** Server time of the whole answer, in milliseconds. */
  totalMs?: number;
  loaderMs?: number;
  renderMs?: number;
}

function unquote(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    return trimmed.slice(1, -1).replace(/\\(.)/g, "$1");
  }
  return trimmed;
}

/** Splits on commas outside quoted strings. */
function splitOutsideQuotes(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "\\" && quoted && i + 1 < text.length) {
      current += ch + text[++i];
      continue;
    }
    if (ch === '"') quoted = !quoted;
    if (ch === separator && !quoted) {
      parts.push(current);
      current = "";
    } else {
      current += ch;
    }
  }
  parts.push(current);
  return parts;
}

/** Parses one or more `Server-Timing` header values (several headers may be joined with commas). */
export function parseServerTiming(header: string | string[] | null | undefined): ServerTiming {
  const text = Array.isArray(header) ? header.join(",") : (header ?? "");
  const metrics: ServerTimingMetric[] = [];
  for (const entry of splitOutsideQuotes(text, ",")) {
    const [rawName, ...params] = splitOutsideQuotes(entry, ";");
    const name = rawName.trim();
    if (!name) continue;
    const metric: ServerTimingMetric = { name };
    for (const param of params) {
      const eq = param.indexOf("=");
      if (eq < 0) continue;
      const key = param.slice(0, eq).trim().toLowerCase();
      const value = unquote(param.slice(eq + 1));
      if (key === "dur") {
        const ms = Number(value);
        if (Number.isFinite(ms)) metric.dur = ms;
      } else if (key === "desc") {
        metric.desc = value;
      }
    }
    metrics.push(metric);
  }
  const find = (name: string) => metrics.find((m) => m.name.toLowerCase() === name);
  return {
    metrics,
    cache: find("cache")?.desc,
    totalMs: find("total")?.dur,
    loaderMs: find("loader")?.dur,
    renderMs: find("render")?.dur,
  };
}
