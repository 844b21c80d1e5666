import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { AdminProduct } from '@atelier/contract';
import type { Route } from './+types/preview';
import { FormMessage } from '../../components/Field.tsx';
import { ProductView } from '../../components/ProductView.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { SessionExpiredError, errorMessage } from '../../lib/api.ts';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useSession } from '../../lib/session.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'admin.preview.title', noindex: true });

/** The product page as visitors will see it, drafts included: only the back-office can open it. */
export default function AdminPreview() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const navigate = useNavigate();
  const { productId = '' } = useParams();
  const [product, setProduct] = useState<AdminProduct | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setProduct(null);
    setError(null);
    if (!/^\d{1,10}$/.test(productId)) return setError(t('product.error'));
    api('GET /admin/products/:id', { params: { id: productId! }, lang })
      .then(setProduct)
      .catch((e: unknown) => {
        if (e instanceof SessionExpiredError) return void navigate('/login', { replace: true });
        setError(errorMessage(e, t('product.error')));
      });
  }, [api, productId, lang, navigate, t]);

  return (
    <div className="preview">
      <div className="preview__banner" role="note">
        <p>
          {product?.status === 'draft' ? t('admin.preview.draft') : t('admin.preview.published')}{' '}
          <Link to={`/admin/products?edit=${productId}`}>{t('admin.preview.back')}</Link>
        </p>
      </div>
      {error && <FormMessage kind="error">{error}</FormMessage>}
      {!product && !error && <p role="status">{t('common.loading')}</p>}
      {product && <ProductView product={product} similar={[]} preview />}
    </div>
  );
}
