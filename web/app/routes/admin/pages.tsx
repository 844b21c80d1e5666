import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { AdminPage, FaqContent, HomeContent, PageKey, RetailersContent, StoryContent } from '@atelier/contract';
import type { Route } from './+types/pages';
import { FormMessage } from '../../components/Field.tsx';
import { ListEditor } from '../../components/admin/ListEditor.tsx';
import { PairField, type Pair } from '../../components/admin/Bilingual.tsx';
import { ImageUploadField } from '../../components/admin/ImageUploadField.tsx';
import { useTranslation } from '../../i18n/react.tsx';
import { ApiError, SessionExpiredError, errorMessage } from '../../lib/api.ts';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useSession } from '../../lib/session.tsx';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminPages', noindex: true });

const PAGES = ['home', 'story', 'faq', 'retailers'] as const;
const PUBLIC_PATH: Record<PageKey, string> = { home: '/', story: '/story', faq: '/faq', retailers: '/retailers' };
/** The server's limits (contract/src/pages.ts), as maxLength. */
const SHORT = 200;
const MEDIUM = 1000;
const LONG = 2000;
const pair = (): Pair => ({ fr: '', en: '' });

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
  const dateTime = (iso: string) =>
    new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  return (
    <div className="admin-page">
      <h1 className="page-title">{t('pages.adminPages')}</h1>
      <p className="lead">{t('admin.pages.intro')}</p>
      <nav aria-label={t('admin.pages.choose')} className="tabs">
        {PAGES.map((key) => (
          <Link
            key={key}
            to={`/admin/pages?page=${key}`}
            className="tab"
            aria-current={key === page ? 'page' : undefined}
            onClick={(e) => {
              e.preventDefault();
              setParams({ page: key });
            }}
          >
            {t(`admin.pages.names.${key}`)}
          </Link>
        ))}
      </nav>
      <div aria-live="polite">
        {message && (
          <FormMessage kind={message.kind}>
            {message.text}{' '}
            {message.stale && (
              <button type="button" className="button button--quiet button--small" onClick={() => load(page)}>
                {t('admin.pages.reload')}
              </button>
            )}
            {message.kind === 'success' && <Link to={`${PUBLIC_PATH[page]}?lang=${lang}`}>{t('admin.pages.view')}</Link>}
          </FormMessage>
        )}
      </div>
      {content === null || loaded === null || loaded.page !== page ? (
        !message && <p role="status">{t('common.loading')}</p>
      ) : (
        <form className="pages-form" onSubmit={submit} noValidate aria-busy={saving} aria-labelledby="pages-form-title">
          <h2 className="section-title" id="pages-form-title">
            {t(`admin.pages.names.${page}`)}
          </h2>
          <p className="field__hint">
            {loaded.updatedAt
              ? loaded.updatedBy
                ? t('admin.pages.lastSaved', { date: dateTime(loaded.updatedAt), by: loaded.updatedBy })
                : t('admin.pages.lastSavedDemo', { date: dateTime(loaded.updatedAt) })
              : t('admin.pages.neverSaved')}
          </p>
          {page === 'home' && <HomeEditor content={content as HomeContent} onChange={setContent} errorOf={errorOf} refuse={refuse} disabled={saving} />}
          {page === 'story' && (
            <ListEditor
              id="paragraphs"
              items={(content as StoryContent).paragraphs}
              onChange={(paragraphs) => setContent({ paragraphs })}
              itemLabel={(i) => t('admin.pages.paragraph', { n: i + 1 })}
              empty={pair}
              addLabel={t('admin.pages.addParagraph')}
              max={20}
              onRefused={refuse('admin.pages.errors.paragraphMin')}
              disabled={saving}
              render={(item, i, update) => (
                <PairField
                  id={`paragraphs-item-${i}`}
                  hideLabel
                  label={t('admin.pages.paragraph', { n: i + 1 })}
                  value={item}
                  onChange={update}
                  required
                  multiline
                  rows={5}
                  maxLength={LONG}
                  error={errorOf(`paragraphs-item-${i}`)}
                  disabled={saving}
                />
              )}
            />
          )}
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

interface EditorProps<C> {
  content: C;
  onChange: (content: C) => void;
  errorOf: (id: string) => string | undefined;
  refuse: (key: string) => () => void;
  disabled: boolean;
}

function HomeEditor({ content, onChange, errorOf, refuse, disabled }: EditorProps<HomeContent>) {
  const { t } = useTranslation();
  const set = (patch: Partial<HomeContent>) => onChange({ ...content, ...patch });
  return (
    <>
      <PairField
        id="home-kicker"
        label={t('admin.pages.kicker')}
        value={content.kicker}
        onChange={(kicker) => set({ kicker })}
        maxLength={SHORT}
        disabled={disabled}
      />
      <PairField
        id="home-title"
        label={t('admin.pages.title')}
        value={content.title}
        onChange={(title) => set({ title })}
        required
        maxLength={SHORT}
        error={errorOf('home-title')}
        disabled={disabled}
      />
      <PairField
        id="home-description"
        label={t('admin.pages.description')}
        value={content.description}
        onChange={(description) => set({ description })}
        required
        multiline
        maxLength={MEDIUM}
        error={errorOf('home-description')}
        disabled={disabled}
      />
      <PairField
        id="home-cta"
        label={t('admin.pages.cta')}
        value={content.cta}
        onChange={(cta) => set({ cta })}
        required
        maxLength={80}
        error={errorOf('home-cta')}
        disabled={disabled}
      />
      <ImageUploadField
        id="home-hero"
        label={t('admin.pages.heroImage')}
        hint={t('admin.pages.heroHint')}
        url={content.heroImage}
        onUrl={(heroImage) => set({ heroImage })}
        alt={content.heroAlt}
        onAlt={(heroAlt) => set({ heroAlt })}
        altMaxLength={SHORT}
        disabled={disabled}
      />
      <h3 className="pages-form__subtitle">{t('admin.pages.mantras')}</h3>
      <p className="field__hint">{t('admin.pages.mantrasHint')}</p>
      <ListEditor
        id="mantras"
        items={content.mantras}
        onChange={(mantras) => set({ mantras })}
        itemLabel={(i) => t('admin.pages.mantra', { n: i + 1 })}
        empty={pair}
        addLabel={t('admin.pages.addMantra')}
        max={40}
        onRefused={refuse('admin.pages.errors.mantraMin')}
        disabled={disabled}
        render={(item, i, update) => (
          <PairField
            id={`mantras-item-${i}`}
            hideLabel
            label={t('admin.pages.mantra', { n: i + 1 })}
            value={item}
            onChange={update}
            required
            maxLength={SHORT}
            error={errorOf(`mantras-item-${i}`)}
            disabled={disabled}
          />
        )}
      />
    </>
  );
}

const SIZE_COLUMNS = ['eu', 'fr', 'bust', 'waist', 'hips', 'equivalence'] as const;

function FaqEditor({ content, onChange, errorOf, refuse, disabled }: EditorProps<FaqContent>) {
  const { t } = useTranslation();
  const set = (patch: Partial<FaqContent>) => onChange({ ...content, ...patch });
  return (
    <>
      <PairField
        id="faq-intro"
        label={t('admin.pages.introField')}
        value={content.intro}
        onChange={(intro) => set({ intro })}
        multiline
        maxLength={MEDIUM}
        disabled={disabled}
      />
      <h3 className="pages-form__subtitle">{t('admin.pages.questions')}</h3>
      <ListEditor
        id="faq"
        items={content.items}
        onChange={(items) => set({ items })}
        itemLabel={(i) => t('admin.pages.question', { n: i + 1 })}
        empty={() => ({ question: pair(), answer: pair() })}
        addLabel={t('admin.pages.addQuestion')}
        max={40}
        onRefused={refuse('admin.pages.errors.faqMin')}
        disabled={disabled}
        render={(item, i, update) => (
          <>
            <PairField
              id={`faq-item-${i}-q`}
              label={t('admin.pages.questionText')}
              value={item.question}
              onChange={(question) => update({ ...item, question })}
              required
              maxLength={300}
              error={errorOf(`faq-item-${i}-q`)}
              disabled={disabled}
            />
            <PairField
              id={`faq-item-${i}-a`}
              label={t('admin.pages.answer')}
              value={item.answer}
              onChange={(answer) => update({ ...item, answer })}
              required
              multiline
              maxLength={LONG}
              error={errorOf(`faq-item-${i}-a`)}
              disabled={disabled}
            />
          </>
        )}
      />
      <h3 className="pages-form__subtitle">{t('faq.sizeGuideTitle')}</h3>
      <p className="field__hint">{t('admin.pages.sizeGuideHint')}</p>
      <ListEditor
        id="sizes"
        items={content.sizeGuide}
        onChange={(sizeGuide) => set({ sizeGuide })}
        itemLabel={(i) => t('admin.pages.sizeRow', { n: i + 1 })}
        empty={() => ['', '', '', '', '', '']}
        addLabel={t('admin.pages.addSizeRow')}
        max={20}
        onRefused={refuse('admin.pages.errors.sizeRowMin')}
        disabled={disabled}
        render={(row, i, update) => (
          <div className="size-row">
            {SIZE_COLUMNS.map((column, c) => (
              <div className="field" key={column}>
                <label htmlFor={`sizes-${i}-${column}`}>{t(`faq.columns.${column}`)}</label>
                <input
                  id={`sizes-${i}-${column}`}
                  type="text"
                  required
                  maxLength={20}
                  value={row[c] ?? ''}
                  disabled={disabled}
                  onChange={(e) => update(row.map((cell, k) => (k === c ? e.target.value : cell)))}
                />
              </div>
            ))}
          </div>
        )}
      />
    </>
  );
}

function RetailersEditor({ content, onChange, errorOf, refuse, disabled }: EditorProps<RetailersContent>) {
  const { t } = useTranslation();
  const set = (patch: Partial<RetailersContent>) => onChange({ ...content, ...patch });
  return (
    <>
      <PairField
        id="retailers-intro"
        label={t('admin.pages.introField')}
        value={content.intro}
        onChange={(intro) => set({ intro })}
        required
        multiline
        maxLength={MEDIUM}
        error={errorOf('retailers-intro')}
        disabled={disabled}
      />
      <h3 className="pages-form__subtitle">{t('admin.pages.benefits')}</h3>
      <ListEditor
        id="benefits"
        items={content.benefits}
        onChange={(benefits) => set({ benefits })}
        itemLabel={(i) => t('admin.pages.benefit', { n: i + 1 })}
        empty={pair}
        addLabel={t('admin.pages.addBenefit')}
        max={12}
        onRefused={refuse('admin.pages.errors.benefitMin')}
        disabled={disabled}
        render={(item, i, update) => (
          <PairField
            id={`benefits-item-${i}`}
            hideLabel
            label={t('admin.pages.benefit', { n: i + 1 })}
            value={item}
            onChange={update}
            required
            maxLength={300}
            error={errorOf(`benefits-item-${i}`)}
            disabled={disabled}
          />
        )}
      />
      <PairField
        id="retailers-mantra"
        label={t('admin.pages.retailersMantra')}
        value={content.mantra}
        onChange={(mantra) => set({ mantra })}
        maxLength={SHORT}
        disabled={disabled}
      />
      <h3 className="pages-form__subtitle">{t('admin.pages.shops')}</h3>
      <p className="field__hint">{t('admin.pages.shopsHint')}</p>
      <ListEditor
        id="shops"
        items={content.shops}
        onChange={(shops) => set({ shops })}
        itemLabel={(i) => content.shops[i]?.name || t('admin.pages.shop', { n: i + 1 })}
        empty={() => ({ name: '', location: '', description: pair() })}
        addLabel={t('admin.pages.addShop')}
        min={0}
        max={12}
        onRefused={() => undefined}
        disabled={disabled}
        render={(shop, i, update) => (
          <>
            <div className="size-row size-row--two">
              <div className="field">
                <label htmlFor={`shops-${i}-name`}>{t('admin.pages.shopName')}</label>
                <input
                  id={`shops-${i}-name`}
                  type="text"
                  required
                  maxLength={80}
                  value={shop.name}
                  disabled={disabled}
                  onChange={(e) => update({ ...shop, name: e.target.value })}
                />
              </div>
              <div className="field">
                <label htmlFor={`shops-${i}-location`}>{t('admin.pages.shopLocation')}</label>
                <input
                  id={`shops-${i}-location`}
                  type="text"
                  required
                  maxLength={80}
                  value={shop.location}
                  disabled={disabled}
                  onChange={(e) => update({ ...shop, location: e.target.value })}
                />
              </div>
            </div>
            <PairField
              id={`shops-item-${i}-description`}
              label={t('admin.pages.shopDescription')}
              value={shop.description}
              onChange={(description) => update({ ...shop, description })}
              required
              multiline
              maxLength={500}
              error={errorOf(`shops-item-${i}-description`)}
              disabled={disabled}
            />
          </>
        )}
      />
    </>
  );
}
