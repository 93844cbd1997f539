/**
 * The Studio refuses link addresses the site would not render as links: only http, https and
 * mailto addresses and pages of this site (`/picks`) may be published.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSanityApiServer, type SanityApiServer } from "@shared/content/test-sanity-api";
import { readSeedDataset } from "./seed-dataset";
import { errorsOf, validateWithApi } from "./test-studio";
import { STUDIO_API_VERSION } from "./environment";

const seed = readSeedDataset();
let server: SanityApiServer;
let validate: ReturnType<typeof validateWithApi>;

beforeAll(async () => {
  server = await startSanityApiServer({
    apiVersion: STUDIO_API_VERSION,
    dataset: "test",
    documents: seed,
    readToken: "studio-token",
    writeToken: "write",
  });
  validate = validateWithApi(server.apiHost);
});
afterAll(() => server.close());

const LINK_PATH = 'intro.{"_key":"b1"}.markDefs.{"_key":"l1"}.href';
const MESSAGE = "Link to an https:// (or http://) address, a mailto: address, or a page of this site starting with /";

/** The About page with an introduction linking "this" to `href`. */
function aboutPageLinkingTo(href: unknown): Record<string, unknown> {
  const page = structuredClone(seed.find((d) => d._id === "staticPage-about"));
  if (!page) throw new Error("no seed About page");
  return {
    ...page,
    intro: [
      {
        _type: "block",
        _key: "b1",
        style: "normal",
        markDefs: [{ _type: "link", _key: "l1", href }],
        children: [
          { _type: "span", _key: "s1", text: "Read ", marks: [] },
          { _type: "span", _key: "s2", text: "this", marks: ["l1"] },
        ],
      },
    ],
  };
}

async function linkErrors(href: unknown) {
  return errorsOf(await validate(aboutPageLinkingTo(href))).filter((error) => error.path === LINK_PATH);
}

describe("links in rich text", () => {
  it.each([
    "https://www.begambleaware.org",
    "http://example.com/page?x=1",
    "mailto:editors@example.com",
    "/algo-results",
    "/premier-league-predictions#picks",
  ])("accepts %j", async (href) => {
    expect(await linkErrors(href)).toEqual([]);
  });

  it.each([
    "javascript:alert(document.cookie)",
    "JAVASCRIPT:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "vbscript:msgbox(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "//evil.example/phish",
    "/\\evil.example/phish",
    "tel:+441234567890",
    "ftp://example.com/file",
    "picks",
  ])("refuses %j", async (href) => {
    expect(await linkErrors(href)).toEqual([{ path: LINK_PATH, message: MESSAGE }]);
  });

  it("requires an address", async () => {
    expect(await linkErrors(undefined)).toHaveLength(1);
  });
});
