import { useEffect } from 'react';

/** Sets the page title ("… — Bozor") and the meta description while the page is shown. */
export function usePageMeta(title: string | undefined, description?: string): void {
  useEffect(() => {
    if (!title) return;
    document.title = `${title} — Bozor`;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = (description ?? title).slice(0, 160);
  }, [title, description]);
}
