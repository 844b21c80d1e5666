import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.SEED).toBe('demo');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.PUBLIC_URL).toBe('http://localhost:3000');
    expect(config.dataDir).toMatch(/data$/);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PUBLIC_URL', 'not a url'],
    ['DATABASE_URL', 'mysql://x'],
    ['SMTP_URL', 'http://mail'],
    ['SEED', 'everything'],
    ['LOG_LEVEL', 'loud'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['BRAND_EMAIL', 'nope'],
    ['SOCIAL_INSTAGRAM_URL', 'instagram'],
    ['REDIS_URL', 'localhost:6379'],
    ['REDIS_URL', 'http://127.0.0.1:6379'],
    ['S3_ENDPOINT', 's3.example'],
    ['MEDIA_PUBLIC_URL', 'cdn'],
    ['METRICS_TOKEN', 'short'],
  ])('stops on a bad %s with one line naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value, ADMIN_PASSWORD: 'x' })).toThrow(new RegExp(`^Invalid configuration: ${name} `));
    try {
      loadConfig({ [name]: value, ADMIN_PASSWORD: 'x' });
    } catch (err) {
      expect((err as Error).message).not.toContain('\n');
    }
  });

  it.each([
    [{ S3_BUCKET: 'media' }, 'S3_REGION'],
    [{ S3_REGION: 'eu-west-3' }, 'S3_BUCKET'],
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_BUCKET'],
    [{ S3_BUCKET: 'media', S3_REGION: 'eu-west-3', AWS_ACCESS_KEY_ID: 'AKIA' }, 'AWS_SECRET_ACCESS_KEY'],
    [{ S3_BUCKET: 'media', S3_REGION: 'eu-west-3', AWS_SECRET_ACCESS_KEY: 'secret' }, 'AWS_ACCESS_KEY_ID'],
  ])('stops on half an S3 configuration, naming what is missing (%o)', (env, name) => {
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration: ${name} is required`));
  });

  it('takes a whole S3 configuration and a Redis URL', () => {
    const config = loadConfig({ S3_BUCKET: 'media', S3_REGION: 'eu-west-3', S3_ENDPOINT: 'http://127.0.0.1:9000', REDIS_URL: 'redis://127.0.0.1:6379/0' });
    expect(config.S3_BUCKET).toBe('media');
    expect(config.REDIS_URL).toBe('redis://127.0.0.1:6379/0');
  });

  it('needs ADMIN_PASSWORD with ADMIN_EMAIL', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'a@b.example' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('reads the example file as it is', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const text = fs.readFileSync(path.resolve(import.meta.dirname, '../../.env.example'), 'utf8');
    const env = Object.fromEntries(
      text
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    expect(() => loadConfig(env)).not.toThrow();
  });

  it('runs React in production mode when NODE_ENV is unset (npm start): main.ts sets it before React loads', () => {
    const main = fileURLToPath(new URL('./main.ts', import.meta.url));
    const script = `await import(${JSON.stringify(main)}); const react = await import('react'); console.log(process.env.NODE_ENV, typeof react.default.act);`;
    const env = { ...process.env };
    delete env.NODE_ENV;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], { env, encoding: 'utf8' }).trim();
    // React's production build has no act(); its development build does.
    expect(out).toBe('production undefined');
  });
});
