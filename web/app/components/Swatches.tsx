import { useTranslation } from '../i18n/react.tsx';
import type { PublicVariant } from '@atelier/contract';

/** §2: swatches deduplicated by colour code, else colour name, else id; the name is the accessible text. */
type Colour = Pick<PublicVariant, 'id' | 'colorName' | 'colorCode'>;

export function uniqueColours<V extends Colour>(variants: readonly V[]): V[] {
  const seen = new Set<string>();
  return variants.filter((v) => {
    const key = v.colorCode ? `code:${v.colorCode.toLowerCase()}` : v.colorName ? `name:${v.colorName.toLowerCase()}` : `id:${v.id}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export function Swatches({ variants }: { variants: readonly Colour[] }) {
  const { t } = useTranslation();
  const colours = uniqueColours(variants);
  return (
    <div className="swatches">
      <span className="swatches__count">{t('collection.colourCount', { count: colours.length })}</span>
      <ul className="swatches__list" aria-label={t('collection.colours')}>
        {colours.map((v) => (
          <li key={v.id} className="swatch" style={{ background: v.colorCode ?? 'transparent' }} title={v.colorName}>
            <span className="visually-hidden">{v.colorName}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
