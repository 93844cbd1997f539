/**
 * The theme script as sent, run against stand-ins for the browser's document, storage and
 * media query: the attribute it sets before the first paint, the toggle, and a blocked storage.
 */
import { describe, expect, it } from "vitest";
import { THEME_SCRIPT, THEME_STORAGE_KEY } from "./theme-script.server";

type Listener = (event: unknown) => void;

function browser({ systemDark = false, stored = null as string | null, storageBlocked = false } = {}) {
  const attributes = new Map<string, string>();
  const toggle = new Map<string, string>();
  const documentListeners = new Map<string, Listener[]>();
  const windowListeners = new Map<string, Listener[]>();
  const queryListeners: Listener[] = [];
  const storage = new Map<string, string>(stored === null ? [] : [[THEME_STORAGE_KEY, stored]]);
  const toggleElement = { setAttribute: (name: string, value: string) => toggle.set(name, value) };
  let bodyParsed = false;
  const query = {
    matches: systemDark,
    addEventListener: (_: string, listener: Listener) => queryListeners.push(listener),
  };
  const localStorage = {
    getItem(key: string) {
      if (storageBlocked) throw new Error("SecurityError");
      return storage.get(key) ?? null;
    },
    setItem(key: string, value: string) {
      if (storageBlocked) throw new Error("SecurityError");
      storage.set(key, value);
    },
  };
  const on = (map: Map<string, Listener[]>) => (type: string, listener: Listener) =>
    map.set(type, [...(map.get(type) ?? []), listener]);
  const window = { matchMedia: () => query, localStorage, addEventListener: on(windowListeners) };
  const document = {
    documentElement: {
      setAttribute: (name: string, value: string) => attributes.set(name, value),
      getAttribute: (name: string) => attributes.get(name) ?? null,
    },
    querySelectorAll: (selector: string) => (bodyParsed && selector === "[data-theme-toggle]" ? [toggleElement] : []),
    addEventListener: on(documentListeners),
  };
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs the inline theme script as the page would: evaluating it is what this test is for
  new Function("window", "document", THEME_SCRIPT)(window, document);
  const fire = (map: Map<string, Listener[]>, type: string, event: unknown = {}) =>
    map.get(type)?.forEach((l) => l(event));
  return {
    theme: () => attributes.get("data-theme"),
    pressed: () => toggle.get("aria-pressed"),
    stored: () => storage.get(THEME_STORAGE_KEY),
    parseBody() {
      bodyParsed = true;
      fire(documentListeners, "DOMContentLoaded");
    },
    click(onToggle: boolean) {
      const target = {
        closest: (selector: string) => (onToggle && selector === "[data-theme-toggle]" ? toggleElement : null),
      };
      fire(documentListeners, "click", { target });
    },
    systemChanges(dark: boolean) {
      query.matches = dark;
      queryListeners.forEach((l) => l({}));
    },
    otherTabStores(value: string) {
      storage.set(THEME_STORAGE_KEY, value);
      fire(windowListeners, "storage", { key: THEME_STORAGE_KEY });
    },
  };
}

describe("the theme script", () => {
  it("is one line without the source's indentation", () => {
    expect(THEME_SCRIPT).not.toContain("\n");
    expect(THEME_SCRIPT.startsWith("(function(){")).toBe(true);
    expect(THEME_SCRIPT.length).toBeLessThan(800);
  });

  it("follows the system's preference before anything is chosen, and its changes", () => {
    const light = browser();
    expect(light.theme()).toBe("light");
    const dark = browser({ systemDark: true });
    expect(dark.theme()).toBe("dark");
    dark.systemChanges(false);
    expect(dark.theme()).toBe("light");
  });

  it("puts the stored choice before the system's preference", () => {
    expect(browser({ systemDark: true, stored: "light" }).theme()).toBe("light");
    expect(browser({ systemDark: false, stored: "dark" }).theme()).toBe("dark");
    // A stored value of another shape is no choice.
    expect(browser({ systemDark: true, stored: "blue" }).theme()).toBe("dark");
  });

  it("marks the toggle pressed in the dark theme once the page is parsed", () => {
    const page = browser({ systemDark: true });
    expect(page.pressed()).toBeUndefined();
    page.parseBody();
    expect(page.pressed()).toBe("true");
  });

  it("switches and stores the theme when the toggle is pressed, and only then", () => {
    const page = browser();
    page.parseBody();
    page.click(false);
    expect(page.theme()).toBe("light");
    expect(page.stored()).toBeUndefined();
    page.click(true);
    expect([page.theme(), page.pressed(), page.stored()]).toEqual(["dark", "true", "dark"]);
    // A stored choice outlasts the system's changes.
    page.systemChanges(false);
    expect(page.theme()).toBe("dark");
    page.click(true);
    expect([page.theme(), page.pressed(), page.stored()]).toEqual(["light", "false", "light"]);
  });

  it("follows a choice made in another tab", () => {
    const page = browser();
    page.otherTabStores("dark");
    expect(page.theme()).toBe("dark");
  });

  it("still toggles, for the page's life, when storage is blocked", () => {
    const page = browser({ storageBlocked: true, systemDark: true });
    page.parseBody();
    expect(page.theme()).toBe("dark");
    page.click(true);
    expect([page.theme(), page.pressed()]).toEqual(["light", "false"]);
  });
});
