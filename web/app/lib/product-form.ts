import { DEFAULT_SIZE, GALLERY_MAX, LOCALES, SIZES, type Locale, type Size } from '@atelier/contract/pure';
import type { AdminProduct, ProductInputRaw } from '@atelier/contract';

export interface VariantForm {
  key: string;
  id?: number;
  colorCode: string;
  imageUrl: string;
  imageGallery: string[];
  price: string;
  /** Recommended retail price incl. VAT; empty = none. */
  retailPrice: string;
  sizes: Size[];
  names: Record<Locale, string>;
}

export interface ProductForm {
  /** Style reference; empty = none. */
  reference: string;
  /** Draft: seen in the back-office only (and its preview). */
  status: 'published' | 'draft';
  texts: Record<Locale, { title: string; description: string; mantra: string }>;
  variants: VariantForm[];
  /** The seasons it is sold in; null for a new product until one is ticked (it then joins the current season). */
  seasonIds: number[] | null;
  /** How it is sold to shops: named packs (pieces per size, as typed), packs only, an order multiple. */
  packs: PackForm[];
  packsOnly: boolean;
  orderMultiple: string;
}

export interface PackForm {
  key: string;
  id?: number;
  name: string;
  sizes: Partial<Record<Size, string>>;
}

export function emptyPack(): PackForm {
  return { key: newKey(), name: '', sizes: {} };
}

let counter = 0;
const newKey = () => `v${Date.now().toString(36)}${(counter += 1)}`;

export function emptyVariant(): VariantForm {
  return { key: newKey(), colorCode: '', imageUrl: '', imageGallery: [], price: '', retailPrice: '', sizes: [DEFAULT_SIZE], names: { fr: '', en: '' } };
}

export function emptyForm(): ProductForm {
  return {
    reference: '',
    status: 'published',
    texts: { fr: { title: '', description: '', mantra: '' }, en: { title: '', description: '', mantra: '' } },
    variants: [emptyVariant()],
    seasonIds: null,
    packs: [],
    packsOnly: false,
    orderMultiple: '1',
  };
}

/** The form for a saved product (§4: after a save, the form is reloaded from the response). */
export function formFromProduct(product: AdminProduct): ProductForm {
  const texts = emptyForm().texts;
  for (const t of product.translations) texts[t.locale] = { title: t.title, description: t.description, mantra: t.mantra ?? '' };
  return {
    reference: product.reference ?? '',
    status: product.status,
    seasonIds: [...product.seasonIds],
    packs: product.packs.map((p) => ({
      key: newKey(),
      id: p.id,
      name: p.name,
      sizes: Object.fromEntries(Object.entries(p.sizes).map(([size, n]) => [size, String(n)])),
    })),
    packsOnly: product.packsOnly,
    orderMultiple: String(product.orderMultiple),
    texts,
    variants: product.variants.map((v) => ({
      key: newKey(),
      id: v.id,
      colorCode: v.colorCode ?? '',
      imageUrl: v.imageUrl,
      imageGallery: [...v.imageGallery],
      price: v.price.toFixed(2),
      retailPrice: v.retailPrice === null ? '' : v.retailPrice.toFixed(2),
      sizes: [...v.sizes],
      names: {
        fr: v.translations.find((t) => t.locale === 'fr')?.colorName ?? '',
        en: v.translations.find((t) => t.locale === 'en')?.colorName ?? '',
      },
    })),
  };
}

/** §5 price input: digits with an optional comma or dot and at most 2 decimals; a comma becomes a dot. */
export function acceptPrice(raw: string): string | null {
  if (!/^\d*([.,]\d{0,2})?$/.test(raw)) return null;
  return raw.replace(',', '.');
}

/** §5: unchecking the last size resets to S. Sizes stay in their order. */
export function toggleSize(sizes: readonly Size[], size: Size): Size[] {
  const next = sizes.includes(size) ? sizes.filter((s) => s !== size) : [...sizes, size];
  if (next.length === 0) return [DEFAULT_SIZE];
  return SIZES.filter((s) => next.includes(s));
}

