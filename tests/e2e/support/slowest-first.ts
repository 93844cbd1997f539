import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The browser test files that take longest (about 125 s for accessibility, 25–35 s for the
 * others, measured on 2 cores), started first: two files run at a time, and a long file started
 * last would run on alone at the end. Files not named here follow in vitest's own order.
 */
const SLOWEST_FIRST = [
  "accessibility",
  "dark-mode",
  "players",
  "spec-agreement",
  "matchweeks",
  "fixture-list",
  "my-teams",
  "league-match",
  "parlay",
  "seo",
  "pages",
  "teams",
  "observability",
];

const rank = (file: TestSpecification) => {
  const index = SLOWEST_FIRST.findIndex((name) => file.moduleId.endsWith(`/${name}.e2e.ts`));
  return index < 0 ? SLOWEST_FIRST.length : index;
};

export default class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Array sort is stable: the files not named keep vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
