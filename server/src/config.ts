import path from 'node:path';
import type { Brand } from '@atelier/contract';
import { z } from 'zod';

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const url = (protocols: RegExp) =>
  optionalString.refine((v) => v === undefined || (URL.canParse(v) && protocols.test(new URL(v).protocol)), {
    error: 'must be a valid URL',
  });

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PUBLIC_URL: url(/^https?:$/),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: url(/^postgres(ql)?:$/),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString,
  SMTP_URL: url(/^smtps?:$/),
  /** Shared sign-in and form limits, and cache invalidation across instances. */
  REDIS_URL: url(/^rediss?:$/),
  /** Uploads in an S3-compatible bucket (credentials: AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY). */
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ENDPOINT: url(/^https?:$/),
  /** Where browsers fetch uploads from when a CDN fronts the bucket (/uploads/* redirects there). */
  MEDIA_PUBLIC_URL: url(/^https?:$/),
  /** GET /metrics answers only with `Authorization: Bearer <METRICS_TOKEN>` (off when unset). */
  METRICS_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 16, { error: 'must be at least 16 characters' }),
  MAIL_FROM: optionalString,
  /** Tests only: outgoing calls (webhooks, the e-invoicing platform) may go to 127.0.0.0/8 and ::1. Private networks stay refused. */
  OUTBOUND_ALLOW_LOOPBACK: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** A PEM file of extra certificate authorities trusted by outgoing calls, beside the system's. */
  OUTBOUND_CA_FILE: optionalString,
  SEED: z.enum(['demo', 'none']).default('demo'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  LOGIN_MAX_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_MAX_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /** Second-step answers (authenticator codes, recovery codes, passkeys) per account per window: a budget of its own. */
  MFA_MAX_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  /** `admin`: administrators must add a second factor (a passkey or an authenticator app) before the back-office opens. */
  MFA_REQUIRED: z
    .enum(['admin', 'none', ''])
    .default('none')
    .transform((v) => (v === 'admin' ? 'admin' : 'none')),
  /** How long an anonymous page render is reused (0: render every request). */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Days after a parcel left within which a shop may return pieces of it (a faulty piece: any time); issue 45. */
  RETURN_WINDOW_DAYS: z.coerce.number().int().min(0).max(365).default(30),
  /** Credit control (issue 47): an order from a company with an invoice unpaid this many days past its due date goes to review. */
  REVIEW_OVERDUE_DAYS: z.coerce.number().int().min(0).max(365).default(15),
  /** Hours pieces that came back are held for the first shop waiting for them (issue 58). */
  WAITLIST_HOLD_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(48),
  SHARED_CACHE_SECONDS: z.coerce.number().int().min(0).max(30).default(30),
  /** SQLite's page cache, in MB (the embedded database only). */
  SQLITE_CACHE_MB: z.coerce.number().int().min(1).max(1024).default(4),
  CONTACT_RETENTION_DAYS: z.coerce.number().int().min(1).default(365),
  FORMS_MAX_PER_IP: z.coerce.number().int().min(1).default(5),
  FORMS_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /** Internal: baseline routes for `npm run bench` (never in production). */
  BENCH_ROUTES: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  BRAND_NAME: z.string().trim().min(1).default('Maison Solène'),
  BRAND_EMAIL: z.email().default('bonjour@maison-solene.example'),
  BRAND_LEGAL_ENTITY: z.string().trim().min(1).default('Maison Solène SAS'),
  BRAND_ADDRESS: z.string().trim().min(1).default('12 rue des Tisserands, 34000 Montpellier, France'),
  SOCIAL_INSTAGRAM_URL: z.url().default('https://www.instagram.com/'),
  SOCIAL_PINTEREST_URL: z.url().default('https://www.pinterest.com/'),
  SOCIAL_LINKEDIN_URL: z.url().default('https://www.linkedin.com/'),
});

export type Config = Omit<z.infer<typeof schema>, 'PUBLIC_URL'> & {
  PUBLIC_URL: string;
  /** AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY when both are set (else the SDK's own chain: instance role, profile). */
  s3Credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Absolute data directory. */
  dataDir: string;
};

export class ConfigError extends Error {}

/** Validates the environment; a bad value throws one line naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}`.replace(/\s+/g, ' '));
  }
  const value = parsed.data;
  if (value.ADMIN_EMAIL && !value.ADMIN_PASSWORD) {
    throw new ConfigError('Invalid configuration: ADMIN_PASSWORD is required when ADMIN_EMAIL is set');
  }
  // Half an S3 configuration would quietly write uploads to the local disk of one instance.
  const s3 = { S3_BUCKET: value.S3_BUCKET, S3_REGION: value.S3_REGION, S3_ENDPOINT: value.S3_ENDPOINT, MEDIA_PUBLIC_URL: value.MEDIA_PUBLIC_URL };
  if (Object.values(s3).some(Boolean)) {
    for (const name of ['S3_BUCKET', 'S3_REGION'] as const) {
      if (!s3[name]) throw new ConfigError(`Invalid configuration: ${name} is required when the S3 settings are used`);
    }
    const keyId = env.AWS_ACCESS_KEY_ID?.trim();
    const secret = env.AWS_SECRET_ACCESS_KEY?.trim();
    if (Boolean(keyId) !== Boolean(secret)) {
      throw new ConfigError(
        `Invalid configuration: ${keyId ? 'AWS_SECRET_ACCESS_KEY' : 'AWS_ACCESS_KEY_ID'} is required with ${keyId ? 'AWS_ACCESS_KEY_ID' : 'AWS_SECRET_ACCESS_KEY'}`,
      );
    }
  }
  const publicUrl = (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/+$/, '');
  const accessKeyId = env.AWS_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY?.trim();
  return {
    ...value,
    PUBLIC_URL: publicUrl,
    dataDir: path.resolve(value.DATA_DIR),
    ...(accessKeyId && secretAccessKey ? { s3Credentials: { accessKeyId, secretAccessKey } } : {}),
  };
}

/** The brand details the web pages need (never secrets). */
export function publicBrand(config: Config): Brand {
  return {
    name: config.BRAND_NAME,
    email: config.BRAND_EMAIL,
    legalEntity: config.BRAND_LEGAL_ENTITY,
    address: config.BRAND_ADDRESS,
    social: {
      instagram: config.SOCIAL_INSTAGRAM_URL,
      pinterest: config.SOCIAL_PINTEREST_URL,
      linkedin: config.SOCIAL_LINKEDIN_URL,
    },
    publicUrl: config.PUBLIC_URL,
  };
}
