import { useEffect } from 'react';
import { useServerRender } from './render-context.ts';

export interface PageMetaOptions {
  /** The title is already whole: no " — Bozor" after it (the home page). */
  whole?: boolean;
  /** An image for link previews. */
  image?: string | undefined;
  /** The page says "not found": the server answers 404. */
  notFound?: boolean;
}

/**
 * Sets the page title ("… — Bozor") and the meta description while the page is shown; on the
 * server they go into the page's `<head>` (with the preview image and the status).
 */
export function usePageMeta(
  title: string | undefined,
  description?: string,
  options: PageMetaOptions = {},
): void {
  const server = useServerRender();
  const documentTitle = title && (options.whole ? title : `${title} — Bozor`);
  const text = (description ?? title)?.slice(0, 160);
  if (server) {
    if (documentTitle) server.head.title = documentTitle;
    if (text) server.head.description = text;
    if (options.image) server.head.image = options.image;
    if (options.notFound) server.head.status = 404;
  }
  useEffect(() => {
    if (!documentTitle) return;
    document.title = documentTitle;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = text ?? documentTitle;
  }, [documentTitle, text]);
}
