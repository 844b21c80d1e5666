/**
 * The V8 heap bounds every start of the server uses: `npm start`, the operator's guide's systemd unit, the bench, the ops
 * scripts and the cluster test (config.test.ts checks the first two carry them).
 *
 * - `--max-semi-space-size=8`: the young generation stays at 16 MB. Node's default on a machine with
 *   memory lets it grow to 64 MB at rest and 128 MB under load, for no throughput we can measure here.
 * - `--max-old-space-size=192`: V8 then collects the old generation before it triples the live heap
 *   (~70 MB: mostly the source and code of the modules loaded) instead of letting garbage reach ~230 MB
 *   under load. The largest work the server does (a 240-colour line sheet, an invoices ZIP) keeps its
 *   images and PDFs in buffers outside this heap.
 * - `--expose-gc`: lets the server collect once when a burst of work ends (runtime/idle-collect.ts), which gives
 *   back the buffers that burst left (V8 alone waits for its heap to fill).
 */
export const NODE_FLAGS = ['--max-semi-space-size=8', '--max-old-space-size=192', '--expose-gc'] as const;

/**
 * glibc's allocator, as every start of the server sets it (issue 32; read by glibc when the process
 * starts, so they are environment variables, not flags). Images (sharp/libvips: decodes of 50 to
 * 160 MB, AVIF and WebP encoders on worker threads) free large blocks that glibc kept: a soak of uploads
 * left one instance at ~1 GB resident with 47 MB of JavaScript heap.
 *
 * - `MALLOC_ARENA_MAX=1`: one arena for every thread instead of up to eight per core, each keeping its own
 *   free memory (two arenas kept ~20 MB more after a day's work, for no throughput measured here: libvips
 *   runs one worker per image and one image at a time).
 * - `MALLOC_MMAP_THRESHOLD_=131072`: a block of 128 KB or more is its own mapping, given back to the
 *   system when freed (glibc otherwise raises this threshold to 32 MB after the first large free, and
 *   the buffers of the next images land in the arenas, which do not shrink).
 * - `MALLOC_TRIM_THRESHOLD_=131072`: an arena gives back its free top beyond 128 KB.
 *
 * Measured with `bench/day.ts` (uploads only, 20 workers × 60 s): 1,057 MB at the end without them,
 * 229 MB with them; uploads ~25 % slower (each large buffer is a mapping). Other allocators (jemalloc
 * through LD_PRELOAD) do as well; these need nothing installed.
 */
export const MALLOC_ENV = { MALLOC_ARENA_MAX: '1', MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_TRIM_THRESHOLD_: '131072' } as const;

/** `MALLOC_ARENA_MAX=2 MALLOC_…`: as a shell command or a systemd unit writes them. */
export const MALLOC_ASSIGNMENTS = Object.entries(MALLOC_ENV).map(([name, value]) => `${name}=${value}`);
