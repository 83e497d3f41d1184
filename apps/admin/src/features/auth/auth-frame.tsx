import type { ReactNode } from 'react';
import { LanguageSwitch } from '../../components/language-switch.tsx';

/** The pages before a session: a card in the middle of the screen, the language switch above. */
export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-10">
      <div className="w-full max-w-sm">
        <div className="mb-4 flex items-center justify-between">
          <p className="text-lg font-bold tracking-tight">
            <span className="text-primary">bozor</span> <span className="text-muted">admin</span>
          </p>
          <LanguageSwitch />
        </div>
        <section className="rounded-card border border-line bg-white p-6 shadow-sm">
          <h1 className="mb-4 text-lg font-semibold">{title}</h1>
          {children}
        </section>
      </div>
    </main>
  );
}
