import { createClient } from "@sanity/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sanityClientConfigs, sanityContentSource } from "./sanity-source";
import { ContentSourceError } from "./source";
import { SITE_SETTINGS_QUERY } from "./queries";
import { startSanityApiServer, type SanityApiServer } from "./test-sanity-api";
import { testContentDocuments } from "./test-content";

const API_VERSION = "2025-02-19";
const options = {
  projectId: "fkp123",
  dataset: "production",
  apiVersion: API_VERSION,
  readToken: "read-token",
  writeToken: "write-token",
};
let server: SanityApiServer;

beforeAll(async () => {
  server = await startSanityApiServer({
    apiVersion: API_VERSION,
    dataset: "production",
    documents: testContentDocuments(),
    readToken: "read-token",
    writeToken: "write-token",
  });
});
afterAll(() => server.close());

function sourceOn(apiHost: string, overrides: Partial<typeof options> = {}) {
  return sanityContentSource({ ...options, ...overrides, connection: { apiHost, useProjectHostname: false } });
}

describe("the Sanity content source", () => {
  it("reads public pages anonymously in the published perspective, and preview with the read token in drafts", async () => {
    const source = sourceOn(server.apiHost);
    server.requests.length = 0;
    await source.query(SITE_SETTINGS_QUERY, {}, "published");
    await source.query(SITE_SETTINGS_QUERY, {}, "drafts");
    await source.query(SITE_SETTINGS_QUERY, {}, "raw");
    const [published, drafts, raw] = server.requests;
    expect(published.path).toBe(`/v${API_VERSION}/data/query/production`);
    expect(published.search.get("perspective")).toBe("published");
    expect(published.authorization).toBeUndefined();
    expect(drafts.search.get("perspective")).toBe("drafts");
    expect(drafts.authorization).toBe("Bearer read-token");
    expect(raw.search.get("perspective")).toBe("raw");
    expect(raw.authorization).toBe("Bearer write-token");
  });

  it("sends query parameters as JSON", async () => {
    const source = sourceOn(server.apiHost);
    server.requests.length = 0;
    const result = await source.query(
      '*[_type == "teamProfile" && team == $team][0].team',
      { team: "manchester-city" },
      "published",
    );
    expect(result).toBe("manchester-city");
    expect(server.requests[0].search.get("$team")).toBe('"manchester-city"');
  });

  it("uses the API CDN for published reads only", () => {
    const configs = sanityClientConfigs(options);
    const published = createClient(configs.published).config();
    const drafts = createClient(configs.drafts).config();
    expect(published.useCdn).toBe(true);
    expect(published.token).toBeUndefined();
    expect(published.cdnUrl).toBe(`https://fkp123.apicdn.sanity.io/v${API_VERSION}`);
    expect(drafts.useCdn).toBe(false);
    expect(drafts.token).toBe("read-token");
    expect(drafts.url).toBe(`https://fkp123.api.sanity.io/v${API_VERSION}`);
    expect(createClient(configs.raw).config().useCdn).toBe(false);
  });

  it("writes with the write token, and refuses to write without one", async () => {
    server.requests.length = 0;
    await sourceOn(server.apiHost).commit([
      { patch: { id: "teamProfile-manchester-city", set: { league: "premier-league" } } },
    ]);
    expect(server.requests[0]).toMatchObject({
      method: "POST",
      path: `/v${API_VERSION}/data/mutate/production`,
      authorization: "Bearer write-token",
    });
    expect(server.requests[0].body).toEqual({
      mutations: [{ patch: { id: "teamProfile-manchester-city", set: { league: "premier-league" } } }],
    });

    const readOnly = sourceOn(server.apiHost, { writeToken: undefined });
    expect(readOnly.canWrite).toBe(false);
    await expect(readOnly.commit([])).rejects.toThrow("Writing to Sanity needs SANITY_WRITE_TOKEN");
  });

  it("reports an unreachable API as a source error naming the project and dataset", async () => {
    const closed = await startSanityApiServer({
      apiVersion: API_VERSION,
      dataset: "production",
      documents: [],
      readToken: "r",
      writeToken: "w",
    });
    await closed.close();
    const error = await sourceOn(closed.apiHost)
      .query(SITE_SETTINGS_QUERY, {}, "published")
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContentSourceError);
    expect((error as Error).message).toContain("project fkp123, dataset production");
  });
});
