import { createHash, timingSafeEqual } from "node:crypto";

/** Compares a presented secret with the configured one in constant time (lengths included). */
export function secretsMatch(presented: string | null | undefined, expected: string): boolean {
  if (typeof presented !== "string") return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(presented), digest(expected));
}
