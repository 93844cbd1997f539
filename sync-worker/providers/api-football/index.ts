import { ProviderError, type ProviderFactory } from "../types";
import { createApiFootballClient } from "./client";
import { apiFootballProvider } from "./provider";

/** The API-Football provider on API_FOOTBALL_BASE_URL with API_FOOTBALL_KEY; retries and quota waits are logged. */
export const createApiFootballProvider: ProviderFactory = ({ env, clock, log }) => {
  if (!env.API_FOOTBALL_KEY) {
    throw new ProviderError("api-football", "no API key is configured", "set API_FOOTBALL_KEY");
  }
  const providerLog = log.child("api-football");
  const client = createApiFootballClient({
    baseUrl: env.API_FOOTBALL_BASE_URL,
    key: env.API_FOOTBALL_KEY,
    onEvent: (event) =>
      providerLog.warn(
        event.type === "retry"
          ? `retry ${event.attempt} of /${event.endpoint} in ${event.delayMs} ms: ${event.reason}`
          : `waiting ${Math.ceil(event.delayMs / 1000)} s before /${event.endpoint}: ${event.reason}`,
      ),
  });
  return apiFootballProvider({ client, clock });
};