/** §5 gallery: duplicates removed, at most 4; returns how many were refused. */
export function addToGallery(gallery: readonly string[], urls: readonly string[]): { gallery: string[]; refused: number } {
  const merged = [...new Set([...gallery, ...urls].filter(Boolean))];
  return { gallery: merged.slice(0, GALLERY_MAX), refused: Math.max(0, merged.length - GALLERY_MAX) };
}

/** Move a variant up (-1) or down (+1); the first cannot go up, the last cannot go down. */
export function moveVariant<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

export type FormError =
  | { key: 'titleRequired' | 'descriptionRequired'; locale: Locale }
  | { key: 'colorNameRequired' | 'variantImageRequired' | 'priceRequired' | 'retailPriceInvalid' | 'sizesRequired'; variant: number; locale?: Locale }
  | { key: 'referenceInvalid' }
  | { key: 'galleryLimit'; variant: number; count: number }
  | { key: 'variantMinError' };

/** §5 rules, checked before sending (the server checks them again with the contract schema). */
export function validateForm(form: ProductForm): FormError[] {
  const errors: FormError[] = [];
  for (const locale of LOCALES) {
    if (!form.texts[locale].title.trim()) errors.push({ key: 'titleRequired', locale });
    if (!form.texts[locale].description.trim()) errors.push({ key: 'descriptionRequired', locale });
  }
  if (!/^[A-Za-z0-9-]{0,40}$/.test(form.reference.trim())) errors.push({ key: 'referenceInvalid' });
  if (form.variants.length === 0) errors.push({ key: 'variantMinError' });
  form.variants.forEach((v, variant) => {
    for (const locale of LOCALES) if (!v.names[locale].trim()) errors.push({ key: 'colorNameRequired', variant, locale });
    if (!v.imageUrl) errors.push({ key: 'variantImageRequired', variant });
    const price = Number(v.price);
    if (v.price.trim() === '' || !Number.isFinite(price) || price < 0 || acceptPrice(v.price) === null) errors.push({ key: 'priceRequired', variant });
    if (v.retailPrice.trim() !== '') {
      const retail = Number(v.retailPrice);
      if (!Number.isFinite(retail) || acceptPrice(v.retailPrice) === null || (Number.isFinite(price) && retail < price)) {
        errors.push({ key: 'retailPriceInvalid', variant });
      }
    }
    if (v.sizes.length === 0) errors.push({ key: 'sizesRequired', variant });
    if (v.imageGallery.length > GALLERY_MAX) errors.push({ key: 'galleryLimit', variant, count: v.imageGallery.length });
  });
  return errors;
}

/** §7 payload: texts trimmed, empty mantra → null, empty colour code → null, positions re-indexed. */
export function toPayload(form: ProductForm): ProductInputRaw {
  return {
    reference: form.reference.trim() || null,
    status: form.status,
    ...(form.seasonIds ? { seasonIds: form.seasonIds } : {}),
    packs: form.packs.map((p) => ({
      ...(p.id ? { id: p.id } : {}),
      name: p.name.trim(),
      sizes: Object.fromEntries(
        Object.entries(p.sizes)
          .filter(([, n]) => n && Number(n) > 0)
          .map(([size, n]) => [size, Number(n)]),
      ),
    })),
    packsOnly: form.packsOnly,
    orderMultiple: Number(form.orderMultiple) || 1,
    translations: LOCALES.map((locale) => ({
      locale,
      title: form.texts[locale].title.trim(),
      description: form.texts[locale].description.trim(),
      mantra: form.texts[locale].mantra.trim() || null,
    })),
    variants: form.variants.map((v, position) => ({
      ...(v.id ? { id: v.id } : {}),
      colorCode: v.colorCode || null,
      imageUrl: v.imageUrl,
      imageGallery: v.imageGallery,
      position,
      price: Number(v.price),
      retailPrice: v.retailPrice.trim() === '' ? null : Number(v.retailPrice),
      sizes: v.sizes,
      translations: LOCALES.map((locale) => ({ locale, colorName: v.names[locale].trim() })),
    })),
  };
}
