import type { AlgoLabRecord } from "./components/AlgoLab";
import type { AppContext } from "~/load-context";
import { getAlgoPerformance } from "../track-record/track-record.server";

/**
 * The figures 'Inside the Algo Lab' quotes: the ledger's overall best-pick record, or null
 * until the worker has settled a first pick (the section then explains without numbers).
 */
export async function getAlgoLabRecord(context: Pick<AppContext, "db">): Promise<AlgoLabRecord | null> {
  const { overall } = await getAlgoPerformance(context);
  if (!overall || overall.totalMatchesPredicted === 0) return null;
  return {
    bestPickAccuracy: overall.bestPickAccuracy,
    totalMatchesPredicted: overall.totalMatchesPredicted,
    trackingStartDate: overall.trackingStartDate,
  };
}
