import { useCallback, useEffect, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { Link, useNavigate } from 'react-router';
import { LIST_LIMIT_DEFAULT, LOCALES, SLUG_PATTERN, missingLocales, translationPairs, type Locale } from '@atelier/contract/pure';
import type { AdminPost, AdminSection } from '@atelier/contract';
import type { Route } from './+types/blog';
import { CardActions, EditorActions } from '../../components/EditorActions.tsx';
import { FormMessage } from '../../components/Field.tsx';
import { ListCount, ListSearch, Pager, useListParams } from '../../components/ListNav.tsx';
import { MissingBadge, type Pair } from '../../components/admin/Bilingual.tsx';
import { ImageUploadField } from '../../components/admin/ImageUploadField.tsx';
import { formatDate } from '../../components/PostContent.tsx';
import { SessionExpiredError, errorMessage } from '../../lib/api.ts';
import { useLanguage } from '../../lib/language.tsx';
import { pageMeta } from '../../lib/meta.ts';
import { useSession } from '../../lib/session.tsx';
import { JournalSections } from '../../components/admin/JournalSections.tsx';
import { useAdminCall, type Message } from '../../components/admin/useAdminCall.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { titleKey: 'pages.adminBlog', noindex: true });

type PostForm = {
  sectionId: number | null;
  slug: string;
  published: boolean;
  coverImageUrl: string | null;
  coverAlt: Pair;
  texts: Record<Locale, { title: string; content: string }>;
};

const emptyPostForm = (sectionId: number | null): PostForm => ({
  sectionId,
  slug: '',
  published: false,
  coverImageUrl: null,
  coverAlt: { fr: '', en: '' },
  texts: { fr: { title: '', content: '' }, en: { title: '', content: '' } },
});

/** What stops a post from being sent, as a message key, or null. */
function postProblem(form: PostForm): string | null {
  if (form.sectionId === null) return 'admin.blog.form.sectionRequired';
  if (LOCALES.some((l) => !form.texts[l].title.trim() || !form.texts[l].content.trim())) return 'admin.blog.form.textsRequired';
  if (form.slug.trim() && !SLUG_PATTERN.test(form.slug.trim())) return 'admin.blog.form.slugInvalid';
  return null;
}

/** The body of a post's creation or change, from its form. */
const postBody = (form: PostForm, sectionId: number) => ({
  published: form.published,
  sectionId,
  slug: form.slug.trim() || null,
  coverImageUrl: form.coverImageUrl,
  translations: LOCALES.map((locale) => ({
    locale,
    title: form.texts[locale].title.trim(),
    content: form.texts[locale].content,
    coverAlt: form.coverAlt[locale].trim() || null,
  })),
});

/** The form of a post being edited. */
function formOf(post: AdminPost): PostForm {
  const { texts, coverAlt } = emptyPostForm(null);
  for (const tr of post.translations) {
    texts[tr.locale] = { title: tr.title, content: tr.content };
    coverAlt[tr.locale] = tr.coverAlt ?? '';
  }
  return { sectionId: post.sectionId, slug: post.slug, published: post.published, coverImageUrl: post.coverImageUrl, coverAlt, texts };
}

/** A post's title and text, in each language. */
function PostTexts({ form, setForm, busy }: { form: PostForm; setForm: Dispatch<SetStateAction<PostForm>>; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="locale-fieldsets">
      {LOCALES.map((locale) => (
        <fieldset key={locale} className="locale-fieldset">
          <legend>{t(`language.${locale}`)}</legend>
          <div className="field">
            <label htmlFor={`post-title-${locale}`}>{t('admin.blog.form.title')}</label>
            <input
              id={`post-title-${locale}`}
              lang={locale}
              required
              value={form.texts[locale].title}
              disabled={busy}
              onChange={(e) => setForm((f) => ({ ...f, texts: { ...f.texts, [locale]: { ...f.texts[locale], title: e.target.value } } }))}
            />
          </div>
          <div className="field">
            <label htmlFor={`post-content-${locale}`}>{t('admin.blog.form.content')}</label>
            <textarea
              id={`post-content-${locale}`}
              lang={locale}
              rows={10}
              required
              aria-describedby="content-hint"
              value={form.texts[locale].content}
              disabled={busy}
              onChange={(e) => setForm((f) => ({ ...f, texts: { ...f.texts, [locale]: { ...f.texts[locale], content: e.target.value } } }))}
            />
          </div>
        </fieldset>
      ))}
    </div>
  );
}

/** A post's fields: its section, title and text in each language, cover, address and status. */
function PostFields({
  form,
  setForm,
  busy,
  sections,
  noSection,
}: {
  form: PostForm;
  setForm: Dispatch<SetStateAction<PostForm>>;
  busy: boolean;
  sections: AdminSection[] | null;
  noSection: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="field">
        <label htmlFor="post-section">{t('admin.blog.form.section')}</label>
        <select
          id="post-section"
          value={form.sectionId ?? ''}
          disabled={busy || noSection}
          onChange={(e) => setForm((f) => ({ ...f, sectionId: Number(e.target.value) }))}
        >
          {(sections ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.title}
            </option>
          ))}
        </select>
      </div>
      <PostTexts form={form} setForm={setForm} busy={busy} />
      <p id="content-hint" className="field__hint">
        {t('admin.blog.form.contentHint')}
      </p>
      <ImageUploadField
        id="post-cover"
        label={t('admin.blog.form.cover')}
        hint={t('admin.blog.form.coverHint')}
        url={form.coverImageUrl}
        onUrl={(coverImageUrl) => setForm((f) => ({ ...f, coverImageUrl }))}
        alt={form.coverAlt}
        onAlt={(coverAlt) => setForm((f) => ({ ...f, coverAlt }))}
        altMaxLength={300}
        disabled={busy}
      />
      <div className="field">
        <label htmlFor="post-slug">{t('admin.blog.form.slug')}</label>
        <input
          id="post-slug"
          value={form.slug}
          disabled={busy}
          aria-describedby="slug-hint"
          pattern="[a-z0-9]+(-[a-z0-9]+)*"
          onChange={(e) => setForm((f) => ({ ...f, slug: e.target.value }))}
        />
        <p id="slug-hint" className="field__hint">
          {t('admin.blog.form.slugHint')}
        </p>
      </div>
      <fieldset className="sizes">
        <legend>{t('admin.blog.form.status')}</legend>
        <label className="check">
          <input type="radio" name="published" checked={form.published} disabled={busy} onChange={() => setForm((f) => ({ ...f, published: true }))} />
          {t('admin.blog.published')}
        </label>
        <label className="check">
          <input type="radio" name="published" checked={!form.published} disabled={busy} onChange={() => setForm((f) => ({ ...f, published: false }))} />
          {t('admin.blog.draft')}
        </label>
      </fieldset>
    </>
  );
}

