import { describe, expect, it } from 'vitest';
import { editCookie, editedAt, pageUrl } from './web.ts';

describe('the URL a page is rendered and cached for', () => {
  it('keeps the path, the language and the reset token; drops what no page reads', () => {
    expect(pageUrl('/story')).toBe('/story');
    expect(pageUrl('/story?')).toBe('/story');
    expect(pageUrl('/collection/8?utm_source=ig&lang=en&fbclid=x')).toBe('/collection/8?lang=en');
    expect(pageUrl('/?v=123')).toBe('/');
    expect(pageUrl('/reset-password?token=a%2Bb&utm_medium=mail')).toBe('/reset-password?token=a%2Bb');
  });

  it("leaves React Router's data requests as they are (which loaders to run is in the query)", () => {
    expect(pageUrl('/collection/8.data?lang=en&_routes=routes%2Fproduct&utm_source=x')).toBe(
      '/collection/8.data?lang=en&_routes=routes%2Fproduct&utm_source=x',
    );
  });

  it("leaves React Router's route discovery as it is (the paths to discover are in the query)", () => {
    expect(pageUrl('/__manifest?p=%2Fcollection&p=%2Fstory&version=591e0ec5')).toBe('/__manifest?p=%2Fcollection&p=%2Fstory&version=591e0ec5');
  });

  it('keeps the first of repeated parameters, as the page reads it', () => {
    expect(pageUrl('/?lang=en&lang=fr')).toBe('/?lang=en');
  });
});

describe('the mark of a browser that just wrote', () => {
  it('is read back when recent, and ignored when old, from the future or not a number', () => {
    const now = Date.now();
    expect(editCookie(now, true)).toBe(`atelier_edit=${now}; Path=/; Max-Age=120; SameSite=Lax; HttpOnly; Secure`);
    expect(editedAt(`lang=fr; atelier_edit=${now - 1000}`, now)).toBe(now - 1000);
    expect(editedAt(`atelier_edit=${now - 121_000}`, now)).toBeUndefined();
    expect(editedAt(`atelier_edit=${now + 60_000}`, now)).toBeUndefined();
    expect(editedAt('atelier_edit=abc', now)).toBeUndefined();
    expect(editedAt('xatelier_edit=1', now)).toBeUndefined();
    expect(editedAt(undefined, now)).toBeUndefined();
  });
});
