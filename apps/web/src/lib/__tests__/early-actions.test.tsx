import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { act, useSyncExternalStore } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { earlyTaps, useEarlyAction } from '../early-actions.ts';

// The page's own start.js, as the server's pages run it before the storefront's code: it keeps
// the taps on buttons React has not taken over. No <meta name="bozor-entry">: it starts nothing.
beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const script = readFileSync(resolve(import.meta.dirname, '../../../public/start.js'), 'utf8');
  new Function(script)();
});

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

function Button({ action, each = false }: { action: () => void; each?: boolean }) {
  const early = useEarlyAction(action, each);
  return (
    <button type="button" onClick={action} {...early}>
      Savatga
    </button>
  );
}

/** A button whose action notes where it runs: on the server's values or the browser's. */
function Wherever({ seen }: { seen: string[] }) {
  const where = useSyncExternalStore(
    () => () => {},
    () => 'browser',
    () => 'server',
  );
  return <Button action={() => seen.push(where)} />;
}

/** The server's markup of `ui` in the page, not hydrated yet. */
function serverDrawn(ui: React.ReactElement): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(ui);
  document.body.append(container);
  return container;
}

async function hydrate(container: HTMLElement, ui: React.ReactElement) {
  // React's development build names the busy mark start.js put on a tapped button as markup it
  // did not draw (the production build does not look); every other message still shows
  const log = console.error;
  const error = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (!args.some((arg) => String(arg).includes('data-early-pending'))) log(...args);
  });
  await act(async () => {
    root = hydrateRoot(container, ui);
  });
  error.mockRestore();
}

const button = () => document.querySelector('button')!;

describe('taps before hydration', () => {
  it('are kept, shown as busy, and run once after the button hydrates', async () => {
    const action = vi.fn();
    const container = serverDrawn(<Button action={action} />);
    button().click();
    button().click();
    expect(action).not.toHaveBeenCalled();
    expect(button()).toHaveAttribute('data-early-pending');

    await hydrate(container, <Button action={action} />);
    // two taps on "add" add once
    expect(action).toHaveBeenCalledTimes(1);
    expect(button()).not.toHaveAttribute('data-early-pending');
    expect(earlyTaps()?.taps).toEqual([]);

    // from now on a tap is React's alone: once, not also kept
    button().click();
    expect(action).toHaveBeenCalledTimes(2);
    expect(earlyTaps()?.taps).toEqual([]);
  });

  it('each count when the button steps a count', async () => {
    const action = vi.fn();
    const container = serverDrawn(<Button action={action} each />);
    for (let i = 0; i < 3; i++) button().click();
    await hydrate(container, <Button action={action} each />);
    expect(action).toHaveBeenCalledTimes(3);
  });

  it("run with the browser's values, not the server's the hydration started from", async () => {
    const seen: string[] = [];
    const container = serverDrawn(<Wherever seen={seen} />);
    button().click();
    await hydrate(container, <Wherever seen={seen} />);
    expect(seen).toEqual(['browser']);
  });

  it('leave the taps of other buttons for their own hydration', async () => {
    const first = vi.fn();
    const second = vi.fn();
    const ui = (
      <>
        <Button action={first} />
        <Button action={second} />
      </>
    );
    const container = serverDrawn(ui);
    container.querySelectorAll('button')[1]!.click();
    await hydrate(container, ui);
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });
});

it('a button the browser drew itself answers a tap at once, and once', async () => {
  const action = vi.fn();
  const container = document.createElement('div');
  document.body.append(container);
  await act(async () => {
    root = createRoot(container);
    root.render(<Button action={action} />);
  });
  button().click();
  expect(action).toHaveBeenCalledTimes(1);
  expect(earlyTaps()?.taps).toEqual([]);
});