type PostsProps = { sections: AdminSection[] | null; posts: AdminPost[] | null; total: number | null; reload: () => Promise<void> };

/** The journal's posts: the editor (a new post, or the one being edited) above the list. */
function PostsManager({ sections, posts, total, reload }: PostsProps) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const call = useAdminCall();
  const firstSection = sections?.[0]?.id ?? null;
  const [editing, setEditing] = useState<number | null>(null);
  const [form, setForm] = useState<PostForm>(() => emptyPostForm(firstSection));
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);
  const noSection = sections !== null && sections.length === 0;

  // The section selector defaults to the first section (and follows a deleted one).
  useEffect(() => {
    if (sections && (form.sectionId === null || !sections.some((s) => s.id === form.sectionId))) {
      setForm((f) => ({ ...f, sectionId: sections[0]?.id ?? null }));
    }
  }, [sections, form.sectionId]);

  // If the post being edited disappears, the editor resets.
  useEffect(() => {
    if (editing !== null && posts && !posts.some((p) => p.id === editing)) {
      setEditing(null);
      setForm(emptyPostForm(sections?.[0]?.id ?? null));
    }
  }, [posts, editing, sections]);

  const startNew = () => {
    setEditing(null);
    setForm(emptyPostForm(form.sectionId ?? firstSection));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = postProblem(form);
    if (problem || form.sectionId === null) return setMessage({ kind: 'error', text: t(problem ?? 'admin.blog.form.sectionRequired') });
    setBusy(true);
    const wasEditing = editing !== null;
    const body = postBody(form, form.sectionId);
    const saved = await call(
      () => (wasEditing ? api('PUT /admin/blog/:id', { params: { id: editing }, lang, body }) : api('POST /admin/blog', { lang, body })),
      wasEditing ? 'admin.blog.updateError' : 'admin.blog.createError',
      (text) => setMessage({ kind: 'error', text }),
    );
    setBusy(false);
    if (!saved) return;
    // After creating a post the form keeps the same section.
    setEditing(null);
    setForm(emptyPostForm(saved.sectionId));
    // The list first: its section's post count is right by the time the confirmation shows.
    await reload();
    setMessage({ kind: 'success', text: t(wasEditing ? 'admin.blog.updated' : 'admin.blog.created') });
  }

  async function remove(post: AdminPost) {
    if (!window.confirm(t('admin.blog.confirmDelete', { title: post.title }))) return;
    const done = await call(
      async () => (await api('DELETE /admin/blog/:id', { params: { id: post.id } }), true),
      'admin.blog.deleteError',
      (text) => setMessage({ kind: 'error', text }),
    );
    if (!done) return;
    setMessage({ kind: 'success', text: t('admin.blog.deleted') });
    await reload();
  }

  return (
    <section className="admin-block" aria-labelledby="posts-title">
      <h2 id="posts-title" className="form__title">
        {t('admin.blog.postsTitle')}
      </h2>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      <form className="product-form" onSubmit={submit} noValidate aria-busy={busy} data-testid="post-form">
        <h3 className="form__subtitle">{editing === null ? t('admin.blog.createTitle') : t('admin.blog.editTitle')}</h3>
        <PostFields form={form} setForm={setForm} busy={busy} sections={sections} noSection={noSection} />
        {noSection && <p className="field__error">{t('admin.blog.form.sectionRequired')}</p>}
        <EditorActions
          editing={editing !== null}
          busy={busy || noSection}
          createLabel={t('admin.blog.create')}
          updateLabel={t('admin.blog.update')}
          startNewLabel={t('admin.blog.startNew')}
          onStartNew={startNew}
        />
      </form>
      <PostList
        posts={posts}
        total={total}
        editing={editing}
        onDelete={(post) => void remove(post)}
        onEdit={(post) => {
          setEditing(post.id);
          setMessage(null);
          setForm(formOf(post));
        }}
      />
    </section>
  );
}

