import { Schema } from "@sanity/schema";
import { groupProblems, validateSchema } from "@sanity/schema/_internal";
import { describe, expect, it } from "vitest";
import { schemaTypes } from "./schema";
import type { ObjectSchemaType } from "sanity";
import { studioSchema } from "./test-studio";

function documentType(name: string): ObjectSchemaType {
  const type = studioSchema.get(name);
  if (!type || type.jsonType !== "object") throw new Error(`${name} is not a document type`);
  return type as ObjectSchemaType;
}

describe("the Studio schema", () => {
  it("compiles every type without problems", () => {
    const compiled = Schema.compile({ name: "fkp", types: schemaTypes });
    expect(compiled.getTypeNames()).toEqual(
      expect.arrayContaining(["matchPreview", "sundayParlay", "parlayLeg", "teamProfile", "siteSettings", "staticPage", "pageSection", "richText"]),
    );
    const problemsOf = (types: unknown[]) =>
      groupProblems(validateSchema(types).getTypes())
        .flatMap((group) => group.problems)
        .filter((problem) => problem.severity === "error");
    expect(problemsOf(schemaTypes)).toEqual([]);
    // The check itself finds a broken type.
    expect(problemsOf([...schemaTypes, { name: "broken", type: "document", fields: [{ name: "untyped" }] }])).not.toEqual([]);
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
});
