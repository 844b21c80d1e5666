import type { Brand as PublicBrand, Locale } from '@atelier/contract';

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** One layout for every mail: a sober text version and the same words in HTML. */
export function layout(brand: PublicBrand, locale: Locale, subject: string, paragraphs: string[], action?: { label: string; url: string }): MailContent {
  const signature = locale === 'fr' ? `À très vite,\n${brand.name}` : `Warm regards,\n${brand.name}`;
  const footer = `${brand.name} · ${brand.email} · ${brand.publicUrl}`;
  const text = [...paragraphs, ...(action ? [`${action.label}: ${action.url}`] : []), signature, '--', footer].join('\n\n');
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;background:#f7f2ea;color:#2b2620;font-family:Georgia,serif">
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<p style="font-size:22px;letter-spacing:.08em;text-transform:uppercase;margin:0 0 24px">${escapeHtml(brand.name)}</p>
${paragraphs.map((p) => `<p style="font-size:16px;line-height:1.6">${escapeHtml(p)}</p>`).join('\n')}
${action ? `<p style="margin:28px 0"><a href="${escapeHtml(action.url)}" style="background:#9a4a2c;color:#fff;padding:12px 20px;text-decoration:none;border-radius:2px">${escapeHtml(action.label)}</a></p>` : ''}
<p style="font-size:16px;line-height:1.6;white-space:pre-line">${escapeHtml(signature)}</p>
<p style="font-size:12px;color:#5f574c;border-top:1px solid #d9cfc0;padding-top:12px">${escapeHtml(footer)}</p>
</div></body></html>`;
  return { subject, text, html };
}

export function passwordResetMail(brand: PublicBrand, locale: Locale, link: string): MailContent {
  return locale === 'fr'
    ? layout(
        brand,
        locale,
        `${brand.name} · Réinitialiser votre mot de passe`,
        [
          'Bonjour,',
          'Vous avez demandé à réinitialiser le mot de passe de votre compte. Ce lien est valable une heure et ne sert qu’une fois.',
          'Si vous n’êtes pas à l’origine de cette demande, ignorez simplement ce message : votre mot de passe reste inchangé.',
        ],
        { label: 'Choisir un nouveau mot de passe', url: link },
      )
    : layout(
        brand,
        locale,
        `${brand.name} · Reset your password`,
        [
          'Hello,',
          'You asked to reset the password of your account. This link is valid for one hour and works only once.',
          'If you did not ask for this, simply ignore this message: your password stays unchanged.',
        ],
        { label: 'Choose a new password', url: link },
      );
}
