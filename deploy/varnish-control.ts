/**
 * Varnish as the cluster runs it (deploy/cluster.ts): where varnishd is, the site's VCL with the
 * web processes as its backends, whether its health probe counts a backend healthy, and its
 * management interface.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const VCL_TEMPLATE = path.join(root, "deploy/varnish/site.vcl");

/** Debian installs varnishd in /usr/sbin, which a user's PATH may lack. */
export function varnishdPath(): string {
  if (process.env.VARNISHD) return process.env.VARNISHD;
  return existsSync("/usr/sbin/varnishd") ? "/usr/sbin/varnishd" : "varnishd";
}

/** The site's VCL with these web processes as its backends. */
export function clusterVcl(template: string, webPorts: readonly number[]): string {
  const backend = (port: number, index: number) =>
    [
      `backend web${index + 1} {`,
      `    .host = "127.0.0.1";`,
      `    .port = "${port}";`,
      `    .connect_timeout = 1s;`,
      `    .first_byte_timeout = 30s;`,
      `    .probe = { .url = "/healthz"; .interval = 1s; .timeout = 2s; .window = 5; .threshold = 2; .initial = 2; }`,
      `}`,
    ].join("\n");
  const replaceBlock = (text: string, name: string, body: string) => {
    const pattern = new RegExp(`(# ${name}:begin\\n)[\\s\\S]*?(\\n\\s*# ${name}:end)`);
    if (!pattern.test(text))
      throw new Error(`deploy/varnish/site.vcl has no "# ${name}:begin" ... "# ${name}:end" block`);
    return text.replace(pattern, (_all, begin: string, end: string) => `${begin}${body}${end}`);
  };
  const backends = webPorts.map(backend).join("\n");
  const directors = webPorts.map((_port, index) => `    site.add_backend(web${index + 1});`).join("\n");
  return replaceBlock(replaceBlock(template, "backends", backends), "directors", directors);
}

/** The probe's window and threshold in the VCL: healthy with 2 good probes among the last 5. */
const PROBE_WINDOW = 5;
const PROBE_THRESHOLD = 2;

/**
 * How many of the newest probes must all have passed before a restarted backend counts as back in
 * rotation. Counting good probes in the window (Varnish's own rule) would also count good probes
 * of the process that was stopped: with three probes refused while it restarted, two old ones
 * still make the threshold, and one slow probe of the new process then makes it sick again,
 * while the next process is already out of rotation (every request a 503 from Varnish). Three
 * newest probes good means the new process answered three in a row, and three more failures in
 * a row would be needed to take it out.
 */
export const FRESH_GOOD_PROBES = PROBE_THRESHOLD + 1;

/**
 * Whether a backend is back in rotation by its `happy` bitmap (newest probe in the lowest bit):
 * Varnish counts it healthy, and its FRESH_GOOD_PROBES newest probes all passed.
 */
export function backInRotation(happy: bigint): boolean {
  let good = 0;
  for (let bit = 0n; bit < BigInt(PROBE_WINDOW); bit++) if ((happy >> bit) & 1n) good++;
  const fresh = (1n << BigInt(FRESH_GOOD_PROBES)) - 1n;
  return good >= PROBE_THRESHOLD && (happy & fresh) === fresh;
}

/**
 * Whether a restarted backend is back in rotation now (backInRotation), read from Varnish's
 * `happy` bitmap (`varnishstat`; read as text, since the 64-bit bitmap does not fit a JSON number).
 */
export function varnishSeesHealthy(varnishDir: string, backend: string): Promise<boolean> {
  return new Promise((resolve) => {
    execFile("varnishstat", ["-n", varnishDir, "-1", "-f", `VBE.*.${backend}.happy`], (error, stdout) => {
      if (error) return resolve(false);
      const line = stdout.split("\n").find((l) => l.includes(`.${backend}.happy`));
      const bitmap = line ? /^\S+\s+(\d+)/.exec(line)?.[1] : undefined;
      resolve(bitmap ? backInRotation(BigInt(bitmap)) : false);
    });
  });
}

/** Runs a command on Varnish's management interface (varnishadm), failing with its message. */
export function varnishAdmin(varnishDir: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile("varnishadm", ["-n", varnishDir, ...args], (error, stdout, stderr) => {
      if (error) reject(new Error(`varnishadm ${args.join(" ")}: ${(stderr || stdout || error.message).trim()}`));
      else resolve(stdout);
    });
  });
}
