/**
 * How many malloc arenas the site's processes keep. glibc gives each thread that allocates while
 * another holds an arena one of its own, up to eight per core, and hands little of a freed arena
 * back to the system. The web process runs the worker's threads (the prediction engine, the
 * season outlook, the odds check) beside its own: on a fresh embedded start each left its arenas
 * behind, and the process held 515 to 637 MB once its start-up jobs were done; with two arenas,
 * 407 MB. The threads' heaps are V8's and PGlite's memory is WebAssembly's, neither of which is
 * malloc's: two arenas cost the threads nothing measurable.
 *
 * The variable is read by the C library when a process starts, so it is set by whatever starts
 * one: package.json's `start` and `worker` scripts, the cluster (deploy/cluster.ts) and the
 * benchmarks' sites. An operator's own value wins. Other C libraries (macOS) ignore it.
 */
export const MALLOC_ARENA_MAX = "2";

/** The environment a process of the site starts with: `env` and, unless it sets its own, MALLOC_ARENA_MAX. */
export function withMallocArenas<T extends Record<string, string | undefined>>(
  env: T,
): T & { MALLOC_ARENA_MAX: string } {
  return { ...env, MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? MALLOC_ARENA_MAX };
}
