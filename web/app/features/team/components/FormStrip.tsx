import { displayForm, type FormLetter } from "@shared/domain/form";
import type { recentResults } from "@shared/domain/team-stats";
import { TEAM_FORM_NO_DATA_TEXT } from "../team";
import type { TeamStanding } from "../teams.schema";
import { ResultMarker } from "./ResultMarker";

/** The standing's form, or the recent results' when the table has none; oldest first. */
export function formLetters(standing: TeamStanding | null, recent: ReturnType<typeof recentResults>): FormLetter[] {
  const fromTable = displayForm(standing?.form);
  const letters =
    fromTable !== "N/A"
      ? fromTable
      : displayForm(
          [...recent]
            .reverse()
            .map((r) => r.result)
            .filter((r) => r !== "N/A")
            .join(""),
        );
  return letters === "N/A" ? [] : ([...letters] as FormLetter[]);
}

/** The team's recent form as result markers, oldest first, or "No data" without any. */
export function FormStrip({ letters }: { letters: readonly FormLetter[] }) {
  if (letters.length === 0) return <span className="muted">{TEAM_FORM_NO_DATA_TEXT}</span>;
  return (
    <ol className="form-strip" aria-label="Recent form, oldest first">
      {letters.map((letter, index) => (
        <li key={index}>
          <ResultMarker result={letter} />
        </li>
      ))}
    </ol>
  );
}
