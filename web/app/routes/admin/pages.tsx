import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { AdminPage, FaqContent, HomeContent, PageKey, RetailersContent, StoryContent } from '@atelier/contract';
import type { Route } from './+types/pages';
import { FormMessage } from '../../components/Field.tsx';
import { FaqEditor, HomeEditor, RetailersEditor, StoryEditor } from '../../components/admin/PageEditors.tsx';
import type { Pair } from '../../components/admin/Bilingual.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { ApiError, SessionExpiredError, errorMessage } from '../../lib/api.ts';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useSession } from '../../lib/session.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminPages', noindex: true });

const PAGES = ['home', 'story', 'faq', 'retailers'] as const;
const PUBLIC_PATH: Record<PageKey, string> = { home: '/', story: '/story', faq: '/faq', retailers: '/retailers' };
/** The server's limits (contract/src/pages.ts), as maxLength. */

type Content = HomeContent | StoryContent | FaqContent | RetailersContent;
type Message = { kind: 'success' | 'error'; text: string; stale?: boolean };

/** The first required text left empty, for the client's check before sending (the server checks again). */
function firstEmpty(page: PageKey, content: Content): string | null {
  const pairs: Array<[string, Pair]> = [];
  if (page === 'home') {
    const c = content as HomeContent;
    pairs.push(
      ['home-title', c.title],
      ['home-description', c.description],
      ['home-cta', c.cta],
      ...c.mantras.map((m, i): [string, Pair] => [`mantras-item-${i}`, m]),
    );
  } else if (page === 'story') {
    pairs.push(...(content as StoryContent).paragraphs.map((p, i): [string, Pair] => [`paragraphs-item-${i}`, p]));
  } else if (page === 'faq') {
    (content as FaqContent).items.forEach((item, i) => pairs.push([`faq-item-${i}-q`, item.question], [`faq-item-${i}-a`, item.answer]));
  } else {
    const c = content as RetailersContent;
    pairs.push(['retailers-intro', c.intro], ...c.benefits.map((b, i): [string, Pair] => [`benefits-item-${i}`, b]));
    c.shops.forEach((s, i) => pairs.push([`shops-item-${i}-description`, s.description]));
  }
  for (const [id, value] of pairs) {
    if (!value.fr.trim()) return `${id}-fr`;
    if (!value.en.trim()) return `${id}-en`;
  }
  return null;
}

/** The four pages the owner edits, the one open marked. */
function PageTabs({ page, onChoose }: { page: PageKey; onChoose: (page: PageKey) => void }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('admin.pages.choose')} className="tabs">
      {PAGES.map((key) => (
        <Link
          key={key}
          to={`/admin/pages?page=${key}`}
          className="tab"
          aria-current={key === page ? 'page' : undefined}
          onClick={(e) => {
            e.preventDefault();
            onChoose(key);
          }}
        >
          {t(`admin.pages.names.${key}`)}
        </Link>
      ))}
    </nav>
  );
}

/** What saving said: a stale page offers to load it again, a saved one links to the public page. */
function PageMessage({ message, page, onReload }: { message: Message; page: PageKey; onReload: () => void }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  return (
    <FormMessage kind={message.kind}>
      {message.text}{' '}
      {message.stale && (
        <button type="button" className="button button--quiet button--small" onClick={onReload}>
          {t('admin.pages.reload')}
        </button>
      )}
      {message.kind === 'success' && <Link to={`${PUBLIC_PATH[page]}?lang=${lang}`}>{t('admin.pages.view')}</Link>}
    </FormMessage>
  );
}

/** When the page was last saved, and by whom (none for the demo's texts). */
function LastSaved({ page }: { page: AdminPage }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const dateTime = (iso: string) =>
    new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return (
    <p className="field__hint">
      {page.updatedAt
        ? page.updatedBy
          ? t('admin.pages.lastSaved', { date: dateTime(page.updatedAt), by: page.updatedBy })
          : t('admin.pages.lastSavedDemo', { date: dateTime(page.updatedAt) })
        : t('admin.pages.neverSaved')}
    </p>
  );
}

