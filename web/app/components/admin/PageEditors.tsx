// The editors of each page's texts on /admin/pages (issue 12): both languages side by side, the lists
// (mantras, paragraphs, questions, benefits, the size guide, the shops' carousel) added to and ordered.
import type { FaqContent, HomeContent, RetailersContent, StoryContent } from '@atelier/contract';
import { ListEditor } from './ListEditor.tsx';
import { PairField, type Pair } from './Bilingual.tsx';
import { ImageUploadField } from './ImageUploadField.tsx';
import { useTranslation } from '../../i18n/react.tsx';

const SHORT = 200;
const MEDIUM = 1000;
const LONG = 2000;
const pair = (): Pair => ({ fr: '', en: '' });

export interface EditorProps<C> {
  content: C;
  onChange: (content: C) => void;
  errorOf: (id: string) => string | undefined;
  refuse: (key: string) => () => void;
  disabled: boolean;
}

export function HomeEditor({ content, onChange, errorOf, refuse, disabled }: EditorProps<HomeContent>) {
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

export function FaqEditor({ content, onChange, errorOf, refuse, disabled }: EditorProps<FaqContent>) {
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

type Shop = RetailersContent['shops'][number];

/** One of the label's own shops: its name, town and description. */
function ShopFields({
  shop,
  i,
  update,
  errorOf,
  disabled,
}: {
  shop: Shop;
  i: number;
  update: (shop: Shop) => void;
  errorOf: (id: string) => string | undefined;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
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
  );
}

export function RetailersEditor({ content, onChange, errorOf, refuse, disabled }: EditorProps<RetailersContent>) {
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
        render={(shop, i, update) => <ShopFields shop={shop} i={i} update={update} errorOf={errorOf} disabled={disabled} />}
      />
    </>
  );
}

export function StoryEditor({ content, onChange, errorOf, refuse, disabled }: EditorProps<StoryContent>) {
  const { t } = useTranslation();
  return (
    <ListEditor
      id="paragraphs"
      items={content.paragraphs}
      onChange={(paragraphs) => onChange({ paragraphs })}
      itemLabel={(i) => t('admin.pages.paragraph', { n: i + 1 })}
      empty={pair}
      addLabel={t('admin.pages.addParagraph')}
      max={20}
      onRefused={refuse('admin.pages.errors.paragraphMin')}
      disabled={disabled}
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
          disabled={disabled}
        />
      )}
    />
  );
}
