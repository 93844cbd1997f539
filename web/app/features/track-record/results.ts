/** The spec's texts of the Algo Results page, quoted exactly. */

export const ALGO_RESULTS_TITLE = "Algo Results: Hit Rates & Track Record";
export const PERFORMANCE_UNAVAILABLE_TEXT = "Unable to load performance data";