/** The posts, searched and paged by the address, each with its edit and delete. */
function PostList({
  posts,
  total,
  editing,
  onEdit,
  onDelete,
}: {
  posts: AdminPost[] | null;
  total: number | null;
  editing: number | null;
  onEdit: (post: AdminPost) => void;
  onDelete: (post: AdminPost) => void;
}) {
  const { values, page, set } = useListParams([] as const);
  const { t } = useTranslation();
  return (
    <>
      <div className="list-tools">
        <ListSearch id="posts-search" label={t('admin.blog.search')} value={values.q} onSearch={(text) => set({ q: text })} />
        <ListCount total={total} label={(count) => t('admin.blog.count', { count })} />
      </div>
      {!posts && <p role="status">{t('common.loading')}</p>}
      {posts && posts.length === 0 && <p>{values.q ? t('admin.blog.noMatch') : t('admin.blog.empty')}</p>}
      {posts && posts.length > 0 && (
        <ul className="admin-cards">
          {posts.map((post) => (
            <PostCard key={post.id} post={post} selected={post.id === editing} onDelete={() => onDelete(post)} onEdit={() => onEdit(post)} />
          ))}
        </ul>
      )}
      {total !== null && <Pager page={page} total={total} limit={LIST_LIMIT_DEFAULT} label={t('admin.blog.pages')} />}
    </>
  );
}

/** One post in the list: its title (a link once published), missing translations, section, status and date. */
function PostCard({ post, selected, onEdit, onDelete }: { post: AdminPost; selected: boolean; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  return (
    <li className={`admin-card${selected ? ' admin-card--selected' : ''}`} data-testid="post-card">
      <div className="admin-card__body">
        {post.published ? <Link to={`/blog/${post.slug}`}>{post.title}</Link> : <strong>{post.title}</strong>}
        <span className="admin-card__meta">
          <MissingBadge locales={missingLocales(translationPairs(post.translations, ['title', 'content', 'coverAlt']))} />
          {post.section} · {post.published ? t('admin.blog.published') : t('admin.blog.draft')} · {formatDate(post.createdAt, lang)}
        </span>
      </div>
      <CardActions name={post.title} onDelete={onDelete} onEdit={onEdit} />
    </li>
  );
}

export default function AdminBlog() {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const navigate = useNavigate();
  const [sections, setSections] = useState<AdminSection[] | null>(null);
  const [posts, setPosts] = useState<AdminPost[] | null>(null);
  const [total, setTotal] = useState<number | null>(null);
  const [loadError, setLoadError] = useState<string[]>([]);
  // The posts' search and page live in the address (issue 43).
  const { values, page } = useListParams([] as const);
  const q = values.q;

  const reload = useCallback(async () => {
    const errors: string[] = [];
    const query = { q: q || undefined, page: page > 1 ? String(page) : undefined };
    const [s, p] = await Promise.allSettled([api('GET /admin/blog/sections', { lang }), api('GET /admin/blog', { lang, query, onTotal: setTotal })]);
    if ([s, p].some((r) => r.status === 'rejected' && r.reason instanceof SessionExpiredError)) return void navigate('/login', { replace: true });
    if (s.status === 'fulfilled') setSections(s.value);
    else errors.push(errorMessage(s.reason, t('admin.blog.sections.loadError')));
    if (p.status === 'fulfilled') setPosts(p.value);
    else errors.push(errorMessage(p.reason, t('admin.blog.loadError')));
    setLoadError(errors);
  }, [api, lang, navigate, t, q, page]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return (
    <div className="admin-page">
      <h1 className="page-title">{t('pages.adminBlog')}</h1>
      {loadError.map((text) => (
        <FormMessage key={text} kind="error">
          {text}
        </FormMessage>
      ))}
      <div className="admin-columns">
        <JournalSections sections={sections} reload={reload} />
        <PostsManager sections={sections} posts={posts} total={total} reload={reload} />
      </div>
    </div>
  );
}
