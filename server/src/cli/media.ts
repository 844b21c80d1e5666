// npm run media -- migrate   copies DATA_DIR/uploads into the bucket (S3_BUCKET…); run it again: it copies only what is missing
import { errorText } from '../lib/http-errors.ts';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { DiskStore, S3Store, createMediaStore } from '../modules/media/store.ts';

export interface MigrateReport {
  copied: number;
  kept: number;
  bucket: string;
}

/** Every upload on disk that the bucket lacks is put there (same name, same bytes, immutable). */
export async function migrateMedia(config: Config, progress: (line: string) => void = () => {}): Promise<MigrateReport> {
  const bucket = createMediaStore(config);
  if (!(bucket instanceof S3Store)) {
    throw new ConfigError(
      'npm run media -- migrate copies DATA_DIR/uploads into a bucket: set S3_BUCKET and S3_REGION (S3_ENDPOINT for a provider other than AWS) first.',
    );
  }
  try {
    const there = new Set<string>();
    for await (const name of bucket.names()) there.add(name);
    const disk = new DiskStore(path.join(config.dataDir, 'uploads'));
    const report: MigrateReport = { copied: 0, kept: 0, bucket: bucket.bucket };
    for await (const name of disk.names()) {
      if (there.has(name)) {
        report.kept += 1;
        continue;
      }
      const bytes = await disk.read(name);
      if (!bytes) continue;
      await bucket.put(name, bytes);
      report.copied += 1;
      if (report.copied % 100 === 0) progress(`${report.copied} copied…`);
    }
    return report;
  } finally {
    bucket.destroy();
  }
}

if (import.meta.main) {
  const [command] = process.argv.slice(2);
  let code = 0;
  try {
    if (command !== 'migrate') throw new ConfigError('Usage: npm run media -- migrate');
    const config = loadConfig(process.env);
    const report = await migrateMedia(config, (line) => console.log(line));
    console.log(`${report.copied} files copied into the bucket ${report.bucket}, ${report.kept} already there.`);
  } catch (err) {
    console.error(errorText(err));
    code = 1;
  }
  process.exit(code);
}
