/** The part of jsdom (a dependency of the toolchain, without its own types here) the Studio's DOM tests use. */
declare module "jsdom" {
  export class JSDOM {
    constructor(html?: string, options?: { pretendToBeVisual?: boolean; url?: string });
    readonly window: Window & typeof globalThis;
  }
}
