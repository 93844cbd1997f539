import { describe, expect, it } from "vitest";
import { planImport } from "./import-content";
import { readSeedDataset } from "../seed-dataset";

const seed = readSeedDataset();
const env = {
  SANITY_PROJECT_ID: "abc123",
  SANITY_DATASET: "staging",
  SANITY_WRITE_TOKEN: "sk-write",
  SESSION_SECRET: "a-session-secret-of-32-characters",
};

describe("planning a content import", () => {
  it("imports the published seed without overwriting existing documents by default", () => {
    const plan = planImport([], env, seed);
    expect(plan).toMatchObject({
      projectId: "abc123",
      dataset: "staging",
      token: "sk-write",
      onDuplicate: "--missing",
    });
    expect(plan.documents.some((d) => d._id.startsWith("drafts."))).toBe(false);
    expect(plan.documents.length).toBe(seed.filter((d) => !d._id.startsWith("drafts.")).length);
  });

  it("replaces existing documents and takes the drafts along when asked", () => {
    const plan = planImport(["--replace", "--with-drafts"], env, seed);
    expect(plan.onDuplicate).toBe("--replace");
    expect(plan.documents).toHaveLength(seed.length);
  });

  it("names what is missing", () => {
    expect(() => planImport([], {}, seed)).toThrow(
      'Set SANITY_PROJECT_ID (the project to import into) and SANITY_WRITE_TOKEN (a token with the Editor role or higher). See README.md, "Editorial content".',
    );
    expect(() => planImport(["--force"], env, seed)).toThrow("Unknown option --force");
  });
});
