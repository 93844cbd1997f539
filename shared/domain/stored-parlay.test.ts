import { describe, expect, it } from "vitest";
import type { ParlayPick } from "./parlay";
import type { MatchState } from "./picks";
import { parseStoredParlay, readStoredPick } from "./stored-parlay";

function pick(id: string, overrides: Partial<ParlayPick> = {}): ParlayPick {
  return {
    id,
    pick: "Arsenal to Win",
    league: "Premier League",
    confidence: 72,
    matchup: "Arsenal vs Chelsea",
    homeTeam: "Arsenal",
    awayTeam: "Chelsea",
    matchState: "pre-match",
    ...overrides,
  };
}

const picks = (count: number) => Array.from({ length: count }, (_, i) => pick(`match-${i + 1}`));

describe("parseStoredParlay", () => {
  const valid = pick("a", { href: "/premier-league-predictions/arsenal-vs-chelsea-prediction" });

  it.each<[string, unknown, string[]]>([
    ["null (nothing stored)", null, []],
    ["undefined", undefined, []],
    ["unreadable JSON", "{not json", []],
    ["a JSON object instead of a list", JSON.stringify({ id: "a" }), []],
    ["a number", 42, []],
    ["an empty list", "[]", []],
    ["a valid list as JSON text", JSON.stringify([valid, pick("b")]), ["a", "b"]],
    ["an already parsed list", [valid], ["a"]],
    ["invalid entries are dropped", [valid, { id: "x" }, null, "text", pick("c", { confidence: 150 })], ["a"]],
    ["an unknown match state is dropped", [pick("a", { matchState: "finished" as MatchState })], []],
    ["an empty id or pick is dropped", [pick(""), pick("b", { pick: "" })], []],
    ["a repeated id keeps its first entry", [pick("a"), pick("a", { pick: "Draw" }), pick("b")], ["a", "b"]],
    ["more than 10 picks are cut to 10", picks(12), picks(10).map((p) => p.id)],
    ["invalid entries don't count towards the 10", [{ id: "x" }, ...picks(11)], picks(10).map((p) => p.id)],
    [
      "an off-site link is dropped",
      [pick("a", { href: "https://evil.example" }), pick("b", { href: "//evil.example" })],
      [],
    ],
    ["a javascript: link is dropped", [pick("a", { href: "javascript:alert(1)" })], []],
    [
      "a probability outside 0 to 1 is dropped",
      [pick("a", { probability: 1.2 }), pick("b", { probability: -0.1 })],
      [],
    ],
    ["a probability of 0 to 1 is kept", [pick("a", { probability: 0 }), pick("b", { probability: 0.55 })], ["a", "b"]],
    ["a confidence of 0 or 100 is kept", [pick("a", { confidence: 0 }), pick("b", { confidence: 100 })], ["a", "b"]],
  ])("%s", (_name, stored, expectedIds) => {
    expect(parseStoredParlay(stored).map((p) => p.id)).toEqual(expectedIds);
  });

  it("returns the picks as stored and strips unknown fields", () => {
    expect(parseStoredParlay(JSON.stringify([{ ...valid, extra: "x" }]))).toEqual([valid]);
  });

  it("keeps no keys for absent optional fields", () => {
    const [stored] = parseStoredParlay([pick("a")]);
    expect(Object.keys(stored).sort()).toEqual(
      ["awayTeam", "confidence", "homeTeam", "id", "league", "matchState", "matchup", "pick"].sort(),
    );
  });
});

describe("parseStoredParlay with malformed or hostile storage", () => {
  const hostile: Array<[string, unknown]> = [
    ["a JSON string", JSON.stringify("parlay")],
    ["JSON true", "true"],
    ["JSON null", "null"],
    ["an empty string", ""],
    ["a list of lists", JSON.stringify([[pick("a")]])],
    ["a list of numbers and strings", JSON.stringify([1, "a", true, null])],
    ["a pick-shaped array", [Object.assign([], pick("a"))]],
    [
      "wrong field types",
      [
        { ...pick("a"), confidence: "72" },
        { ...pick("b"), id: 7 },
        { ...pick("c"), homeTeam: null },
      ],
    ],
    [
      "a number that is not finite",
      [pick("a", { confidence: Number.NaN }), pick("b", { probability: Number.POSITIVE_INFINITY })],
    ],
    [
      "optional fields set to null",
      [
        { ...pick("a"), href: null },
        { ...pick("b"), probability: null },
      ],
    ],
    ["a link field that is not a string", [{ ...pick("a"), href: { toString: () => "/" } }]],
    ["a data: or whitespace-led link", [pick("a", { href: "data:text/html,x" }), pick("b", { href: " /x" })]],
    ["a backslash link, which URL parsers read as '//host'", [pick("a", { href: "/\\evil.example" })]],
    [
      "a link with a tab or line break, which URL parsers drop",
      [pick("a", { href: "/\t/evil.example" }), pick("b", { href: "/\n/evil.example" })],
    ],
  ];

  it.each(hostile)("%s gives no picks", (_name, stored) => {
    expect(parseStoredParlay(stored)).toEqual([]);
  });

  it("a backslash or tab link really would leave the site", () => {
    expect(new URL("/\\evil.example", "https://site.example").host).toBe("evil.example");
    expect(new URL("/\t/evil.example", "https://site.example").host).toBe("evil.example");
  });

  it("keeps site-relative links with a query or fragment", () => {
    const href = "/premier-league-predictions/arsenal-vs-chelsea-prediction?tab=stats#odds";
    expect(parseStoredParlay([pick("a", { href })])).toEqual([pick("a", { href })]);
  });

  it("drops an entry whose fields throw when read", () => {
    const trap = new Proxy(
      {},
      {
        get() {
          throw new Error("trap");
        },
      },
    );
    const getter = Object.defineProperty({ ...pick("b") }, "pick", {
      enumerable: true,
      get() {
        throw new Error("getter");
      },
    });
    expect(parseStoredParlay([trap, getter, pick("c")]).map((p) => p.id)).toEqual(["c"]);
  });

  it("ignores a __proto__ key and doesn't touch Object.prototype", () => {
    const stored = `[{"__proto__":{"polluted":true},"id":"a","pick":"Draw","league":"Serie A","confidence":60,"matchup":"Inter vs Milan","homeTeam":"Inter","awayTeam":"Milan","matchState":"pre-match"}]`;
    const parsed = parseStoredParlay(stored);
    expect(parsed.map((p) => p.id)).toEqual(["a"]);
    expect(Object.getPrototypeOf(parsed[0])).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(parsed[0])).not.toContain("__proto__");
  });

  it("handles a very long list without reading past the 10th pick", () => {
    let reads = 0;
    const counted = Array.from({ length: 10_000 }, (_, i) =>
      Object.defineProperty({ ...pick(`p${i}`) }, "matchState", {
        enumerable: true,
        get() {
          reads += 1;
          return "pre-match";
        },
      }),
    );
    expect(parseStoredParlay(counted)).toHaveLength(10);
    expect(reads).toBe(10);
  });
});

describe("readStoredPick", () => {
  it("copies a valid pick", () => {
    const valid = pick("a", { href: "/x", probability: 0.4 });
    expect(readStoredPick(valid)).toEqual(valid);
    expect(readStoredPick(valid)).not.toBe(valid);
  });

  it.each<[string, unknown]>([
    ["null", null],
    ["a string", "a"],
    ["a number", 1],
    ["an array", []],
    ["an empty object", {}],
  ])("%s is not a pick", (_name, value) => {
    expect(readStoredPick(value)).toBeNull();
  });
});
