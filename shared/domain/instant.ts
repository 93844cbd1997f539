/**
 * Reads a moment given as a Date or an ISO 8601 string (the shapes kickoff times arrive in);
 * null when it does not name a real moment, so each caller decides between a fallback text
 * and an error.
 */
export function parseInstant(value: Date | string): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}
