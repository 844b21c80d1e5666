// A parcel's documents on the owner's order screen: its invoice (a link to it), or that it waits.
import { Link } from 'react-router';
import type { Shipment } from '@atelier/contract';
import { useTranslation } from '../../i18n/react.tsx';

export function ParcelDocuments({ shipment }: { shipment: Shipment }) {
  const { t } = useTranslation();
  return shipment.invoice ? (
    <Link to={`/admin/invoices/${shipment.invoice.id}`} data-testid="parcel-invoice">
      {t('invoices.orderInvoice', { number: shipment.invoice.number })}
    </Link>
  ) : (
    <span className="field__hint">{t('order.parcelNoInvoice')}</span>
  );
}
