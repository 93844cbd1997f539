/**
 * Builds the worker's providers from the environment: each kind of data goes to the provider
 * DATA_PROVIDERS names (or the default, shared/config/data-sources.ts). A provider is created
 * once and only when some kind uses it.
 */
import { DATA_KINDS, resolveDataSources, type DataKind, type DataSource } from "@shared/config/data-sources";
import { createApiFootballProvider } from "./api-football";
import { createFootballDataProvider } from "./football-data-csv";
import type { MatchDataProvider, ProviderContext, ProviderFactory, ProviderName, ProviderSet } from "./types";

/** Every provider the worker can use, by name. */
export const PROVIDER_FACTORIES: Partial<Record<ProviderName, ProviderFactory>> = {
  "football-data": createFootballDataProvider,
  "api-football": createApiFootballProvider,
};

export class ProviderConfigurationError extends Error {
  constructor(message: string) {
    super(`${message}. See README.md, "Sync worker".`);
    this.name = "ProviderConfigurationError";
  }
}

export function createProviderSet(
  context: ProviderContext,
  factories: Partial<Record<ProviderName, ProviderFactory>> = PROVIDER_FACTORIES,
): ProviderSet {
  const { env } = context;
  const apiFootball = Boolean(env.API_FOOTBALL_KEY) && factories["api-football"] !== undefined;
  const configured = resolveDataSources(env.DATA_PROVIDERS, { apiFootball });
  const created = new Map<ProviderName, MatchDataProvider>();
  const providerNamed = (name: ProviderName) => {
    let provider = created.get(name);
    if (!provider) {
      const factory = factories[name];
      if (!factory)
        throw new ProviderConfigurationError(`DATA_PROVIDERS names ${name}, which this worker does not have`);
      if (name === "api-football" && !env.API_FOOTBALL_KEY) {
        throw new ProviderConfigurationError("DATA_PROVIDERS names api-football, which needs API_FOOTBALL_KEY");
      }
      provider = factory(context);
      created.set(name, provider);
    }
    return provider;
  };

  const sources = {} as Record<DataKind, DataSource>;
  const providers = new Map<DataKind, MatchDataProvider>();
  for (const kind of DATA_KINDS) {
    const source = configured[kind];
    if (source === "off" || source === "results") {
      sources[kind] = source;
      continue;
    }
    const provider = providerNamed(source);
    if (!provider.capabilities.has(kind)) {
      if (kind in env.DATA_PROVIDERS) {
        const when = source === "football-data" && kind === "live" ? " outside a replay (CLOCK=replay:...)" : "";
        throw new ProviderConfigurationError(`DATA_PROVIDERS: ${source} cannot feed ${kind}${when}`);
      }
      // A default the provider cannot serve (live data from CSV files in real time) is simply off.
      sources[kind] = kind === "standings" || kind === "team-statistics" ? "results" : "off";
      continue;
    }
    sources[kind] = source;
    providers.set(kind, provider);
  }
  return { sources, for: (kind) => providers.get(kind) ?? null };
}
