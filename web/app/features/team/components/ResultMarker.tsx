import type { FormLetter } from "@shared/domain/form";

const RESULT_WORDS: Record<FormLetter | "N/A", string> = { W: "Win", D: "Draw", L: "Loss", "N/A": "No result" };

/** A result as a letter with its word for screen readers: the letter's colour is never the only signal. */
export function ResultMarker({ result }: { result: FormLetter | "N/A" }) {
  return (
    <span className={`result-marker result-marker--${result === "N/A" ? "none" : result.toLowerCase()}`}>
      <span aria-hidden="true">{result}</span>
      <span className="visually-hidden">{RESULT_WORDS[result]}</span>
    </span>
  );
}
