import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react.tsx';

type ListEditorProps<T> = {
  id: string;
  items: T[];
  onChange: (items: T[]) => void;
  itemLabel: (index: number) => string;
  render: (item: T, index: number, update: (item: T) => void) => ReactNode;
  empty: () => T;
  addLabel: string;
  min?: number;
  max: number;
  onRefused: () => void;
  disabled?: boolean;
};

/**
 * A list the owner edits: each item in its own group with move up, move down and remove
 * buttons (keyboard-operable, named after the item), and an add button. Removing the last
 * item of a list that needs one is refused with `onRefused` (the server refuses it too).
 */
export function ListEditor<T>({ id, items, onChange, itemLabel, render, empty, addLabel, min = 1, max, onRefused, disabled }: ListEditorProps<T>) {
  const { t } = useTranslation();
  const focusLater = (target: string) => requestAnimationFrame(() => document.getElementById(target)?.focus());
  const move = (from: number, to: number, button: 'up' | 'down') => {
    const next = [...items];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
    // The focus follows the item (or stays on a button that still works).
    const edge = (button === 'up' && to === 0) || (button === 'down' && to === next.length - 1);
    focusLater(`${id}-${to}-${edge ? (button === 'up' ? 'down' : 'up') : button}`);
  };
  const remove = (index: number) => {
    if (items.length <= min) return onRefused();
    onChange(items.filter((_, i) => i !== index));
    focusLater(items.length > 1 ? `${id}-${Math.max(0, index - 1)}-remove` : `${id}-add`);
  };
  return (
    <div className="list-editor" id={id}>
      <ol className="list-editor__items">
        {items.map((item, index) => (
          <li key={index} className="list-editor__item">
            <div className="list-editor__head">
              <span className="list-editor__title">{itemLabel(index)}</span>
              <div className="list-editor__buttons">
                <button
                  type="button"
                  id={`${id}-${index}-up`}
                  className="button button--quiet button--small"
                  disabled={disabled || index === 0}
                  aria-label={t('admin.list.moveUp', { item: itemLabel(index) })}
                  onClick={() => move(index, index - 1, 'up')}
                >
                  ↑
                </button>
                <button
                  type="button"
                  id={`${id}-${index}-down`}
                  className="button button--quiet button--small"
                  disabled={disabled || index === items.length - 1}
                  aria-label={t('admin.list.moveDown', { item: itemLabel(index) })}
                  onClick={() => move(index, index + 1, 'down')}
                >
                  ↓
                </button>
                <button
                  type="button"
                  id={`${id}-${index}-remove`}
                  className="button button--quiet button--small"
                  disabled={disabled}
                  aria-label={t('admin.list.remove', { item: itemLabel(index) })}
                  onClick={() => remove(index)}
                >
                  {t('admin.list.removeShort')}
                </button>
              </div>
            </div>
            {render(item, index, (updated) => onChange(items.map((x, i) => (i === index ? updated : x))))}
          </li>
        ))}
      </ol>
      <button
        type="button"
        id={`${id}-add`}
        className="button button--quiet"
        disabled={disabled || items.length >= max}
        onClick={() => {
          onChange([...items, empty()]);
          // The new item's first field takes the focus.
          const position = items.length + 1;
          requestAnimationFrame(() => document.querySelector<HTMLElement>(`#${id} .list-editor__item:nth-child(${position}) :is(input, textarea)`)?.focus());
        }}
      >
        {addLabel}
      </button>
    </div>
  );
}
