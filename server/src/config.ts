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
  MAIL_FROM: optionalString,
  SEED: z.enum(['demo', 'none']).default('demo'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  LOGIN_MAX_PER_IP: z.coerce.number().int().min(1).default(30),
  LOGIN_MAX_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /** How long an anonymous page render is reused (0: render every request). */
  PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
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
  const publicUrl = (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/+$/, '');
  return { ...value, PUBLIC_URL: publicUrl, dataDir: path.resolve(value.DATA_DIR) };
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
