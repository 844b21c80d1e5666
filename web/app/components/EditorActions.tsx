import { useTranslation } from '../i18n/react.tsx';

/** The back-office editor buttons: create or update, cancel (while editing) and start new. */
export function EditorActions({
  editing,
  busy,
  createLabel,
  updateLabel,
  startNewLabel,
  onStartNew,
}: {
  editing: boolean;
  busy: boolean;
  createLabel: string;
  updateLabel: string;
  startNewLabel: string;
  onStartNew: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="form-actions">
      <button type="submit" className="button" disabled={busy}>
        {busy && <span className="spinner" aria-hidden="true" />}
        {editing ? updateLabel : createLabel}
      </button>
      {editing && (
        <button type="button" className="button button--quiet" disabled={busy} onClick={onStartNew}>
          {t('admin.blog.cancel')}
        </button>
      )}
      <button type="button" className="button button--quiet" disabled={busy} onClick={onStartNew}>
        {startNewLabel}
      </button>
    </div>
  );
}

/** Edit and delete buttons of a back-office card, named after the item for screen readers. */
export function CardActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="admin-card__actions">
      <button type="button" className="button button--quiet" aria-label={t('admin.blog.editNamed', { title: name })} onClick={onEdit}>
        {t('admin.blog.edit')}
      </button>
      <button type="button" className="button button--quiet button--danger" aria-label={t('admin.blog.deleteNamed', { title: name })} onClick={onDelete}>
        {t('admin.blog.delete')}
      </button>
    </div>
  );
}
