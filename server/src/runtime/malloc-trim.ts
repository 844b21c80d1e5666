import { createRequire } from 'node:module';

/**
 * glibc's `malloc_trim(0)` (issue 32): gives the system back the free pages *inside* the allocator's
 * heap. `MALLOC_TRIM_THRESHOLD_` only gives back the free top of the heap; what a burst of work freed in
 * its middle (small Buffers, libvips' and SQLite's own allocations between blocks still in use) stays
 * resident for the life of the process: the 56–72 MB "main heap" that crept in the day's soak. One call
 * walks the heap, 5 to 15 ms; the idle collector makes it when the instance has fallen quiet.
 *
 * Called through koffi (a foreign-function library with its binaries in its npm package: no build, no
 * download). Null where there is no glibc (Alpine's musl, macOS) or the library cannot load: then the
 * heap is simply not trimmed.
 */
let trim: (() => boolean) | null | undefined;

export function mallocTrim(): (() => boolean) | null {
  if (trim !== undefined) return trim;
  trim = null;
  const header = (process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header;
  if (process.platform !== 'linux' || !header?.glibcVersionRuntime) return trim;
  try {
    const koffi = createRequire(import.meta.url)('koffi') as { load(name: string): { func(signature: string): (pad: number) => number } };
    const call = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)');
    trim = () => call(0) === 1;
  } catch {
    trim = null;
  }
  return trim;
}
