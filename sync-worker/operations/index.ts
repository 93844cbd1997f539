/**
 * The worker's implementation of the operator services (shared/operations/operator-services.ts),
 * which the process entry injects into the web's loader context.
 */
import { resolveDataSources } from "@shared/config/data-sources";
import type { OperatorServices } from "@shared/operations/operator-services";
import { createLogger } from "../log";
import { createProviderSet } from "../providers/provider-set";
import { createMatch, fixtureLookups, type OperationsContext } from "./create-match";

export type { OperationsContext } from "./create-match";

export function createOperatorServices(context: OperationsContext): OperatorServices {
  const { env, clock } = context;
  return {
    dataSources() {
      try {
        return {
          sources: { ...createProviderSet({ env, clock, log: createLogger({ level: "error" }) }).sources },
          configurationError: null,
        };
      } catch (error) {
        return {
          sources: resolveDataSources(env.DATA_PROVIDERS, { apiFootball: Boolean(env.API_FOOTBALL_KEY) }),
          configurationError: (error as Error).message,
        };
      }
    },
    fixtureLookups: () => fixtureLookups(context),
    createMatch: (fixtureId, signal) => createMatch(context, fixtureId, signal),
  };
}
