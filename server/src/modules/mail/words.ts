import type { Locale } from '@atelier/contract';
import type { MailWords } from './words/types.ts';

export type { MailWording, MailWords, OrderChange, SecurityEvent } from './words/types.ts';
import { MAIL_EN } from './words/en.ts';
import { MAIL_FR } from './words/fr.ts';

export const MAIL_WORDS: Record<Locale, MailWords> = { en: MAIL_EN, fr: MAIL_FR };
