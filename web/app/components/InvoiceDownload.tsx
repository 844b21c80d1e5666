// A button that downloads one of the shop's invoices as its PDF (its order page, each parcel's invoice).
import { useTranslation } from '../i18n/react.tsx';
import { downloadFile } from '../lib/download.ts';
import { useSession } from '../lib/session.tsx';

/** `short`: the visible word is "Download" and the number is in the accessible name; else the name is all visible. */
export function InvoiceDownload({
  invoice,
  short = false,
  onError,
}: {
  invoice: { id: number; number: string };
  short?: boolean;
  onError: (error: unknown) => void;
}) {
  const { t } = useTranslation();
  const { token, user } = useSession();
  // A buyer of a company does not see its invoices (issue 46): the server refuses them, the button is not shown.
  if (user?.company?.role === 'buyer') return null;
  const name = t('invoices.downloadLabel', { number: invoice.number });
  return (
    <button
      type="button"
      className="button button--quiet button--small"
      {...(short ? { 'aria-label': name } : {})}
      onClick={() => token && downloadFile('GET /invoices/:id.pdf', { params: { id: invoice.id } }, token).catch(onError)}
    >
      {short ? t('invoices.download') : name}
    </button>
  );
}
