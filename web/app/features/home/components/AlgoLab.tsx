import { formatMatchDateMDYY, formatPercent } from "@shared/domain/format";
import { FORECASTS_CSV } from "@shared/domain/urls";
import { HOME_SECTIONS } from "../home";

/** The ledger's overall best-pick record, when at least one pick has been settled. */
export interface AlgoLabRecord {
  bestPickAccuracy: number;
  totalMatchesPredicted: number;
  /** YYYY-MM-DD. */
  trackingStartDate: string;
}

/**
 * Inside the Algo Lab: what the model does, how it is calibrated, and the public ledger. The
 * content of the home page's `algo-lab` section, rendered on the server (home-page.server.tsx).
 */
export function AlgoLab({ record }: { record: AlgoLabRecord | null }) {
  return (
    <>
      <h2 id="algo-lab-title">{HOME_SECTIONS.algoLab}</h2>
      <div className="home-lab">
        <article className="home-lab__card">
          <h3>The model</h3>
          <p>
            Each week we fit a Dixon-Coles model to every league: an attack and a defence rating for each club, a home
            advantage and a correction for low scores, with older matches counting for less. A second fit reads shots on
            target, which show the chances a side creates with far less luck than goals. Both are blended with the
            market's opening prices, margin removed, into one probability for every scoreline.
          </p>
        </article>
        <article className="home-lab__card">
          <h3>Calibration</h3>
          <p>
            A 70% confidence should come true about seven times in ten. We check every market against our own earlier
            forecasts and correct the picks' probabilities where they ran too sure, so a confidence means what it says.
            The results page charts how each confidence band has actually done.
          </p>
        </article>
        <article className="home-lab__card">
          <h3>The public ledger</h3>
          <p>
            At kick-off every pick on the site is frozen into an append-only ledger, with its confidence and its source.
            After the final whistle it is marked HIT or MISS. Nothing in it can be edited afterwards, and every hit rate
            we publish is counted from it. <a href={FORECASTS_CSV}>Download every forecast (CSV)</a>.
          </p>
        </article>
      </div>
      {record ? (
        <p className="home-lab__record">
          Best pick hit rate: <strong>{formatPercent(record.bestPickAccuracy, 2)}</strong> over{" "}
          <strong>{record.totalMatchesPredicted}</strong> settled{" "}
          {record.totalMatchesPredicted === 1 ? "match" : "matches"} since{" "}
          {formatMatchDateMDYY(record.trackingStartDate)}.
        </p>
      ) : null}
    </>
  );
}
