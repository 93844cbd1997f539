import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSite, type RunningSite } from "./support/site";

const PREVIEW_SECRET = "preview-secret-of-the-test-site";

/** What a stack trace or a file path of this machine looks like in an answer. */
const LEAKS = [/\bat \S+ \(/, /node_modules/, /\/work\//, /\.tsx?:\d+/, /TypeError|ReferenceError|SyntaxError/, /<pre>/];

function expectNoLeak(body: string, what: string): void {
  for (const leak of LEAKS) expect(body, `${what} shows ${leak}`).not.toMatch(leak);
}

describe("hostile request targets", () => {
  let site: RunningSite;

  beforeAll(async () => {
    // Development mode is where Express and Remix would print stacks: prove they do not.
    site = await startSite({
      NODE_ENV: "development",
      WORKER: "off",
      SANITY_WEBHOOK_SECRET: "webhook-secret-of-the-test-site",
      CONTENT_AUTOMATION_TOKEN: "automation-token-of-the-test-site",
      PREVIEW_SECRET,
    });
  });
  afterAll(() => site?.stop());

  it.each(["/%5C", "/%5c", "/%5C%5C", "/%5C%2F", "/premier-league-predictions/%5C", "/%E0%A4%A", "/%00", "/api/%5C"])(
    "answers %s with a 400, not a 500",
    async (path) => {
      const response = await fetch(site.url + path);
      expect(response.status).toBe(400);
      const body = await response.text();
      expectNoLeak(body, path);
      if (path.startsWith("/api")) expect(JSON.parse(body)).toHaveProperty("error");
      else expect(body).toContain("Go Back Home");
    },
  );

  it("gives every visitor the same page with no nonce, and allows no inline style or script by default", async () => {
    const [a, b] = await Promise.all([fetch(`${site.url}/about`), fetch(`${site.url}/about`, { headers: { "User-Agent": "another visitor" } })]);
    const html = await a.text();
    expect(await b.text()).toBe(html);
    expect(html).not.toMatch(/\snonce=/);
    const policy = Object.fromEntries(
      (a.headers.get("content-security-policy") ?? "").split(";").map((directive) => {
        const [name, ...sources] = directive.trim().split(/\s+/);
        return [name, sources];
      }),
    );
    expect(policy["style-src"]).toEqual(["'self'"]);
    expect(policy["script-src"][0]).toBe("'self'");
    for (const source of policy["script-src"].slice(1)) expect(source).toMatch(/^'sha256-[A-Za-z0-9+/=]+'$/);
    expect(policy["script-src-attr"]).toEqual(["'none'"]);
  });

  it("answers an absurdly long address with a 414", async () => {
    const response = await fetch(`${site.url}/${"a".repeat(5000)}`);
    expect(response.status).toBe(414);
  });

  it("shows no stack trace or file path in any error answer, whatever NODE_ENV says", async () => {
    const cases: [string, RequestInit, number][] = [
      ["/api/standings/v2z%m", {}, 400],
      ["/build/%E0%A4%A.js", {}, 400],
      ["/api/matches/abc", {}, 400],
      ["/no-such-page", {}, 404],
      ["/api/content/match-updates", { method: "POST", body: "{not json", headers: { "Content-Type": "application/json" } }, 401],
      ["/api/content/webhook", { method: "POST", body: "\u0000\u0001", headers: { "Content-Type": "application/json" } }, 401],
    ];
    for (const [path, init, status] of cases) {
      const response = await fetch(site.url + path, init);
      expect(response.status, path).toBe(status);
      expectNoLeak(await response.text(), path);
    }
    // The site process itself is fine after all of it.
    expect((await fetch(`${site.url}/about`)).status).toBe(200);
  });
});

describe("draft preview sessions", () => {
  let site: RunningSite;

  beforeAll(async () => {
    site = await startSite({ WORKER: "off", PREVIEW_SECRET });
  });
  afterAll(() => site?.stop());

  const open = async () => {
    const response = await fetch(`${site.url}/api/preview-mode/enable?sanity-preview-secret=${PREVIEW_SECRET}`, { redirect: "manual" });
    expect(response.status).toBe(307);
    return response.headers.get("Set-Cookie")!.split(";")[0];
  };
  const inPreview = async (cookie: string) =>
    (await (await fetch(`${site.url}/about`, { headers: { Cookie: cookie } })).text()).includes("preview-banner");

  it("gives each opening a new session, and a captured one is worth nothing after leaving", async () => {
    const captured = await open();
    const another = await open();
    expect(captured).toMatch(/^fkp_preview=./);
    expect(another).not.toBe(captured);
    expect(await inPreview(captured)).toBe(true);

    const exit = await fetch(`${site.url}/api/preview-mode/disable`, { headers: { Cookie: captured }, redirect: "manual" });
    expect(exit.status).toBe(303);
    expect(exit.headers.get("Set-Cookie")).toMatch(/^fkp_preview=;.*Expires=Thu, 01 Jan 1970/);
    expect(await inPreview(captured)).toBe(false);
    // Leaving one session leaves the other alone.
    expect(await inPreview(another)).toBe(true);
  });
});

describe("rate limits and X-Forwarded-For", () => {
  const READS_PER_MINUTE = 5;
  let direct: RunningSite;
  let behindProxy: RunningSite;

  beforeAll(async () => {
    const limits = { WORKER: "off", RATE_LIMIT_READS_PER_MINUTE: String(READS_PER_MINUTE) };
    [direct, behindProxy] = await Promise.all([startSite(limits), startSite({ ...limits, TRUST_PROXY: "loopback" })]);
  });
  afterAll(async () => {
    await direct?.stop();
    await behindProxy?.stop();
  });

  /** Distinct addresses miss the page cache, so every request reaches the limiter. */
  const fetchAs = (site: RunningSite, n: number, forwardedFor: string) =>
    fetch(`${site.url}/about?n=${n}`, { headers: { "X-Forwarded-For": forwardedFor } });

  it("limits a client by its socket address when no proxy is trusted, whatever it forwards", async () => {
    const statuses: number[] = [];
    for (let n = 0; n <= READS_PER_MINUTE; n++) statuses.push((await fetchAs(direct, n, `203.0.113.${n + 1}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("limits each forwarded client separately behind a trusted proxy (TRUST_PROXY=loopback)", async () => {
    const statuses: number[] = [];
    for (let n = 0; n <= READS_PER_MINUTE; n++) statuses.push((await fetchAs(behindProxy, n, "198.51.100.7")).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    // Another client behind the same proxy still has its own budget.
    expect((await fetchAs(behindProxy, 100, "198.51.100.8")).status).toBe(200);
  });
});
