import { Schema } from "@sanity/schema";
import { groupProblems, validateSchema } from "@sanity/schema/_internal";
import { describe, expect, it } from "vitest";
import { DEFAULT_CONFIDENCE, resolvePick, type PickContent } from "@shared/domain/resolution";
import { schemaTypes } from "./schema";
import { prepareForPreview, type ObjectSchemaType } from "sanity";
import { fixtureTemplate, type FixtureTemplateParameters } from "./desk";
import { BRIGHTON_PALACE_TEMPLATE_PARAMETERS, studioSchema } from "./test-studio";

function documentType(name: string): ObjectSchemaType {
  const type = studioSchema.get(name);
  if (!type || type.jsonType !== "object") throw new Error(`${name} is not a document type`);
  return type;
}

describe("the Studio schema", () => {
  it("compiles every type without problems", () => {
    const compiled = Schema.compile({ name: "fkp", types: schemaTypes });
    expect(compiled.getTypeNames()).toEqual(
      expect.arrayContaining([
        "matchPreview",
        "sundayParlay",
        "parlayLeg",
        "teamProfile",
        "siteSettings",
        "staticPage",
        "pageSection",
        "richText",
      ]),
    );
    const problemsOf = (types: unknown[]) =>
      groupProblems(validateSchema(types).getTypes())
        .flatMap((group) => group.problems)
        .filter((problem) => problem.severity === "error");
    expect(problemsOf(schemaTypes)).toEqual([]);
    // The check itself finds a broken type.
    expect(
      problemsOf([...schemaTypes, { name: "broken", type: "document", fields: [{ name: "untyped" }] }]),
    ).not.toEqual([]);
  });

  it("gives every document type a title and a description, and every field a title", () => {
    for (const name of ["matchPreview", "sundayParlay", "teamProfile", "siteSettings", "staticPage"]) {
      const type = documentType(name);
      expect(type.title, name).toBeTruthy();
      expect(type.description, name).toBeTruthy();
      for (const field of type.fields) expect(field.type.title, `${name}.${field.name}`).toBeTruthy();
    }
  });

  it("keeps long texts as Portable Text, never HTML", () => {
    const richFields = documentType("matchPreview")
      .fields.filter((field) => field.type.name === "richText")
      .map((field) => field.name);
    expect(richFields).toEqual([
      "matchSummary",
      "tacticalAnalysis",
      "predictedLineups",
      "headToHead",
      "keyPlayerStats",
      "teamFormMomentum",
      "finalPredictionSummary",
      "managersNotes",
    ]);
    expect(studioSchema.get("richText")?.jsonType).toBe("array");
  });

  it("tells editors what the resolution order does with a confidence of 0 and with none", () => {
    const confidence = documentType("matchPreview").fields.find((field) => field.name === "confidence");
    expect(confidence?.type.description).toBe(
      "How sure the pick is, from 0 to 100. 0 holds the pick back: the match shows 'Coming Soon', the algorithm's pick included. Left empty: the algorithm's confidence when the best pick is the algorithm's, otherwise 85.",
    );
    const algorithm: PickContent = { bestPick: "Arsenal to Win", confidence: 72 };
    const shown = (editorial: PickContent) =>
      resolvePick({
        match: { state: "pre-match", homeTeam: "Arsenal", awayTeam: "Chelsea" },
        editorial,
        prediction: algorithm,
      });
    expect(shown({ confidence: 0 })).toMatchObject({ bestPick: "Coming Soon", confidenceLabel: "Coming Soon" });
    expect(shown({ bestPick: "Draw", confidence: 0 })).toMatchObject({
      bestPick: "Coming Soon",
      confidenceLabel: "Coming Soon",
    });
    expect(shown({ bestPick: "Arsenal to Win" }).confidenceLabel).toBe("72%");
    expect(shown({ bestPick: "Draw" }).confidenceLabel).toBe(`${DEFAULT_CONFIDENCE}%`);
  });

  it("titles a match preview by its clubs' short names as soon as the fixture template fills them in", async () => {
    const type = documentType("matchPreview");
    const value = (await fixtureTemplateValue()) as Record<string, unknown>;
    expect(prepareForPreview({ _id: "drafts.new", _type: "matchPreview", ...value }, type)).toMatchObject({
      title: "Brighton v Crystal Palace",
      subtitle: "Premier League · Feb 14 · No pick yet",
    });
    const written = { _id: "x", _type: "matchPreview", ...value, bestPick: "Crystal Palace to Win", confidence: 45 };
    expect(prepareForPreview(written as never, type)).toMatchObject({
      subtitle: "Premier League · Feb 14 · Crystal Palace to Win (45%)",
    });
    expect(prepareForPreview({ _id: "y", _type: "matchPreview" }, type)).toMatchObject({
      title: "Match preview: choose the clubs",
    });
  });
});

/** What the "Match preview from a fixture" template fills in for Brighton v Crystal Palace. */
async function fixtureTemplateValue(): Promise<unknown> {
  const value = fixtureTemplate.value as (parameters: FixtureTemplateParameters) => unknown;
  return value({ ...BRIGHTON_PALACE_TEMPLATE_PARAMETERS });
}
