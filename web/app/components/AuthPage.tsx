import type { ReactNode } from 'react';
import { Link, useRouteLoaderData } from 'react-router';
import type { RootData } from '../lib/meta.ts';
import { LanguageToggle } from './LanguageToggle.tsx';

/** The quiet frame of /login and /reset-password (outside the shared layout, spec §2). */
export function AuthPage({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  const data = useRouteLoaderData<RootData>('root');
  return (
    <div className="auth-page">
      <header className="auth-page__header">
        <Link to="/" className="logo">
          {data?.brand.name}
        </Link>
        <LanguageToggle />
      </header>
      <main id="main" className="auth-page__main">
        <h1 className="page-title">{title}</h1>
        {intro && <p className="lead">{intro}</p>}
        {children}
      </main>
    </div>
  );
}
