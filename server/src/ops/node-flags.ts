/**
 * The V8 heap bounds every start of the server uses: `npm start`, the README's systemd unit, the bench, the ops
 * scripts and the cluster test (config.test.ts checks the first two carry them).
 *
 * - `--max-semi-space-size=8`: the young generation stays at 16 MB. Node's default on a machine with
 *   memory lets it grow to 64 MB at rest and 128 MB under load, for no throughput we can measure here.
 * - `--max-old-space-size=192`: V8 then collects the old generation before it triples the live heap
 *   (~70 MB: mostly the source and code of the modules loaded) instead of letting garbage reach ~230 MB
 *   under load. The largest work the server does (a 240-colour line sheet, an invoices ZIP) keeps its
 *   images and PDFs in buffers outside this heap.
 */
export const NODE_FLAGS = ['--max-semi-space-size=8', '--max-old-space-size=192'] as const;