export default function AdminPages() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page: PageKey = (PAGES as readonly string[]).includes(params.get('page') ?? '') ? (params.get('page') as PageKey) : 'home';
  const [loaded, setLoaded] = useState<AdminPage | null>(null);
  const [content, setContent] = useState<Content | null>(null);
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<Message | null>(null);
  const [invalid, setInvalid] = useState<string | null>(null);

  const fail = useCallback(
    (error: unknown, key: string) => {
      if (error instanceof SessionExpiredError) return void navigate('/login', { replace: true });
      setMessage({ kind: 'error', text: errorMessage(error, t(key)), stale: error instanceof ApiError && error.status === 409 });
    },
    [navigate, t],
  );

  const load = useCallback(
    (which: PageKey) => {
      setLoaded(null);
      setContent(null);
      api('GET /admin/pages/:page', { params: { page: which } })
        .then((data) => {
          setLoaded(data as AdminPage);
          setContent(data.content as Content);
        })
        .catch((error: unknown) => fail(error, 'admin.pages.loadError'));
    },
    [api, fail],
  );

  useEffect(() => {
    setMessage(null);
    load(page);
  }, [page, load]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!content || !loaded) return;
    setMessage(null);
    const empty = firstEmpty(page, content);
    setInvalid(empty);
    if (empty) {
      setMessage({ kind: 'error', text: t('admin.pages.errors.required') });
      document.getElementById(empty)?.focus();
      return;
    }
    setSaving(true);
    try {
      const saved = await api('PUT /admin/pages/:page', { params: { page }, lang, body: { version: loaded.version, content } });
      setLoaded(saved as AdminPage);
      setContent(saved.content as Content);
      setMessage({ kind: 'success', text: t('admin.pages.saved') });
    } catch (error) {
      fail(error, 'admin.pages.saveError');
    } finally {
      setSaving(false);
    }
  }

  const refuse = (key: string) => () => setMessage({ kind: 'error', text: t(key) });
  const errorOf = (id: string) => (invalid?.startsWith(`${id}-`) ? t('admin.pages.errors.required') : undefined);

  return (
    <div className="admin-page">
      <h1 className="page-title">{t('pages.adminPages')}</h1>
      <p className="lead">{t('admin.pages.intro')}</p>
      <PageTabs page={page} onChoose={(key) => setParams({ page: key })} />
      <div aria-live="polite">{message && <PageMessage message={message} page={page} onReload={() => load(page)} />}</div>
      {content === null || loaded === null || loaded.page !== page ? (
        !message && <p role="status">{t('common.loading')}</p>
      ) : (
        <form className="pages-form" onSubmit={submit} noValidate aria-busy={saving} aria-labelledby="pages-form-title">
          <h2 className="section-title" id="pages-form-title">
            {t(`admin.pages.names.${page}`)}
          </h2>
          <LastSaved page={loaded} />
          {page === 'home' && <HomeEditor content={content as HomeContent} onChange={setContent} errorOf={errorOf} refuse={refuse} disabled={saving} />}
          {page === 'story' && <StoryEditor content={content as StoryContent} onChange={setContent} errorOf={errorOf} refuse={refuse} disabled={saving} />}
          {page === 'faq' && <FaqEditor content={content as FaqContent} onChange={setContent} errorOf={errorOf} refuse={refuse} disabled={saving} />}
          {page === 'retailers' && (
            <RetailersEditor content={content as RetailersContent} onChange={setContent} errorOf={errorOf} refuse={refuse} disabled={saving} />
          )}
          <button type="submit" className="button" disabled={saving}>
            {saving ? t('admin.pages.saving') : t('admin.pages.save')}
          </button>
        </form>
      )}
    </div>
  );
}
