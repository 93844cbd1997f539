import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * A vitest sequencer that starts the named test files first, in the order given (their paths end
 * with one of `endings`), and the rest after them in vitest's own order. Files run a few at a
 * time: a long file started last would run on alone at the end while the other workers idle.
 */
export function slowestFirst(endings: string[]): typeof BaseSequencer {
  const rank = (file: TestSpecification) => {
    const index = endings.findIndex((ending) => file.moduleId.endsWith(ending));
    return index < 0 ? endings.length : index;
  };
  return class SlowestFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      // Array sort is stable: the files not named keep vitest's order.
      return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
    }
  };
}
