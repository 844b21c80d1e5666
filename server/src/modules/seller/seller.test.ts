import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isIban, isSiren, isSiret, luhn, type InvoicingSettingsInputRaw } from '@atelier/contract';
import { ADMIN, DIALECTS, RETAILER, createTestContext, type TestContext } from '../../../test/helpers.ts';
import { legalIdentity } from '../../../test/fixtures.ts';

describe('invoicing checks', () => {
  it('checks SIREN and SIRET keys (Luhn, La Poste apart) and IBAN check digits (mod 97)', () => {
    expect(luhn('732829320')).toBe(true);
    expect(isSiren('732829320')).toBe(true);
    expect(isSiren('732829321')).toBe(false);
    expect(isSiret('73282932000074')).toBe(true);
    expect(isSiret('73282932000075')).toBe(false);
    expect(isSiret('35600000000047')).toBe(true); // La Poste: digits sum to a multiple of 5
    expect(isIban('FR7630006000011234567890189')).toBe(true);
    expect(isIban('FR7630006000011234567890188')).toBe(false);
    expect(isIban('BE68539007547034')).toBe(true);
    expect(isIban('FR76300060000112345678901')).toBe(false); // a French IBAN is 27 characters
  });
});

describe.each(DIALECTS)('the label’s legal identity on %s', (dialect) => {
  let t: TestContext;
  let admin: string;
  const put = (body: unknown, lang = 'en') =>
    t.app.inject({ method: 'PUT', url: `/api/admin/invoicing/settings?lang=${lang}`, payload: body as object, headers: t.auth(admin) });
  beforeAll(async () => {
    t = await createTestContext(dialect);
    admin = await t.login(ADMIN.email, ADMIN.password);
  });
  afterAll(() => t.close());

  it('starts unconfigured, saves the identity normalised, and the activity log says who', async () => {
    const empty = await t.app.inject({ method: 'GET', url: '/api/admin/invoicing/settings', headers: t.auth(admin) });
    expect(empty.json()).toEqual({ configured: false, settings: null, updatedAt: null });
    const saved = await put(legalIdentity());
    expect(saved.statusCode).toBe(200);
    expect(saved.headers['cache-control']).toBe('private, no-store');
    expect(saved.json().settings).toMatchObject({
      siren: '732829320',
      siret: '73282932000074',
      vatNumber: 'FR44732829320',
      iban: 'FR7630006000011234567890189',
      bic: 'AGRIFRPP',
      address: { country: 'FR', line2: '' },
    });
    const log = await t.app.inject({ method: 'GET', url: '/api/admin/activity?kind=invoicing', headers: t.auth(admin) });
    expect(log.json().data[0]).toMatchObject({ kind: 'invoicing', action: 'save', subject: 'Maison Solène', by: ADMIN.email });
  });

  it('refuses each bad setting with its sentence in both languages, and changes nothing', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/admin/invoicing/settings', headers: t.auth(admin) })).json();
    const cases: Array<[Partial<InvoicingSettingsInputRaw>, string, string]> = [
      [{ siren: '732829321' }, 'The SIREN is 9 digits whose key is right (Luhn).', 'Le SIREN compte 9 chiffres dont la clé est juste (Luhn).'],
      [
        { siret: '73282932000075' },
        'The SIRET is 14 digits whose key is right (Luhn) and which start with the SIREN.',
        'Le SIRET compte 14 chiffres dont la clé est juste (Luhn) et qui commencent par le SIREN.',
      ],
      [
        { siret: '35600000000047' },
        'The SIRET is 14 digits whose key is right (Luhn) and which start with the SIREN.',
        'Le SIRET compte 14 chiffres dont la clé est juste (Luhn) et qui commencent par le SIREN.',
      ],
      [
        { vatNumber: 'FR45732829320' },
        'This VAT number is not valid (for France: FR, its key and the SIREN).',
        'Ce numéro de TVA n’est pas valide (pour la France : FR, sa clé et le SIREN).',
      ],
      [
        { iban: 'FR7630006000011234567890188' },
        'This IBAN is not valid (its check digits do not match).',
        'Cet IBAN n’est pas valide (sa clé de contrôle ne correspond pas).',
      ],
      [{ bic: 'AGRI' }, 'A BIC is 8 or 11 letters and digits, like BNPAFRPPXXX.', 'Un BIC compte 8 ou 11 lettres et chiffres, comme BNPAFRPPXXX.'],
      [
        { invoicePrefix: 'F 2027' },
        'A number prefix is 1 to 20 letters, digits or + - _ / (the whole number stays within 35 characters).',
        'Un préfixe de numéro compte 1 à 20 lettres, chiffres ou + - _ / (le numéro entier reste sous 35 caractères).',
      ],
      [{ creditNotePrefix: 'F' }, 'Invoices and credit notes need two different prefixes.', 'Les factures et les avoirs demandent deux préfixes différents.'],
      [
        { paymentDays: 61 },
        'Payment terms are 0 to 60 days (45 at most from the end of the month).',
        'Le délai de paiement va de 0 à 60 jours (45 au plus en fin de mois).',
      ],
      [
        { paymentDays: 50, endOfMonth: true },
        'Payment terms are 0 to 60 days (45 at most from the end of the month).',
        'Le délai de paiement va de 0 à 60 jours (45 au plus en fin de mois).',
      ],
      [
        { penaltyRate: 12.155 },
        'The late-payment penalty rate is a percentage from 0 to 100, with 2 decimals at most.',
        'Le taux des pénalités de retard est un pourcentage de 0 à 100, avec 2 décimales au plus.',
      ],
      [
        { earlyPaymentDiscount: { rate: 0, days: 10 } },
        'An early-payment discount is a rate from 0.01 to 100 % with the days it applies within, or none.',
        'Un escompte pour paiement anticipé est un taux de 0,01 à 100 % avec le délai où il s’applique, ou aucun.',
      ],
      [
        { address: { line1: '', postcode: '34000', town: 'Montpellier', country: 'FR' } },
        'The address needs a first line, a postcode, a town and a country (2 letters, like FR).',
        'L’adresse demande une première ligne, un code postal, une ville et un pays (2 lettres, comme FR).',
      ],
    ];
    for (const [bad, en, fr] of cases) {
      const res = await put(legalIdentity(bad));
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error, JSON.stringify(bad)).toContain(en);
      expect((await put(legalIdentity(bad), 'fr')).json().error).toContain(fr);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/invoicing/settings', headers: t.auth(admin) })).json()).toEqual(before);
  });

  it('is the owner’s only', async () => {
    const shop = await t.login(RETAILER.email, RETAILER.password);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/invoicing/settings' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/invoicing/settings', headers: t.auth(shop) })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/admin/invoicing/settings', headers: t.auth(shop), payload: legalIdentity() as object })).statusCode,
    ).toBe(403);
  });
});
