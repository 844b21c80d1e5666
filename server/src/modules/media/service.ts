import type { Kysely } from 'kysely';
import { uploadBase, type ImageMeta, type MediaMap } from '@atelier/contract';
import type { Database } from '../../db/schema.ts';
import { storeImage } from './images.ts';
import type { MediaStore } from './store.ts';
import { chunks } from '../../lib/chunks.ts';

/** Rows never change (a name is a content hash), so each process keeps what it has read. */
const REMEMBERED = 20_000;

/**
 * Uploads through the image pipeline, and what pages need to know of them: the placeholder and
 * the AVIF widths, recorded in `media` when the files are written.
 */
export class MediaService {
  private readonly known = new Map<string, ImageMeta>();
  private readonly db: Kysely<Database>;
  /** DATA_DIR/uploads, or the bucket (S3_BUCKET). */
  readonly files: MediaStore;

  constructor({ db, files }: { db: Kysely<Database>; files: MediaStore }) {
    this.db = db;
    this.files = files;
  }

  /** Stores the image's files, then its row (the same bytes twice: the same row, kept). Returns its URL. */
  async store(input: Buffer): Promise<string> {
    const image = await storeImage(this.files, input);
    await this.db
      .insertInto('media')
      .values({
        name: image.name,
        width: image.width,
        height: image.height,
        placeholder: image.placeholder,
        avif_widths: image.avifWidths.join(','),
        created_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    return image.url;
  }

  /** Placeholder and AVIF widths of the uploads among `urls` (others, and older uploads, are left out). */
  async describe(urls: Iterable<string>): Promise<MediaMap> {
    const wanted = new Map<string, string>();
    for (const url of urls) {
      const name = uploadBase(url);
      if (name) wanted.set(url, name);
    }
    const missing = [...new Set(wanted.values())].filter((name) => !this.known.has(name));
    for (const chunk of chunks(missing)) {
      const rows = await this.db.selectFrom('media').select(['name', 'placeholder', 'avif_widths']).where('name', 'in', chunk).execute();
      const found = new Map(rows.map((row) => [row.name, row]));
      if (this.known.size + chunk.length > REMEMBERED) this.known.clear();
      for (const name of chunk) {
        // An upload older than the media table has no row: asked again next time (it may get one).
        const row = found.get(name);
        if (!row) continue;
        this.known.set(name, {
          ...(row.placeholder ? { placeholder: row.placeholder } : {}),
          ...(row.avif_widths ? { avif: row.avif_widths.split(',').map(Number) } : {}),
        });
      }
    }
    const map: MediaMap = {};
    for (const [url, name] of wanted) {
      const meta = this.known.get(name);
      if (meta) map[url] = meta;
    }
    return map;
  }
}
