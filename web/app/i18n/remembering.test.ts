import { describe, expect, it } from 'vitest';
import { createI18n, rememberingT } from './index.ts';

const strings = {
  greeting: 'Bonjour {{name}}',
  colourCount_one: '{{count}} couleur',
  colourCount_other: '{{count}} couleurs',
  plain: 'Collection',
};

describe('the remembering translator', () => {
  it('answers what i18next answers: plain keys, plurals, interpolation, missing keys', () => {
    const i18n = createI18n('fr', strings);
    const t = rememberingT(i18n, 'fr');
    for (let round = 0; round < 2; round += 1) {
      expect(t('plain')).toBe('Collection');
      expect(t('colourCount', { count: 1 })).toBe('1 couleur');
      expect(t('colourCount', { count: 3 })).toBe('3 couleurs');
      expect(t('greeting', { name: 'Léa' })).toBe('Bonjour Léa');
      expect(t('greeting', { name: 'Jo' })).toBe('Bonjour Jo');
      expect(t('admin.title')).toBe('admin.title');
    }
  });

  it('sees strings added later (the back-office bundle arriving on the client)', () => {
    const i18n = createI18n('fr', strings);
    const t = rememberingT(i18n, 'fr');
    expect(t('admin.title')).toBe('admin.title');
    i18n.addResourceBundle('fr', 'translation', { admin: { title: 'Back-office' } }, true, true);
    expect(t('admin.title')).toBe('Back-office');
  });

  it('passes options it cannot key (objects, returnObjects) straight to i18next', () => {
    const i18n = createI18n('fr', { list: { a: 'A', b: 'B' }, who: '{{person.name}}' });
    const t = rememberingT(i18n, 'fr');
    expect(t('list', { returnObjects: true })).toEqual({ a: 'A', b: 'B' });
    expect(t('who', { person: { name: 'Ana' } })).toBe('Ana');
    expect(t('who', { person: { name: 'Bo' } })).toBe('Bo');
  });
});
