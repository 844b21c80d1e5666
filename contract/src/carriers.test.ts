import { describe, expect, it } from 'vitest';
import { CARRIERS, carrierName, carrierOf, trackingUrl } from './carriers.ts';

describe('carriers (issue 45 item 4)', () => {
  it('gives each known carrier a tracking page on its own site, the number escaped', () => {
    for (const carrier of CARRIERS) {
      const url = new URL(trackingUrl(carrier, 'AB 12/3')!);
      expect(url.protocol, carrier).toBe('https:');
      expect(url.href, carrier).toContain('AB%2012%2F3');
    }
    expect(trackingUrl('colissimo', '6A123')).toBe('https://www.laposte.fr/outils/suivre-vos-envois?code=6A123');
    expect(trackingUrl('ups', '1Z999')).toBe('https://www.ups.com/track?tracknum=1Z999');
  });

  it('knows a carrier by its code or its name in any case; another one, or no number, has no link', () => {
    expect(carrierOf('Colissimo')).toBe('colissimo');
    expect(carrierOf(' mondial relay ')).toBe('mondialRelay');
    expect(carrierOf('DHL Express')).toBe('dhl');
    expect(carrierOf('La navette')).toBeNull();
    expect(carrierName('gls')).toBe('GLS');
    expect(carrierName('La navette')).toBe('La navette');
    expect(carrierName(null)).toBeNull();
    expect(trackingUrl('La navette', 'N-7')).toBeNull();
    expect(trackingUrl('dpd', ' ')).toBeNull();
    expect(trackingUrl(null, '6A123')).toBeNull();
  });
});
