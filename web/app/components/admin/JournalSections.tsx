import { useEffect, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import { useTranslation } from '../../i18n/react.tsx';
import { LOCALES, missingLocale, missingLocales, translationPairs, type Locale } from '@atelier/contract/pure';
import type { AdminSection } from '@atelier/contract';
import { CardActions, EditorActions } from '../EditorActions.tsx';
import { FormMessage } from '../Field.tsx';
import { MissingBadge, MissingFlag } from './Bilingual.tsx';
import { useLanguage } from '../../lib/language.tsx';
import { useSession } from '../../lib/session.tsx';
import { useAdminCall, type Message } from './useAdminCall.ts';

type SectionForm = Record<Locale, { title: string; description: string }>;
const emptySectionForm = (): SectionForm => ({ fr: { title: '', description: '' }, en: { title: '', description: '' } });

/** The form of a section being edited. */
function formOf(section: AdminSection): SectionForm {
  const form = emptySectionForm();
  for (const tr of section.translations) form[tr.locale] = { title: tr.title, description: tr.description ?? '' };
  return form;
}

/** A section's name and description in each language, a missing description flagged. */
function SectionTexts({ form, setForm, busy }: { form: SectionForm; setForm: Dispatch<SetStateAction<SectionForm>>; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="locale-fieldsets">
      {LOCALES.map((locale) => (
        <fieldset key={locale} className="locale-fieldset">
          <legend>{t(`language.${locale}`)}</legend>
          <div className="field">
            <label htmlFor={`section-title-${locale}`}>{t('admin.blog.sections.name')}</label>
            <input
              id={`section-title-${locale}`}
              lang={locale}
              required
              value={form[locale].title}
              disabled={busy}
              onChange={(e) => setForm((f) => ({ ...f, [locale]: { ...f[locale], title: e.target.value } }))}
            />
          </div>
          <div className="field">
            <label htmlFor={`section-description-${locale}`}>{t('admin.blog.sections.description')}</label>
            <input
              id={`section-description-${locale}`}
              lang={locale}
              value={form[locale].description}
              disabled={busy}
              aria-describedby={missingLocale(form.fr.description, form.en.description) === locale ? `section-description-${locale}-missing` : undefined}
              onChange={(e) => setForm((f) => ({ ...f, [locale]: { ...f[locale], description: e.target.value } }))}
            />
            {missingLocale(form.fr.description, form.en.description) === locale && <MissingFlag locale={locale} id={`section-description-${locale}-missing`} />}
          </div>
        </fieldset>
      ))}
    </div>
  );
}

/** One section: its name, missing translations, how many posts, and its edit and delete. */
function SectionCard({ section, selected, onEdit, onDelete }: { section: AdminSection; selected: boolean; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <li className={`admin-card${selected ? ' admin-card--selected' : ''}`} data-testid="section-card">
      <div className="admin-card__body">
        <strong>{section.title}</strong>
        <span className="admin-card__meta">
          <MissingBadge locales={missingLocales(translationPairs(section.translations, ['title', 'description']))} />
          {t('admin.blog.sections.postCount', { count: section.postCount })}
        </span>
      </div>
      <CardActions name={section.title} onDelete={onDelete} onEdit={onEdit} />
    </li>
  );
}

/** The journal's sections (`/admin/blog`): list, create, edit, delete. */
export function JournalSections({ sections, reload }: { sections: AdminSection[] | null; reload: () => Promise<void> }) {
  const { t } = useTranslation();
  const { lang } = useLanguage();
  const { api } = useSession();
  const call = useAdminCall();
  const [editing, setEditing] = useState<number | null>(null);
  const [form, setForm] = useState<SectionForm>(emptySectionForm);
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);

  // If the section being edited disappears, the editor resets.
  useEffect(() => {
    if (editing !== null && sections && !sections.some((s) => s.id === editing)) {
      setEditing(null);
      setForm(emptySectionForm());
    }
  }, [sections, editing]);

  const startNew = () => {
    setEditing(null);
    setForm(emptySectionForm());
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (LOCALES.some((l) => !form[l].title.trim())) return setMessage({ kind: 'error', text: t('admin.blog.sections.titleRequired') });
    setBusy(true);
    const body = {
      translations: LOCALES.map((locale) => ({ locale, title: form[locale].title.trim(), description: form[locale].description.trim() || null })),
    };
    const wasEditing = editing !== null;
    const saved = await call(
      () => (wasEditing ? api('PUT /admin/blog/sections/:id', { params: { id: editing }, lang, body }) : api('POST /admin/blog/sections', { lang, body })),
      wasEditing ? 'admin.blog.sections.updateError' : 'admin.blog.sections.createError',
      (text) => setMessage({ kind: 'error', text }),
    );
    setBusy(false);
    if (!saved) return;
    startNew();
    // The list first: what the confirmation announces is already on screen (a post count included).
    await reload();
    setMessage({ kind: 'success', text: t(wasEditing ? 'admin.blog.sections.updated' : 'admin.blog.sections.created') });
  }

  async function remove(section: AdminSection) {
    const question =
      section.postCount > 0
        ? t('admin.blog.sections.confirmDeleteWithPosts', { title: section.title, count: section.postCount })
        : t('admin.blog.sections.confirmDelete', { title: section.title });
    if (!window.confirm(question)) return;
    const done = await call(
      async () => (await api('DELETE /admin/blog/sections/:id', { params: { id: section.id } }), true),
      'admin.blog.sections.deleteError',
      (text) => setMessage({ kind: 'error', text }),
    );
    if (!done) return;
    setMessage({ kind: 'success', text: t('admin.blog.sections.deleted') });
    await reload();
  }

  return (
    <section className="admin-block" aria-labelledby="sections-title">
      <h2 id="sections-title" className="form__title">
        {t('admin.blog.sections.title')}
      </h2>
      <div aria-live="polite">{message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}</div>
      <form className="product-form" onSubmit={submit} noValidate aria-busy={busy} data-testid="section-form">
        <h3 className="form__subtitle">{editing === null ? t('admin.blog.sections.createTitle') : t('admin.blog.sections.editTitle')}</h3>
        <SectionTexts form={form} setForm={setForm} busy={busy} />
        <EditorActions
          editing={editing !== null}
          busy={busy}
          createLabel={t('admin.blog.sections.create')}
          updateLabel={t('admin.blog.sections.update')}
          startNewLabel={t('admin.blog.sections.startNew')}
          onStartNew={startNew}
        />
      </form>
      {!sections && <p role="status">{t('common.loading')}</p>}
      {sections && sections.length === 0 && <p>{t('admin.blog.sections.empty')}</p>}
      {sections && sections.length > 0 && (
        <ul className="admin-cards">
          {sections.map((section) => (
            <SectionCard
              key={section.id}
              section={section}
              selected={section.id === editing}
              onDelete={() => void remove(section)}
              onEdit={() => {
                setEditing(section.id);
                setMessage(null);
                setForm(formOf(section));
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
