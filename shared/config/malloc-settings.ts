/**
 * How glibc's malloc behaves in the site's processes: read by the C library when a process starts,
 * so set by whatever starts one: package.json's `start` and `worker` scripts, the cluster
 * (deploy/cluster.ts) and the benchmarks' sites. An operator's own values win. Other C libraries
 * (macOS) ignore them.
 *
 * - MALLOC_ARENA_MAX: how many arenas. glibc gives each thread that allocates while another holds
 *   an arena one of its own, up to eight per core, and hands little of a freed arena back to the
 *   system. The web process runs the worker's threads (the prediction engine, the season outlook,
 *   the odds check) beside its own: on a fresh embedded start each left its arenas behind, and
 *   the process held 515 to 637 MB once its start-up jobs were done; with two arenas, 407 MB. The
 *   threads' heaps are V8's and PGlite's memory is WebAssembly's, neither of which is malloc's:
 *   two arenas cost the threads nothing measurable.
 * - MALLOC_MMAP_THRESHOLD_: from what size a block gets a mapping of its own, returned to the
 *   system when it is freed. glibc's threshold starts at 128 KB but rises to the size of every
 *   mapped block freed (up to 32 MB), after which blocks that size come from the main heap, which
 *   only gives back what is free at its very top. The embedded database hands every result over
 *   as a copy out of its WebAssembly memory, and compressed pages and request bodies come and go:
 *   after a minute of cache hits and 250 misses the main heap held 66 MB with the rising threshold
 *   and 45 MB with it fixed at 128 KB (a fixed value also turns the rising off), the same render
 *   times side by side.
 */
export const MALLOC_ARENA_MAX = "2";
export const MALLOC_MMAP_THRESHOLD = "131072";

/** The environment a process of the site starts with: `env` and, unless it sets its own, the settings above. */
export function withMallocSettings<T extends Record<string, string | undefined>>(
  env: T,
): T & { MALLOC_ARENA_MAX: string; MALLOC_MMAP_THRESHOLD_: string } {
  return {
    ...env,
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX ?? MALLOC_ARENA_MAX,
    MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ ?? MALLOC_MMAP_THRESHOLD,
  };
}
