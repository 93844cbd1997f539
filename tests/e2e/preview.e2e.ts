/**
 * Editorial content on the running site: draft preview in Chromium (banner, drafts, no-store,
 * leaving), the signed Sanity webhook and the content automation endpoint over HTTP.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { encodeSignatureHeader, SIGNATURE_HEADER_NAME } from "@sanity/webhook";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, startSite, type RunningSite } from "./support/site";

const PREVIEW_SECRET = "e2e-preview-secret-0123";
const WEBHOOK_SECRET = "e2e-webhook-secret-0123";
const AUTOMATION_TOKEN = "e2e-automation-token-0123";
const PUBLISHED_SUBTEXT = "Save time and win smarter with our AI algorithm-driven soccer predictions.";
const DRAFT_SUBTEXT =
  "Save time and win smarter with our AI algorithm-driven soccer predictions, now with a Sunday parlay every week.";

const root = path.resolve(import.meta.dirname, "../..");
const contentDirectory = mkdtempSync(path.join(tmpdir(), "e2e-content-"));
const contentFile = path.join(contentDirectory, "dataset.ndjson");
let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  copyFileSync(path.join(root, "content/dataset.ndjson"), contentFile);
  site = await startSite({
    PREVIEW_SECRET,
    SANITY_WEBHOOK_SECRET: WEBHOOK_SECRET,
    CONTENT_AUTOMATION_TOKEN: AUTOMATION_TOKEN,
    LOCAL_CONTENT_FILE: contentFile,
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  rmSync(contentDirectory, { recursive: true, force: true });
});

describe("draft preview in Chromium", () => {
  it("refuses a wrong secret without setting a cookie", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const response = await page.goto(`${site.url}/api/preview-mode/enable?sanity-preview-secret=wrong-secret`);
    expect(response?.status()).toBe(401);
    expect(await context.cookies()).toEqual([]);
    await context.close();
  });

  it("shows drafts under a Preview banner, uncached, until the editor leaves preview", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(m.text());
    });

    const publicPage = await page.goto(`${site.url}/`);
    expect(publicPage?.headers()["cache-control"]).toContain("s-maxage");
    expect(await page.locator(".hero__subtext").textContent()).toBe(PUBLISHED_SUBTEXT);
    expect(await page.locator(".preview-banner").count()).toBe(0);

    const previewPage = await page.goto(
      `${site.url}/api/preview-mode/enable?sanity-preview-secret=${PREVIEW_SECRET}&sanity-preview-pathname=%2F`,
    );
    expect(page.url()).toBe(`${site.url}/`);
    expect(previewPage?.headers()["cache-control"]).toBe("no-store");
    const banner = page.getByRole("status").filter({ hasText: "Preview" });
    expect(await banner.isVisible()).toBe(true);
    expect(await page.locator(".hero__subtext").textContent()).toBe(DRAFT_SUBTEXT);
    expect(await page.locator("h1").textContent()).toBe("Smart Picks. Fast Plays.");
    const [cookie] = await context.cookies();
    expect(cookie).toMatchObject({ name: "fkp_preview", httpOnly: true, sameSite: "Lax" });

    await page.waitForLoadState("networkidle");
    await page.getByRole("button", { name: "Exit preview" }).click();
    await expect.poll(() => page.locator(".preview-banner").count()).toBe(0);
    expect(page.url()).toBe(`${site.url}/`);
    expect(await page.locator(".hero__subtext").textContent()).toBe(PUBLISHED_SUBTEXT);
    expect(await context.cookies()).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("content endpoints of the running site", () => {
  it("purges on a signed webhook and refuses a bad signature", async () => {
    const body = JSON.stringify({ _id: "siteSettings", _type: "siteSettings" });
    const signed = await fetch(`${site.url}/api/content/webhook`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(body, Date.now(), WEBHOOK_SECRET),
      },
      body,
    });
    expect(signed.status).toBe(200);
    expect(await signed.json()).toEqual({ purged: ["siteSettings"] });

    const forged = await fetch(`${site.url}/api/content/webhook`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        [SIGNATURE_HEADER_NAME]: await encodeSignatureHeader(body, Date.now(), "not-the-webhook-secret"),
      },
      body,
    });
    expect(forged.status).toBe(401);
    expect((await fetch(`${site.url}/api/content/webhook`)).status).toBe(405);
  });

  it("writes an automation update as a draft into the local dataset, and refuses bad requests", async () => {
    const update = {
      match_id: "premier-league/liverpool-vs-manchester-city",
      confidence_score: 70,
      verdict_tag: "Derby Day",
    };
    const post = (body: unknown, token: string | null = AUTOMATION_TOKEN) =>
      fetch(`${site.url}/api/content/match-updates`, {
        method: "POST",
        headers: { "Content-Type": "application/json", ...(token && { Authorization: `Bearer ${token}` }) },
        body: JSON.stringify(body),
      });

    expect((await post(update, null)).status).toBe(401);
    const invalid = await post({ ...update, confidence_score: 700 });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ issues: [{ field: "confidence_score" }] });

    const saved = await post(update);
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      status: "draft",
      documentId: "matchPreview-2526-premier-league-liverpool-vs-manchester-city",
    });
    const draft = readFileSync(contentFile, "utf8")
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line))
      .find((d) => d._id === "drafts.matchPreview-2526-premier-league-liverpool-vs-manchester-city");
    expect(draft).toMatchObject({ confidence: 70, verdictTag: "Derby Day", bestPick: "Over 2.5 Goals" });
  });
});
