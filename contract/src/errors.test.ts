import { describe, expect, it } from 'vitest';
import { API_ERRORS, localizeMessage } from './errors.ts';

describe('API messages', () => {
  it('every catalogued error has a French version that differs from the English one', () => {
    for (const message of Object.values(API_ERRORS)) {
      const fr = localizeMessage(message, 'fr');
      expect(fr.length).toBeGreaterThan(0);
      expect(fr, message).not.toBe(message);
      expect(localizeMessage(message, 'en')).toBe(message);
    }
  });

  it('leaves an unknown sentence unchanged', () => {
    expect(localizeMessage('Something else', 'fr')).toBe('Something else');
  });
});

describe('seasons and stock messages', () => {
  it('every sentence the seasons and stock API sends has a French version', async () => {
    const { SEASON_MESSAGES } = await import('./seasons.ts');
    for (const message of Object.values(SEASON_MESSAGES)) expect(localizeMessage(message, 'fr'), message).not.toBe(message);
    const { SECURITY_MESSAGES } = await import('./security.ts');
    for (const message of Object.values(SECURITY_MESSAGES)) expect(localizeMessage(message, 'fr'), message).not.toBe(message);
    const { PRODUCTION_MESSAGES } = await import('./production.ts');
    for (const message of Object.values(PRODUCTION_MESSAGES)) expect(localizeMessage(message, 'fr'), message).not.toBe(message);
    const { TERMS_MESSAGES } = await import('./terms.ts');
    for (const message of Object.values(TERMS_MESSAGES)) expect(localizeMessage(message, 'fr'), message).not.toBe(message);
    const { COMPANY_MESSAGES } = await import('./companies.ts');
    for (const message of Object.values(COMPANY_MESSAGES)) expect(localizeMessage(message, 'fr'), message).not.toBe(message);
    const { AGENT_MESSAGES } = await import('./agents.ts');
    for (const message of Object.values(AGENT_MESSAGES)) expect(localizeMessage(message, 'fr'), message).not.toBe(message);
    const { EINVOICING_MESSAGES } = await import('./approved-platform.ts');
    for (const message of Object.values(EINVOICING_MESSAGES)) expect(localizeMessage(message, 'fr'), message).not.toBe(message);
    const { WEBHOOK_MESSAGES } = await import('./webhooks.ts');
    for (const message of Object.values(WEBHOOK_MESSAGES)) expect(localizeMessage(message, 'fr'), message).not.toBe(message);
    const { INVOICING_MESSAGES } = await import('./seller.ts');
    for (const message of Object.values(INVOICING_MESSAGES)) expect(localizeMessage(message, 'fr'), message).not.toBe(message);
  });
});
