import { describe, expect, it } from "vitest";
import { foldToAscii, slugify } from "./slug";

describe("slugify", () => {
  it.each([
    ["Manchester United", "manchester-united"],
    ["Nott'm Forest", "nottm-forest"],
    ["Brighton & Hove Albion", "brighton-and-hove-albion"],
    ["Atlético Madrid", "atletico-madrid"],
    ["Deportivo La Coruña", "deportivo-la-coruna"],
    ["Borussia Mönchengladbach", "borussia-monchengladbach"],
    ["1. FC Köln", "1-fc-koln"],
    ["Fußball", "fussball"],
    ["Gimnàstic de Tarragona", "gimnastic-de-tarragona"],
    ["St. Etienne", "st-etienne"],
    ["  Real   Madrid  CF ", "real-madrid-cf"],
    ["Queen’s Park", "queens-park"],
    ["---", ""],
    ["", ""],
  ])("%j → %j", (input, expected) => {
    expect(slugify(input)).toBe(expected);
  });

  it("is idempotent", () => {
    const once = slugify("Paris Saint-Germain & Co.");
    expect(slugify(once)).toBe(once);
  });
});

describe("foldToAscii", () => {
  it.each([
    ["Bayern München", "bayern munchen"],
    ["Fußball", "fussball"],
    ["Atlético Madrid", "atletico madrid"],
    ["Nott'm Forest", "nott'm forest"],
  ])("%j → %j", (input, expected) => {
    expect(foldToAscii(input)).toBe(expected);
  });
});
