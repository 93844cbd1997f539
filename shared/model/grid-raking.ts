/**
 * Adjusts a scoreline grid to given market probabilities by iterative proportional fitting:
 * each pass rescales the cells of every outcome of one market (home/draw/away, over/under,
 * both score or not) to its target. The result is the grid closest to the original in
 * Kullback-Leibler divergence that has those market probabilities, so the scores keep the
 * shape the goals model gave them while the markets say what the blend says.
 */
import { GRID_SIDE, type ScorelineGrid } from "./scoreline-grid";

export interface RakingTargets {
  /** Home, draw, away. */
  result?: readonly [number, number, number];
  over25?: number;
  btts?: number;
}

const MAX_PASSES = 200;
const TOLERANCE = 1e-10;

const CELLS = GRID_SIDE * GRID_SIDE;
const resultClass = new Uint8Array(CELLS);
const overClass = new Uint8Array(CELLS);
const bttsClass = new Uint8Array(CELLS);
for (let h = 0; h < GRID_SIDE; h++) {
  for (let a = 0; a < GRID_SIDE; a++) {
    const i = h * GRID_SIDE + a;
    resultClass[i] = h > a ? 0 : h === a ? 1 : 2;
    overClass[i] = h + a > 2 ? 0 : 1;
    bttsClass[i] = h > 0 && a > 0 ? 0 : 1;
  }
}

/** Rescales the classes of one partition to their targets; returns the largest miss before. */
function rescale(grid: Float64Array, classOf: Uint8Array, targets: readonly number[]): number {
  const mass = new Float64Array(targets.length);
  for (let i = 0; i < CELLS; i++) mass[classOf[i]] += grid[i];
  let miss = 0;
  const factor = targets.map((target, k) => {
    miss = Math.max(miss, Math.abs(mass[k] - target));
    return mass[k] > 0 ? target / mass[k] : 0;
  });
  for (let i = 0; i < CELLS; i++) grid[i] *= factor[classOf[i]];
  return miss;
}

export function rakeGrid(grid: ScorelineGrid, targets: RakingTargets): ScorelineGrid {
  const raked = Float64Array.from(grid);
  const partitions: Array<[Uint8Array, readonly number[]]> = [];
  if (targets.result) partitions.push([resultClass, targets.result]);
  if (targets.over25 !== undefined) partitions.push([overClass, [targets.over25, 1 - targets.over25]]);
  if (targets.btts !== undefined) partitions.push([bttsClass, [targets.btts, 1 - targets.btts]]);
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    let miss = 0;
    for (const [classOf, wanted] of partitions) miss = Math.max(miss, rescale(raked, classOf, wanted));
    if (miss < TOLERANCE) break;
  }
  let total = 0;
  for (let i = 0; i < CELLS; i++) total += raked[i];
  for (let i = 0; i < CELLS; i++) raked[i] /= total;
  return raked;
}
