import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatPercent } from "@shared/domain/format";
import { EMPTY_PARLAY_NOTICE, PARLAY_STORAGE_KEY, type ParlayPick } from "@shared/domain/parlay";
import { PARLAY_COPIED, parlayCopyText } from "@shared/domain/parlay-copy";
import {
  ADD_TO_PARLAY_LABEL,
  ADDED_TO_PARLAY_LABEL,
  DUPLICATE_PICK_MESSAGE,
  MATCH_STARTED_TITLE,
  PARLAY_FULL_MESSAGE,
  REMOVE_FROM_PARLAY_LABEL,
} from "@shared/domain/parlay-rules";
import { SITE_NAME } from "@shared/domain/site";
import { launchChromium, openPage as openSitePage, stopClock, waitForPage, type RunningSite } from "./support/site";
import { sharedSite } from "./support/shared-sites";

let site: RunningSite;
let browser: Browser;

const LEAGUE = "/premier-league-predictions";
const UPCOMING = "/premier-league-predictions/newcastle-united-vs-brentford-prediction";
const LIVE = "/premier-league-predictions/arsenal-vs-sunderland-prediction";

async function openPage(
  path: string,
  viewport = { width: 1280, height: 900 },
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport, permissions: ["clipboard-read", "clipboard-write"] });
  // The page's timers run on Playwright's clock: the toast and tooltip tests stop it and move it
  // on, so their timings hold however busy the machine is.
  await context.clock.install();
  const { page, problems } = await openSitePage(context, site.url + path);
  return { context, page, problems };
}

const storedPicks = (page: Page) =>
  page.evaluate((key) => JSON.parse(window.sessionStorage.getItem(key) ?? "[]") as ParlayPick[], PARLAY_STORAGE_KEY);

/** Writes the list as another script on the page might: straight into storage, no event. */
const writeStorage = (page: Page, picks: ParlayPick[]) =>
  page.evaluate(
    ([key, value]) => window.sessionStorage.setItem(key, value),
    [PARLAY_STORAGE_KEY, JSON.stringify(picks)],
  );

/** Notes the page's time when a toast first shows, for toastAge. */
const watchForToast = (page: Page) =>
  page.evaluate(() => {
    const shown = window as unknown as { toastShownAt?: number };
    shown.toastShownAt = undefined;
    new MutationObserver((_, observer) => {
      if (!document.querySelector(".toast-viewport .toast")) return;
      shown.toastShownAt = Date.now();
      observer.disconnect();
    }).observe(document.body, { childList: true, subtree: true });
  });

/** How long, on the page's clock, the toast watchForToast saw has shown. */
const toastAge = (page: Page) =>
  page.evaluate(() => Date.now() - (window as unknown as { toastShownAt: number }).toastShownAt);

const toast = (page: Page) => page.locator(".toast-viewport .toast");
const badge = (page: Page) => page.locator(".parlay-button--badge .parlay-button__badge");
/**
 * The header badge's count once it has caught up: the badge hears of a change through the
 * `parlayUpdated` event and renders in a task of its own, after the dialog's list (a click's own
 * render), so a read right after the list changed can still see the count before.
 */
const badgeShows = (page: Page, count: string) =>
  expect.poll(() => badge(page).textContent(), { timeout: 5_000 }).toBe(count);

