/**
 * The engine's version, stored with every prediction and ledger row it produced. Bump it when
 * a change can move a forecast: a fit made by another version is not reused.
 */
export const MODEL_VERSION = "dc-sot-market-1.0.0";
