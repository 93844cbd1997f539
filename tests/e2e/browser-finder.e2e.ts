import { describe, expect, it } from "vitest";
import { findChromium, NO_BROWSER, SYSTEM_BROWSERS } from "./support/browser";

const none = () => null;

describe("finding a Chromium for the browser tests", () => {
  it("takes CHROMIUM_PATH first, and names it when it does not exist", () => {
    expect(findChromium("/opt/chrome", ["/usr/bin/chromium"], none, (p) => p === "/opt/chrome")).toEqual({
      path: "/opt/chrome",
    });
    expect(findChromium("/opt/missing", ["/usr/bin/chromium"], none, () => false)).toEqual({
      problem: `CHROMIUM_PATH is /opt/missing, which does not exist. ${NO_BROWSER}`,
    });
  });

  it("looks for the system's Chromium or Chrome, then a browser Playwright installed", () => {
    const exists = (p: string) => p === "/usr/bin/google-chrome" || p === "/home/me/.cache/ms-playwright/chrome";
    expect(findChromium(null, ["/usr/bin/chromium", "/usr/bin/google-chrome"], none, exists)).toEqual({
      path: "/usr/bin/google-chrome",
    });
    expect(findChromium(null, ["/usr/bin/chromium"], () => "/home/me/.cache/ms-playwright/chrome", exists)).toEqual({
      path: "/home/me/.cache/ms-playwright/chrome",
    });
  });

  it("takes the system's headless shell before its full Chromium", () => {
    const exists = (p: string) => p === "/usr/bin/chromium" || p === "/usr/bin/chromium-headless-shell";
    expect(findChromium(null, SYSTEM_BROWSERS, none, exists)).toEqual({ path: "/usr/bin/chromium-headless-shell" });
    expect(findChromium(null, SYSTEM_BROWSERS, none, (p) => p === "/usr/bin/chromium")).toEqual({
      path: "/usr/bin/chromium",
    });
  });

  it("says in one line how to install one when there is none", () => {
    const found = findChromium(
      null,
      ["/usr/bin/chromium"],
      () => "/not/installed",
      () => false,
    );
    expect(found).toEqual({ problem: NO_BROWSER });
    expect(NO_BROWSER).not.toContain("\n");
    expect(NO_BROWSER).toContain("sudo apt-get install chromium");
    expect(NO_BROWSER).toContain("npx playwright install chromium");
  });
});
