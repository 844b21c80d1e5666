import { useState } from 'react';
import type { Locale, NewShopInput, ShowroomSnapshot } from '@atelier/contract';
import { useTranslation } from '../../i18n/react.tsx';
import { EMPTY_SHOP } from './lines.ts';

/** Who the order is for: an approved shop found by name or town, or a new shop's details (it becomes an application). */
export function ShopPicker({
  retailers,
  retailerId,
  onRetailer,
  doorId,
  onDoor,
  newShop,
  onNewShop,
  lang,
}: {
  retailers: ShowroomSnapshot['stockists'];
  retailerId: number | null;
  onRetailer: (id: number | null) => void;
  doorId: number | null;
  onDoor: (id: number | null) => void;
  newShop: NewShopInput | null;
  onNewShop: (shop: NewShopInput | null) => void;
  lang: Locale;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  // Found by its name, its town or any of its doors' (a group is found from any of its shops).
  const shops = retailers.filter(
    (s) => !search || `${s.name} ${s.town ?? ''} ${(s.doors ?? []).map((d) => `${d.name} ${d.town}`).join(' ')}`.toLowerCase().includes(search.toLowerCase()),
  );
  const doors = retailers.find((s) => s.id === retailerId)?.doors ?? [];
  return (
    <fieldset className="showroom__shop">
      <legend>{t('admin.showroom.shop')}</legend>
      {newShop ? (
        <NewShopFields shop={newShop} onChange={onNewShop} />
      ) : (
        <>
          <label>
            {t('admin.showroom.searchShop')}
            <input type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
          </label>
          <ul className="showroom__shops">
            {shops.slice(0, 12).map((s) => (
              <li key={s.id}>
                <button type="button" aria-pressed={retailerId === s.id} onClick={() => onRetailer(s.id)}>
                  {s.name}
                  {s.town ? ` · ${s.town}` : ''}
                </button>
              </li>
            ))}
          </ul>
          {doors.length > 1 ? <DoorChoice doors={doors} doorId={doorId} onDoor={onDoor} /> : null}
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              onRetailer(null);
              onNewShop({ ...EMPTY_SHOP, locale: lang });
            }}
          >
            {t('admin.showroom.newShop')}
          </button>
        </>
      )}
    </fieldset>
  );
}

/** The door of a company with several: the order goes to one of them (issue 46). */
function DoorChoice({
  doors,
  doorId,
  onDoor,
}: {
  doors: NonNullable<ShowroomSnapshot['stockists'][number]['doors']>;
  doorId: number | null;
  onDoor: (id: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <fieldset className="showroom__doors">
      <legend>{t('admin.showroom.door')}</legend>
      {doors.map((d) => (
        <label key={d.id} className="showroom__door">
          <input type="radio" name="showroom-door" checked={doorId === d.id} onChange={() => onDoor(d.id)} />
          {d.name} · {d.town}
        </label>
      ))}
    </fieldset>
  );
}

/** A shop met at the show: its company, contact, address and numbers. */
function NewShopFields({ shop, onChange }: { shop: NewShopInput; onChange: (shop: NewShopInput | null) => void }) {
  const { t } = useTranslation();
  return (
    <div className="showroom__newshop">
      {(
        [
          ['companyName', 'company', 'organization'],
          ['contactName', 'contact', 'name'],
          ['email', 'email', 'email'],
          ['phone', 'phone', 'tel'],
        ] as const
      ).map(([field, label, auto]) => (
        <label key={field}>
          {t(`admin.showroom.${label}`)}
          <input value={shop[field] ?? ''} autoComplete={auto} onChange={(e) => onChange({ ...shop, [field]: e.target.value })} />
        </label>
      ))}
      {(
        [
          ['line1', 'line1'],
          ['postcode', 'postcode'],
          ['town', 'town'],
          ['country', 'country'],
        ] as const
      ).map(([field, label]) => (
        <label key={field}>
          {t(`admin.showroom.${label}`)}
          <input value={shop.address[field] ?? ''} onChange={(e) => onChange({ ...shop, address: { ...shop.address, [field]: e.target.value } })} />
        </label>
      ))}
      <label>
        {t('admin.showroom.vat')}
        <input value={shop.vatNumber ?? ''} onChange={(e) => onChange({ ...shop, vatNumber: e.target.value })} />
      </label>
      <label>
        {t('admin.showroom.siret')}
        <input value={shop.siret ?? ''} inputMode="numeric" onChange={(e) => onChange({ ...shop, siret: e.target.value })} />
      </label>
      <button type="button" className="button button--small" onClick={() => onChange(null)}>
        {t('admin.showroom.chooseShop')}
      </button>
    </div>
  );
}
