import type { StaffRole, StaffSession } from '@bozor/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { createMemoryRouter, MemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { expect, vi } from 'vitest';
import { setCsrfToken } from '../lib/api.ts';
import { I18nProvider } from '../lib/i18n.tsx';
import { SESSION_KEY } from '../lib/session.tsx';
import { type ApiRoutes, stubApi } from './api.ts';

/** A signed-in member of staff of `role`, as the session answer brings them. */
export function staffSession(role: StaffRole, name = 'Dilnoza Karimova'): StaffSession {
  return {
    staff: {
      id: 1,
      email: `${role}@bozor.test`,
      name,
      role,
      totp: true,
      disabled: false,
      last_sign_in_at: null,
      created_at: '2026-01-01T00:00:00.000Z',
    },
    permissions: [],
    csrf_token: 'csrf',
  };
}

interface StaffOptions {
  role: StaffRole;
  path: string;
  name?: string;
}

/**
 * The app's providers for a signed-in member of `role`, in Russian, holding the session's CSRF
 * token for writes as the app does after signing in; no query is retried.
 */
function AsStaff({ options, children }: { options: StaffOptions; children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const session = staffSession(options.role, options.name);
    setCsrfToken(session.csrf_token);
    client.setQueryData(SESSION_KEY, session);
    return client;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <I18nProvider>{children}</I18nProvider>
    </QueryClientProvider>
  );
}

/** Renders `ui` for a signed-in member of `role`, in Russian, at `path`; no query is retried. */
export function renderAsStaff(ui: ReactNode, options: StaffOptions) {
  return render(
    <AsStaff options={options}>
      <MemoryRouter initialEntries={[options.path]}>{ui}</MemoryRouter>
    </AsStaff>,
  );
}

/**
 * Renders `ui` as `renderAsStaff` does, over the API stubbed with `routes` as `stubApi` does:
 * the record of the calls, and a user to act on the page.
 */
export function renderOverApi(ui: ReactNode, options: StaffOptions, routes: ApiRoutes) {
  const api = stubApi(routes);
  renderAsStaff(ui, options);
  return { api, user: userEvent.setup() };
}

/** The same for a router's `routes` (lazy pages load as in the browser). */
export function renderRoutesAsStaff(routes: RouteObject[], options: StaffOptions) {
  const router = createMemoryRouter(routes, { initialEntries: [options.path] });
  return render(
    <AsStaff options={options}>
      <RouterProvider router={router} />
    </AsStaff>,
  );
}

/** A screen `width` pixels wide, as the browser's media queries answer for it. */
export function screenOf(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === '(min-width: 48rem)' && width >= 768,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}

/**
 * Stubs `fetch` so that every call fails with a 500, and answers the list of URLs asked for: a
 * page that must ask the API nothing (a role without access) is seen to ask nothing. Undo with
 * `vi.unstubAllGlobals()`.
 */
export function recordRequests(): string[] {
  const requested: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      requested.push(String(url));
      return new Response(JSON.stringify({ message: 'not here' }), {
        status: 500,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return requested;
}

/**
 * jsdom has no modal dialogs: they open and close as the browser's do, closing fires "close",
 * and Escape closes the open one. Call in `beforeAll`.
 */
export function modalDialogs() {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.open = true;
    const onEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      document.removeEventListener('keydown', onEscape);
      if (this.open) this.close();
    };
    document.addEventListener('keydown', onEscape);
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
}

/** Clicks `button` of the open dialog (save, cancel) and waits for the dialog to close. */
export async function closeDialogWith(user: UserEvent, button: HTMLElement) {
  await user.click(button);
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

/**
 * Empties `field`, types `text` into it (or pastes it, as from a message) and leaves it with Tab,
 * as staff correct a sum; `leave: false` stays in the field.
 */
export async function retype(
  user: UserEvent,
  field: HTMLElement,
  text: string,
  { paste = false, leave = true }: { paste?: boolean; leave?: boolean } = {},
) {
  await user.clear(field);
  if (paste) await user.paste(text);
  else await user.type(field, text);
  if (leave) await user.tab();
}
