import { type ComponentType, type ReactNode, Suspense, use, useState } from 'react';

/** A promise that React's use() can read at once once it has settled. */
type Settling<T> = Promise<T> & { status?: 'fulfilled' | 'rejected' };

/** A part of a page whose code loads after the page's first JavaScript. */
export interface Part<P> {
  load(): Promise<ComponentType<P>>;
}

const parts: Part<never>[] = [];

/**
 * Declares a part of a page (the footer, a list below the fold) whose code is a chunk of its own.
 * The server renders it like the rest; the browser hydrates the page without it and the part
 * when its code has come, keeping the server's markup meanwhile.
 */
export function part<P>(importer: () => Promise<ComponentType<P>>): Part<P> {
  let loading: Settling<ComponentType<P>> | undefined;
  const declared: Part<P> = {
    load() {
      if (!loading) {
        const started: Settling<ComponentType<P>> = importer();
        // React's use() reads a settled promise's outcome from these fields and does not wait
        started.then(
          (value) => Object.assign(started, { status: 'fulfilled', value }),
          (reason: unknown) => Object.assign(started, { status: 'rejected', reason }),
        );
        loading = started;
      }
      return loading;
    },
  };
  parts.push(declared as Part<never>);
  return declared;
}

/**
 * Loads every declared part: the server does so before it renders its first page, the browser
 * once the first page has hydrated (the parts of the layout and of that page, whose modules are
 * all it has loaded).
 */
export function loadAllParts(): Promise<unknown> {
  return Promise.all(parts.map((declared) => declared.load()));
}

/**
 * Renders a part, suspending (the Suspense around it keeps the server's markup, or shows its
 * fallback) until the part's code is here.
 */
export function Deferred<P extends object>({ part: declared, ...props }: { part: Part<P> } & P) {
  const Component = use(declared.load());
  return <Component {...(props as unknown as P)} />;
}

/** Mounts `children` the first time `open` is true, and keeps them for their closing animation. */
export function OnceOpened({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
