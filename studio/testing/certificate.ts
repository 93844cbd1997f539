/**
 * A self-signed TLS certificate for the Content Lake stand-in (localhost, *.localhost names the
 * Studio uses, 127.0.0.1), made once with the system's `openssl` and kept in a cache folder.
 * Browsers must be told to accept it (tests pass --ignore-certificate-errors; a person accepts
 * it once in the browser).
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export async function tlsCertificate(folder: string, projectId: string): Promise<{ key: Buffer; cert: Buffer }> {
  const keyFile = path.join(folder, `${projectId}-key.pem`);
  const certFile = path.join(folder, `${projectId}-cert.pem`);
  if (!existsSync(keyFile) || !existsSync(certFile)) {
    await mkdir(folder, { recursive: true });
    const names = [`DNS:localhost`, `DNS:${projectId}.localhost`, `DNS:${projectId}.api.localhost`, `IP:127.0.0.1`];
    try {
      await run("openssl", [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-sha256",
        "-days",
        "3650",
        "-subj",
        "/CN=localhost",
        "-addext",
        `subjectAltName=${names.join(",")}`,
        "-keyout",
        keyFile,
        "-out",
        certFile,
      ]);
    } catch (error) {
      throw new Error(
        `The Content Lake stand-in needs openssl to make its TLS certificate: ${(error as Error).message}`,
      );
    }
  }
  return { key: await readFile(keyFile), cert: await readFile(certFile) };
}