beforeAll(async () => {
  site = await sharedSite("fixtures");
  browser = await launchChromium();
  // The worker fills the database and runs the model in the background after start.
  await waitForPage(site, UPCOMING, (html) => html.includes("Model probabilities"), "model probabilities");
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe("the Parlay Builder in Chromium", () => {
  it("adds a pick, opens the builder, copies the parlay, removes and clears", async () => {
    const { context, page, problems } = await openPage(UPCOMING);
    await badgeShows(page, "0");
    await page.locator(".parlay-button--badge button").click();
    // The button's code loads as the pointer reaches the header: the click is answered once it has.
    await page.getByText(EMPTY_PARLAY_NOTICE).waitFor({ timeout: 5_000 });
    await page.keyboard.press("Escape");

    const addButton = page.locator(".parlay-add__button");
    await addButton.click();
    const dialog = page.getByRole("dialog", { name: "Parlay Builder" });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(true);
    await badgeShows(page, "1");
    const [stored] = await storedPicks(page);
    expect(stored).toMatchObject({
      matchup: "Newcastle United vs Brentford",
      league: "Premier League",
      matchState: "pre-match",
    });
    // The best pick is the home win: its probability is the model's home-win figure on the page.
    expect(stored.pick).toBe("Newcastle United to Win");
    expect(formatPercent(stored.probability! * 100)).toBe(
      await page.locator("dl.probabilities div", { hasText: "Newcastle United win" }).locator("dd").textContent(),
    );
    const item = dialog.locator(".parlay-modal__pick");
    expect(await item.count()).toBe(1);
    expect(await item.textContent()).toContain(`${stored.pick} — Newcastle United vs Brentford`);
    expect(await item.textContent()).toContain(`Premier League · Confidence: ${stored.confidence}%`);
    expect(await dialog.locator(".parlay-modal__summary").textContent()).toBe(
      `Average Confidence${stored.confidence.toFixed(1)}%Combined probability (all picks land)${formatPercent(stored.probability! * 100, 1)}`,
    );

    await watchForToast(page);
    await dialog.getByRole("button", { name: "Copy Parlay" }).click();
    await toast(page).waitFor();
    await stopClock(page);
    expect(await page.locator(".toast-viewport [role=status] .toast").textContent()).toContain(PARLAY_COPIED);
    // The open dialog makes the page inert: the toast is shown inside it, where it can be reached.
    expect(await dialog.locator(".toast").count()).toBe(1);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied.split("\n")[0]).toMatch(/^1\. .+ — Newcastle United vs Brentford \(Confidence: \d+(\.\d)?%\)$/);
    expect(copied).toBe(parlayCopyText([stored], SITE_NAME));
    expect(copied.endsWith(`\n${SITE_NAME}`)).toBe(true);
    // Parlay copy toasts last 3 s (spec 9).
    await page.clock.runFor(2_900 - (await toastAge(page)));
    expect(await toast(page).count()).toBe(1);
    await page.clock.runFor(200);
    await toast(page).waitFor({ state: "detached", timeout: 5_000 });
    await page.clock.resume();

    // Two legs of the same match with model probabilities, written by another script: the
    // combined probability and the same-match warning show up.
    await page.evaluate(
      ([key, value]) => {
        window.sessionStorage.setItem(key, value);
        window.dispatchEvent(new CustomEvent("parlayUpdated"));
      },
      [
        PARLAY_STORAGE_KEY,
        JSON.stringify([
          { ...stored, probability: 0.6 },
          { ...stored, id: "newcastle-btts", pick: "BTTS: Yes", confidence: 64, probability: 0.5 },
        ]),
      ],
    );
    expect(await item.count()).toBe(2);
    await badgeShows(page, "2");
    expect(await dialog.locator(".parlay-modal__summary").textContent()).toContain(
      `Combined probability (all picks land)${formatPercent(30, 1)}`,
    );
    expect(await dialog.locator(".parlay-modal__summary").textContent()).toContain(
      `Average Confidence${((stored.confidence + 64) / 2).toFixed(1)}%`,
    );
    expect(await dialog.locator(".parlay-modal__warning").textContent()).toContain(
      "more than one pick comes from Newcastle United vs Brentford",
    );

    // The how-it-works panel replaces the list; Escape leaves it, a second Escape closes the dialog.
    await dialog.getByRole("button", { name: "How it works" }).click();
    expect(await dialog.getByRole("heading", { name: "How the Parlay Builder works" }).isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    expect(await dialog.getByRole("heading", { name: "How the Parlay Builder works" }).isVisible()).toBe(false);
    await dialog.getByRole("button", { name: "Copy Parlay" }).focus();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.activeElement?.className)).toContain("parlay-add__button");

    await page.locator(".parlay-button--badge button").click();
    await dialog.waitFor();
    await item
      .first()
      .getByRole("button", { name: /^Remove/ })
      .click();
    expect(await item.count()).toBe(1);
    await badgeShows(page, "1");
    expect(await dialog.locator(".parlay-modal__warning").count()).toBe(0);
    await dialog.getByRole("button", { name: "Clear All" }).click();
    expect(await dialog.getByText(EMPTY_PARLAY_NOTICE).count()).toBe(1);
    expect(await dialog.getByRole("button", { name: "Clear All" }).isDisabled()).toBe(true);
    expect(await dialog.getByRole("button", { name: "Copy Parlay" }).isDisabled()).toBe(true);
    await badgeShows(page, "0");
    expect(await storedPicks(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Close Parlay Builder" }).click();
    expect(await addButton.textContent()).toBe("Add to Parlay Builder");
    expect(problems).toEqual([]);
    await context.close();
  });

  it("refuses a duplicate pick and an eleventh pick with the spec's texts", async () => {
    const { context, page, problems } = await openPage(UPCOMING);
    const addButton = page.locator(".parlay-add__button");
    await addButton.click();
    await page.getByRole("dialog").getByRole("button", { name: "Close Parlay Builder" }).click();
    const [stored] = await storedPicks(page);

    // Storage changed behind the button's back: the add is checked against what is stored.
    await writeStorage(page, []);
    await page.evaluate(() => window.dispatchEvent(new CustomEvent("parlayUpdated")));
    await writeStorage(page, [stored]);
    await addButton.click();
    // Refusals are error toasts (spec 8), not a line that stays under the button.
    await expect.poll(() => toast(page).first().textContent()).toContain(DUPLICATE_PICK_MESSAGE);
    expect(await page.locator(".parlay-add__message").count()).toBe(0);

    const others = Array.from({ length: 10 }, (_, i) => ({
      ...stored,
      id: `other-${i}`,
      matchup: `Team ${i} vs Team X`,
    }));
    await writeStorage(page, others);
    await addButton.click();
    await expect.poll(() => toast(page).first().textContent()).toContain(PARLAY_FULL_MESSAGE);
    expect(await page.locator(".toast-viewport [role=alert] .toast--destructive").count()).toBe(1);
    expect(await page.getByRole("dialog").isVisible()).toBe(false);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("disables the add button of a live match", async () => {
    const { context, page, problems } = await openPage(LIVE);
    const addButton = page.locator(".parlay-add__button");
    expect(await addButton.textContent()).toBe(MATCH_STARTED_TITLE);
    expect(await addButton.isDisabled()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows one toast at a time: 5 s by default, persistent ones with 'Close', swiped right to dismiss, F8 to reach", async () => {
    const { context, page, problems } = await openPage(LEAGUE);
    const show = (event: string, detail: object) =>
      page.evaluate(([name, value]) => window.dispatchEvent(new CustomEvent(name, { detail: value })), [
        event,
        detail,
      ] as const);

    await show("showSuccessToast", { message: "First" });
    await show("showErrorToast", { message: "Second", persistent: true });
    // The toasts' code loads with the first toast asked for (LazyToaster): the newer one shows.
    await page.locator(".toast-viewport [role=alert] .toast").waitFor();
    expect(await toast(page).count()).toBe(1);
    expect(await page.locator(".toast-viewport [role=alert] .toast").textContent()).toContain("Second");
    expect(await toast(page).getAttribute("class")).toContain("toast--destructive");
    await page.keyboard.press("F8");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Notifications (F8)");
    await stopClock(page);
    await page.clock.runFor(10_000);
    expect(await toast(page).count()).toBe(1);
    await toast(page).getByRole("button", { name: "Close" }).click();
    expect(await toast(page).count()).toBe(0);

    await page.clock.resume();
    await watchForToast(page);
    await show("showSuccessToast", { message: "Default" });
    await toast(page).waitFor();
    await stopClock(page);
    expect(await toast(page).getByRole("button").count()).toBe(0);
    await page.clock.runFor(4_900 - (await toastAge(page)));
    expect(await toast(page).count()).toBe(1);
    await page.clock.runFor(200);
    await toast(page).waitFor({ state: "detached", timeout: 5_000 });
    await page.clock.resume();

    await show("showSuccessToast", { message: "Swipe me", persistent: true });
    const box = (await toast(page).boundingBox())!;
    const swipe = async (dx: number) => {
      await page.mouse.move(box.x + 20, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + 20 + dx, box.y + box.height / 2, { steps: 5 });
      await page.mouse.up();
    };
    await swipe(30);
    expect(await toast(page).count()).toBe(1);
    await swipe(80);
    expect(await toast(page).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("shows the PB button's tooltip after 700 ms, and at once right after another closed", async () => {
    const { context, page, problems } = await openPage(LEAGUE);
    const tooltip = page.getByRole("tooltip");
    await stopClock(page);
    await page.locator(".parlay-button--badge button").hover();
    await page.clock.runFor(650);
    expect(await tooltip.count()).toBe(0);
    await page.clock.runFor(100);
    await tooltip.waitFor({ timeout: 1000 });
    expect(await tooltip.textContent()).toBe("Parlay Builder");
    expect(await page.locator(".parlay-button--badge button").getAttribute("aria-describedby")).toBe(
      await tooltip.getAttribute("id"),
    );
    await page.mouse.move(0, 400);
    // React renders a pointer-leave's update in a task of its own, just after the event: the
    // bubble is gone within a moment, not necessarily by the time the move returns.
    await tooltip.waitFor({ state: "detached", timeout: 1000 });
    // No delay this time: it shows within 50 ms.
    await page.locator(".parlay-button--badge button").hover();
    await page.clock.runFor(50);
    await tooltip.waitFor({ timeout: 1000 });
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("the header's PB button before its code has loaded", () => {
  /** Holds the live button's code (LazyParlayButton loads it on reach) until `release` is called. */
  async function holdButtonCode(page: Page): Promise<{ release: () => void; marked: () => Promise<number> }> {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/build\/_shared\/ParlayButton-\w+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // The first button, marked: the live one that takes its place has no mark.
    await page.locator(".parlay-button--badge button").evaluate((button) => button.setAttribute("data-first", ""));
    return { release, marked: () => page.locator(".parlay-button--badge button[data-first]").count() };
  }

  it("answers a click that came first with the empty notice, and keeps the focus on the button", async () => {
    const { context, page, problems } = await openPage(LEAGUE);
    const { release, marked } = await holdButtonCode(page);
    const button = page.locator(".parlay-button--badge button");
    await button.focus();
    await button.click();
    expect(await page.getByText(EMPTY_PARLAY_NOTICE).count()).toBe(0);
    release();
    await page.getByText(EMPTY_PARLAY_NOTICE).waitFor({ timeout: 5_000 });
    expect(await marked()).toBe(0);
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    expect(await page.evaluate(() => document.activeElement?.closest(".parlay-button--badge") !== null)).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("counts the tooltip's 700 ms from when the pointer arrived, not from when the code did", async () => {
    const { context, page, problems } = await openPage(LEAGUE);
    const { release, marked } = await holdButtonCode(page);
    const tooltip = page.getByRole("tooltip");
    await stopClock(page);
    await page.locator(".parlay-button--badge button").hover();
    await page.clock.runFor(650);
    release();
    await expect.poll(marked, { timeout: 5_000 }).toBe(0);
    expect(await tooltip.count()).toBe(0);
    await page.clock.runFor(100);
    await tooltip.waitFor({ timeout: 1000 });
    expect(await tooltip.textContent()).toBe("Parlay Builder");
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("the Parlay Builder's window events", () => {
  it("announces a pick added, the parlay updated and the modal open beside the request to open it", async () => {
    const { context, page, problems } = await openPage(UPCOMING);
    // Listen the way another script on the page would.
    await page.evaluate(() => {
      const heard: { type: string; detail: unknown }[] = [];
      for (const type of ["openParlayModal", "parlayUpdated", "pickAdded", "modalOpen"]) {
        window.addEventListener(type, (event) => heard.push({ type, detail: (event as CustomEvent).detail ?? null }));
      }
      Object.assign(window, { heardParlayEvents: heard });
    });
    const heard = () =>
      page.evaluate(() =>
        (window as unknown as { heardParlayEvents: { type: string; detail: unknown }[] }).heardParlayEvents.splice(0),
      );

    await page.locator(".parlay-add__button").click();
    await page.getByRole("dialog", { name: "Parlay Builder" }).waitFor();
    const [stored] = await storedPicks(page);
    expect(await heard()).toEqual([
      { type: "parlayUpdated", detail: null },
      { type: "pickAdded", detail: { pick: stored, count: 1 } },
      { type: "openParlayModal", detail: null },
      { type: "modalOpen", detail: { count: 1 } },
    ]);

    // Removing is an update, not an add; opening from the header announces the modal again.
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /^Remove/ })
      .click();
    await page.getByRole("dialog").getByRole("button", { name: "Close Parlay Builder" }).click();
    await writeStorage(page, [stored]);
    await page.evaluate(() => window.dispatchEvent(new CustomEvent("parlayUpdated")));
    await page.locator(".parlay-button--badge button").click();
    await page.getByRole("dialog").waitFor();
    expect((await heard()).map((event) => event.type)).toEqual([
      "parlayUpdated",
      "parlayUpdated",
      "openParlayModal",
      "modalOpen",
    ]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("the add button after the Parlay Builder closes", () => {
  it("shows 'Added to Your PB' on the button focus returns to, not the hover label", async () => {
    const { context, page, problems } = await openPage(UPCOMING);
    const addButton = page.locator(".parlay-add__button");
    const dialog = page.getByRole("dialog", { name: "Parlay Builder" });
    const focusedClass = () => page.evaluate(() => document.activeElement?.className ?? "");

    // From the keyboard: Enter adds, Escape closes, focus comes back to the button.
    await addButton.focus();
    await page.keyboard.press("Enter");
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await focusedClass()).toContain("parlay-add__button");
    expect(await addButton.textContent()).toBe(ADDED_TO_PARLAY_LABEL);
    // Moving focus away and back from the keyboard does not show it either.
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    expect(await focusedClass()).toContain("parlay-add__button");
    expect(await addButton.textContent()).toBe(ADDED_TO_PARLAY_LABEL);
    expect(await addButton.getAttribute("aria-describedby")).toBeTruthy();

    // Enter on the added pick removes it; with the mouse, the click that adds it leaves the
    // pointer where it was: still the real state once the dialog closes.
    await page.keyboard.press("Enter");
    expect(await addButton.textContent()).toBe(ADD_TO_PARLAY_LABEL);
    await addButton.click();
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await addButton.textContent()).toBe(ADDED_TO_PARLAY_LABEL);
    // A real hover shows the spec's 'Remove from PB', and a click removes the pick.
    await page.mouse.move(0, 0);
    await addButton.hover();
    expect(await addButton.textContent()).toBe(REMOVE_FROM_PARLAY_LABEL);
    await page.mouse.move(0, 0);
    expect(await addButton.textContent()).toBe(ADDED_TO_PARLAY_LABEL);
    await addButton.hover();
    await addButton.click();
    expect(await addButton.textContent()).toBe(ADD_TO_PARLAY_LABEL);
    expect(await storedPicks(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("the Parlay Builder on a phone", () => {
  it("keeps Copy and Clear in view and clickable with 10 picks at 390 x 844", async () => {
    const viewport = { width: 390, height: 844 };
    const { context, page, problems } = await openPage(LEAGUE, viewport);
    const picks = Array.from({ length: 10 }, (_, i) => ({
      id: `phone-${i}`,
      pick: `Team ${i} to Win`,
      league: "Premier League",
      confidence: 60 + i,
      matchup: `Team ${i} vs Rivals ${i}`,
      homeTeam: `Team ${i}`,
      awayTeam: `Rivals ${i}`,
      matchState: "pre-match" as const,
      href: UPCOMING,
    }));
    await writeStorage(page, picks);
    await page.evaluate(() => window.dispatchEvent(new CustomEvent("parlayUpdated")));
    await page.locator(".parlay-button--badge button").click();
    const dialog = page.getByRole("dialog", { name: "Parlay Builder" });
    await dialog.waitFor();
    expect(await dialog.locator(".parlay-modal__pick").count()).toBe(10);

    /** Whether the button is inside the viewport and is what a tap at its centre reaches. */
    const reachable = (name: string) =>
      dialog.getByRole("button", { name }).evaluate((button, height) => {
        const box = button.getBoundingClientRect();
        const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return { inViewport: box.top >= 0 && box.bottom <= height, onTop: top === button || button.contains(top) };
      }, viewport.height);
    expect(await reachable("Copy Parlay")).toEqual({ inViewport: true, onTop: true });
    expect(await reachable("Clear All")).toEqual({ inViewport: true, onTop: true });

    // Still there with the list scrolled half way.
    await dialog.locator(".parlay-modal__pick").nth(5).scrollIntoViewIfNeeded();
    expect(await reachable("Copy Parlay")).toEqual({ inViewport: true, onTop: true });

    // Clicked where they are, without scrolling: Copy copies, Clear empties the list.
    const tap = async (name: string) => {
      const box = (await dialog.getByRole("button", { name }).boundingBox())!;
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    };
    await tap("Copy Parlay");
    await toast(page).waitFor();
    expect(await toast(page).textContent()).toContain(PARLAY_COPIED);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(parlayCopyText(picks, SITE_NAME));
    // The copied toast does not cover them either.
    expect(await reachable("Clear All")).toEqual({ inViewport: true, onTop: true });
    expect(await reachable("Copy Parlay")).toEqual({ inViewport: true, onTop: true });
    await tap("Clear All");
    expect(await dialog.getByText(EMPTY_PARLAY_NOTICE).count()).toBe(1);
    expect(await storedPicks(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe("the add button on ranked match cards", () => {
  it("adds a card's best pick on /picks as the match page does, and follows the rules for started matches", async () => {
    const { context, page, problems } = await openPage("/picks");
    const cards = page.locator("section[aria-labelledby=top-picks-title] .match-card");
    const count = await cards.count();
    expect(count).toBeGreaterThan(2);
    // Every card has the button: disabled once the match has started, live or finished.
    expect(await cards.locator(".parlay-add__button").count()).toBe(count);
    const live = cards.filter({ hasText: "Arsenal" }).filter({ has: page.locator(".live-badge") });
    expect(await live.locator(".parlay-add__button").textContent()).toBe(MATCH_STARTED_TITLE);
    expect(await live.locator(".parlay-add__button").isDisabled()).toBe(true);
    const finished = cards.filter({ hasText: "Manchester United" });
    expect(await finished.locator(".parlay-add__button").isDisabled()).toBe(true);

    const upcoming = cards.filter({ hasText: "Newcastle United" });
    const cardButton = upcoming.locator(".parlay-add__button");
    expect(await cardButton.textContent()).toBe(ADD_TO_PARLAY_LABEL);
    await cardButton.click();
    const dialog = page.getByRole("dialog", { name: "Parlay Builder" });
    await dialog.waitFor();
    const [stored] = await storedPicks(page);
    expect(stored).toMatchObject({
      pick: await upcoming.locator(".pick-box__pick").textContent(),
      matchup: "Newcastle United vs Brentford",
      league: "Premier League",
      matchState: "pre-match",
      href: UPCOMING,
    });
    expect(stored.probability).toBeGreaterThan(0);
    expect(await dialog.locator(".parlay-modal__pick").textContent()).toContain(
      `${stored.pick} — Newcastle United vs Brentford`,
    );
    await page.keyboard.press("Escape");
    expect(await cardButton.textContent()).toBe(ADDED_TO_PARLAY_LABEL);
    await badgeShows(page, "1");

    // The explainer promises the button on the cards, which now holds.
    expect(await page.locator("section[aria-labelledby=parlay-builder-title]").textContent()).toContain(
      "On any ranked match card (like the top picks above, or on a league page) or on a match page, press 'Add to Parlay Builder'",
    );

    // The match page adds the same pick: it shows as already added there, and the same on the league page.
    await page.goto(site.url + UPCOMING);
    await page.waitForLoadState("networkidle");
    expect(await page.locator(".parlay-add__button").textContent()).toBe(ADDED_TO_PARLAY_LABEL);
    expect(await storedPicks(page)).toEqual([stored]);
    await page.goto(site.url + LEAGUE);
    await page.waitForLoadState("networkidle");
    const leagueCard = page.locator(".match-card").filter({ hasText: "Newcastle United" });
    expect(await leagueCard.locator(".parlay-add__button").textContent()).toBe(ADDED_TO_PARLAY_LABEL);
    await leagueCard.locator(".parlay-add__button").click();
    expect(await leagueCard.locator(".parlay-add__button").textContent()).toBe(ADD_TO_PARLAY_LABEL);
    expect(await storedPicks(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
