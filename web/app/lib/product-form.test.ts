import { describe, expect, it } from 'vitest';
import { productInput } from '@atelier/contract';
import { acceptPrice, addToGallery, emptyForm, moveVariant, toPayload, toggleSize, validateForm } from './product-form.ts';

describe('product form rules (§5)', () => {
  it('accepts digits with one comma or dot and at most 2 decimals; the comma becomes a dot', () => {
    expect(acceptPrice('12')).toBe('12');
    expect(acceptPrice('12,5')).toBe('12.5');
    expect(acceptPrice('12.50')).toBe('12.50');
    expect(acceptPrice('')).toBe('');
    expect(acceptPrice('12.555')).toBeNull();
    expect(acceptPrice('-1')).toBeNull();
    expect(acceptPrice('1e3')).toBeNull();
    expect(acceptPrice('12,5,1')).toBeNull();
  });

  it('unchecking the last size resets to S; sizes keep their order', () => {
    expect(toggleSize(['S'], 'S')).toEqual(['S']);
    expect(toggleSize(['M'], 'M')).toEqual(['S']);
    expect(toggleSize(['L'], 'XS')).toEqual(['XS', 'L']);
    expect(toggleSize(['XS', 'L'], 'XS')).toEqual(['L']);
  });

  it('keeps at most 4 gallery images, without duplicates, and counts the refused ones', () => {
    expect(addToGallery(['a', 'b'], ['b', 'c'])).toEqual({ gallery: ['a', 'b', 'c'], refused: 0 });
    expect(addToGallery(['a', 'b', 'c'], ['d', 'e', 'f'])).toEqual({ gallery: ['a', 'b', 'c', 'd'], refused: 2 });
  });

  it('moves a variant within bounds only', () => {
    expect(moveVariant(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveVariant(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
    expect(moveVariant(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveVariant(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
  });

  it('reports every missing field of an empty form', () => {
    const keys = validateForm(emptyForm()).map((e) => e.key);
    expect(keys).toEqual([
      'titleRequired',
      'descriptionRequired',
      'titleRequired',
      'descriptionRequired',
      'colorNameRequired',
      'colorNameRequired',
      'variantImageRequired',
      'priceRequired',
    ]);
    expect(validateForm({ ...emptyForm(), variants: [] }).map((e) => e.key)).toContain('variantMinError');
  });

  it('builds the §7 payload that the contract schema accepts', () => {
    const form = emptyForm();
    form.texts.fr = { title: ' Robe ', description: 'Lin', mantra: '  ' };
    form.texts.en = { title: 'Dress', description: 'Linen', mantra: 'Slow' };
    form.variants[0] = { ...form.variants[0]!, imageUrl: '/uploads/abcdefabcdefabcdefabcdef-10x10.webp', price: '12.5', names: { fr: 'Ocre', en: 'Ochre' } };
    expect(validateForm(form)).toEqual([]);
    const payload = toPayload(form);
    expect(payload.translations[0]).toEqual({ locale: 'fr', title: 'Robe', description: 'Lin', mantra: null });
    expect(payload.variants[0]).toMatchObject({ colorCode: null, price: 12.5, position: 0, sizes: ['S'] });
    expect(productInput.safeParse(payload).success).toBe(true);
  });

  it('style reference and recommended retail price: optional, checked, sent as null when empty', () => {
    const form = emptyForm();
    form.texts.fr = { title: 'Robe', description: 'Une robe', mantra: '' };
    form.texts.en = { title: 'Dress', description: 'A dress', mantra: '' };
    form.variants[0] = { ...form.variants[0]!, imageUrl: '/uploads/aaaaaaaaaaaaaaaaaaaaaaaa-1200x1500.webp', price: '80', names: { fr: 'Ocre', en: 'Ochre' } };
    expect(validateForm(form)).toEqual([]);
    expect(toPayload(form)).toMatchObject({ reference: null, variants: [{ retailPrice: null }] });

    form.reference = ' ms27-robe ';
    form.variants[0]!.retailPrice = '185.00';
    expect(validateForm(form)).toEqual([]);
    const payload = productInput.parse(toPayload(form));
    expect(payload.reference).toBe('MS27-ROBE');
    expect(payload.variants[0]!.retailPrice).toBe(185);

    form.reference = 'MS 27';
    form.variants[0]!.retailPrice = '79.99';
    expect(validateForm(form)).toEqual([{ key: 'referenceInvalid' }, { key: 'retailPriceInvalid', variant: 0 }]);
  });
});
