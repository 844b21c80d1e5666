import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** An S3-compatible server (s3rver) on a free loopback port with one empty bucket. */
export interface S3Process {
  endpoint: string;
  bucket: string;
  /** The settings an instance needs to keep its uploads there. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startS3(bucket = 'media'): Promise<S3Process> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = (await server.run()) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    // s3rver's own key pair.
    env: { S3_BUCKET: bucket, S3_REGION: 'us-east-1', S3_ENDPOINT: endpoint, AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' },
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
