import { createContext, useContext } from 'react';

/** What a page tells the server about itself while it is rendered there. */
export interface ServerHead {
  /** The whole `<title>`. */
  title?: string;
  description?: string;
  /** An image for link previews (the product's first photo). */
  image?: string;
  /** 404 when the page shows "not found". */
  status?: number;
}

/** Present only while the server renders a page. */
export interface ServerRender {
  /** The shop's address as the visitor reached it, for absolute links (JSON-LD, canonical). */
  origin: string;
  head: ServerHead;
}

const RenderContext = createContext<ServerRender | null>(null);

export const ServerRenderProvider = RenderContext.Provider;

/** The server's render of this page, or null in the browser. */
export function useServerRender(): ServerRender | null {
  return useContext(RenderContext);
}

/** The shop's origin, on the server as in the browser. */
export function useOrigin(): string {
  const server = useContext(RenderContext);
  return server ? server.origin : window.location.origin;
}
