/** The carriers the label ships with (issue 45 item 4), each with where its parcels are followed. */
export const CARRIERS = ['colissimo', 'chronopost', 'dhl', 'ups', 'dpd', 'gls', 'mondialRelay'] as const;
export type Carrier = (typeof CARRIERS)[number];

/** Their names, the same in every language (another carrier is stored as the name typed). */
export const CARRIER_NAMES: Record<Carrier, string> = {
  colissimo: 'Colissimo',
  chronopost: 'Chronopost',
  dhl: 'DHL Express',
  ups: 'UPS',
  dpd: 'DPD',
  gls: 'GLS',
  mondialRelay: 'Mondial Relay',
};

const TRACKING: Record<Carrier, string> = {
  colissimo: 'https://www.laposte.fr/outils/suivre-vos-envois?code={tracking}',
  chronopost: 'https://www.chronopost.fr/tracking-no-cms/suivi-page?listeNumerosLT={tracking}',
  dhl: 'https://www.dhl.com/fr-en/home/tracking/tracking-express.html?tracking-id={tracking}',
  ups: 'https://www.ups.com/track?tracknum={tracking}',
  dpd: 'https://trace.dpd.fr/fr/trace/{tracking}',
  gls: 'https://gls-group.com/FR/fr/suivi-colis?match={tracking}',
  mondialRelay: 'https://www.mondialrelay.fr/suivi-de-colis/?NumeroExpedition={tracking}',
};

/** The known carrier a stored value names: its code, or its name as typed (any case). */
export function carrierOf(carrier: string | null): Carrier | null {
  const value = carrier?.trim().toLowerCase();
  if (!value) return null;
  return CARRIERS.find((code) => code.toLowerCase() === value || CARRIER_NAMES[code].toLowerCase() === value) ?? null;
}

/** A carrier as people read it: a known one's name, else what was typed. */
export const carrierName = (carrier: string | null): string | null => {
  const code = carrierOf(carrier);
  return code ? CARRIER_NAMES[code] : carrier;
};

/** Where a parcel is followed: the known carrier's page for its tracking number, else null. */
export function trackingUrl(carrier: string | null, tracking: string | null): string | null {
  const code = carrierOf(carrier);
  if (!code || !tracking?.trim()) return null;
  return TRACKING[code].replace('{tracking}', encodeURIComponent(tracking.trim()));
}
