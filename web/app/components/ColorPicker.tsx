import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react.tsx';
import { DEFAULT_PICKER_COLOR } from '@atelier/contract/pure';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** The colour wheel and its hex field, kept in step (a hex is taken only once valid). */
function ColorFields({ draft, setDraft }: { draft: string; setDraft: (value: string) => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [text, setText] = useState(draft);
  return (
    <div className="color-fields">
      <input type="color" aria-label={t('admin.products.colourWheel')} value={draft} onChange={(e) => (setDraft(e.target.value), setText(e.target.value))} />
      <div className="field">
        <label htmlFor={inputId}>{t('admin.products.hex')}</label>
        <input
          id={inputId}
          value={text}
          maxLength={7}
          onChange={(e) => {
            setText(e.target.value);
            // Hex accepted only if valid.
            if (HEX.test(e.target.value)) setDraft(e.target.value.toLowerCase());
          }}
        />
      </div>
    </div>
  );
}

/**
 * §2 colour picker: a modal with a hex colour (no alpha, default #000000);
 * Escape or a click on the backdrop closes it; focus returns to the opener.
 */
export function ColorPicker({ value, onChange, label }: { value: string; onChange: (value: string) => void; label: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(value || DEFAULT_PICKER_COLOR);
  const opener = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();

  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    dialog.current?.querySelector<HTMLInputElement>('input')?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        close();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <>
      <button
        type="button"
        ref={opener}
        className="color-opener"
        onClick={() => {
          const start = value || DEFAULT_PICKER_COLOR;
          setDraft(start);
          setOpen(true);
        }}
      >
        <span className="swatch" style={{ background: value || 'transparent' }} aria-hidden="true" />
        {label}: {value || t('admin.products.noColour')}
      </button>
      {open && (
        <div
          className="modal-backdrop"
          data-testid="color-backdrop"
          onMouseDown={(event) => {
            if (event.target !== event.currentTarget) return;
            // Keep the browser from moving focus to the page: it goes back to the opener.
            event.preventDefault();
            close();
          }}
        >
          <div className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={dialog}>
            <h3 id={titleId}>{t('admin.products.pickColour')}</h3>
            <ColorFields draft={draft} setDraft={setDraft} />
            <div className="modal__actions">
              <button
                type="button"
                className="button"
                onClick={() => {
                  onChange(draft.toLowerCase());
                  close();
                }}
              >
                {t('admin.products.applyColour')}
              </button>
              <button
                type="button"
                className="button button--quiet"
                onClick={() => {
                  onChange('');
                  close();
                }}
              >
                {t('admin.products.clearColour')}
              </button>
              <button type="button" className="link-button" onClick={close}>
                {t('admin.blog.cancel')}
              </button>
            </div>
          </div>
        </div>
      )}
    </>
  );
}
