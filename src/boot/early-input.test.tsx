/** @vitest-environment jsdom */
import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeEarlyInput } from './early-input';
import { earlyStart } from './early-start';
import { RENDERING_META_NAME } from '../shared';

afterEach(() => {
  delete window.__jouleClicks;
  delete window.__jouleFields;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

/** A server-rendered page: the head's marker, a row, a button with an icon, a text field. */
function renderedPage() {
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      observe() {}
    },
  );
  const marker = document.createElement('meta');
  marker.name = RENDERING_META_NAME;
  document.head.append(marker);
  document.body.innerHTML =
    '<table><tbody><tr data-index="0"><td>Z100001</td></tr></tbody></table>' +
    '<button type="button"><svg><path></path></svg></button><input type="text">';
  earlyStart({ modules: { cs: [], en: [], signedIn: [] } });
}

describe('the clicks before the app hydrates a server-rendered page', () => {
  it('replays the last one on the same element, once, and records no more after', () => {
    renderedPage();
    const cell = document.querySelector('td')!;
    const path = document.querySelector('path')!;
    path.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    cell.click();
    const replay = takeEarlyInput();
    const clicked = vi.fn((event: Event) => event.target);
    document.addEventListener('click', clicked);
    // A click after hydration began is React's to replay, not recorded.
    cell.click();
    clicked.mockClear();
    replay();
    replay();
    expect(clicked).toHaveBeenCalledOnce();
    expect(clicked.mock.results[0]!.value).toBe(cell);
  });

  it('leaves alone what the browser acted on itself (a form control), and elements gone', () => {
    renderedPage();
    document.querySelector('input')!.click();
    const clicked = vi.fn();
    let replay = takeEarlyInput();
    document.addEventListener('click', clicked);
    replay();
    expect(clicked).not.toHaveBeenCalled();
    document.removeEventListener('click', clicked);

    renderedPage();
    document.querySelector('td')!.click();
    replay = takeEarlyInput();
    document.body.innerHTML = '';
    document.addEventListener('click', clicked);
    replay();
    expect(clicked).not.toHaveBeenCalled();
  });

  it('records nothing on a static page', () => {
    earlyStart({ modules: { cs: [], en: [], signedIn: [] } });
    expect(window.__jouleClicks).toBeUndefined();
  });
});

/** A search box and a page size as the list's toolbar has them: controlled by React state. */
function Toolbar({ tick = 0 }: { tick?: number }) {
  const [search, setSearch] = useState('');
  const [size, setSize] = useState('25');
  const [all, setAll] = useState(false);
  return (
    <div data-tick={tick}>
      <input
        type="search"
        aria-label="Search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <select aria-label="Size" value={size} onChange={(event) => setSize(event.target.value)}>
        <option value="25">25</option>
        <option value="50">50</option>
      </select>
      <input
        type="checkbox"
        aria-label="Select all"
        checked={all}
        onChange={(event) => setAll(event.target.checked)}
      />
      <output>{`${search}|${size}|${all ? 'all' : 'none'}`}</output>
    </div>
  );
}

describe('the values typed or chosen before the app hydrates a server-rendered page', () => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  let root: Root | undefined;
  afterEach(() => {
    act(() => root?.unmount());
    root = undefined;
  });

  /** The server's toolbar, typed into and chosen from before hydration; then hydrated. */
  function typedThenHydrated() {
    renderedPage();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Toolbar />);
    document.body.append(container);
    const search = container.querySelector('input')!;
    const size = container.querySelector('select')!;
    for (const value of ['N', 'No', 'Nov']) {
      search.value = value;
      search.dispatchEvent(new Event('input', { bubbles: true }));
    }
    size.value = '50';
    size.dispatchEvent(new Event('input', { bubbles: true }));
    size.dispatchEvent(new Event('change', { bubbles: true }));
    const all = container.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
    all.click();
    const replay = takeEarlyInput();
    act(() => {
      root = hydrateRoot(container, <Toolbar />);
    });
    const output = () => container.querySelector('output')!.textContent;
    return { container, search, size, all, replay, output };
  }

  it('gives the app the last value of each field, which its next render would wipe', () => {
    const { search, size, all, replay, output } = typedThenHydrated();
    // Hydrated: the page still shows what was typed and ticked, but the app's state does not
    // have it, and its next render puts its own state back.
    expect(output()).toBe('|25|none');
    act(() => root!.render(<Toolbar tick={1} />));
    expect(search.value).toBe('');
    expect(all.checked).toBe(false);
    act(() => replay());
    expect(output()).toBe('Nov|50|all');
    expect(search.value).toBe('Nov');
    expect(size.value).toBe('50');
    expect(all.checked).toBe(true);
    // Once: the app's state stays as the user changes it after.
    act(() => all.click());
    act(() => root!.render(<Toolbar tick={2} />));
    act(() => replay());
    expect(output()).toBe('Nov|50|none');
  });

  it('gives them even when no render came between hydration and the replay', () => {
    const { search, all, replay, output } = typedThenHydrated();
    expect(search.value).toBe('Nov');
    expect(all.checked).toBe(true);
    act(() => replay());
    expect(output()).toBe('Nov|50|all');
    expect(all.checked).toBe(true);
  });

  it('records no radio button or file, nor any field after it is taken', () => {
    renderedPage();
    document.body.insertAdjacentHTML('beforeend', '<input type="radio"><input type="file">');
    document.querySelector<HTMLInputElement>('input[type="radio"]')!.click();
    document
      .querySelector('input[type="file"]')!
      .dispatchEvent(new Event('input', { bubbles: true }));
    expect(window.__jouleFields).toEqual([]);
    takeEarlyInput();
    const field = document.createElement('input');
    document.body.append(field);
    field.dispatchEvent(new Event('input', { bubbles: true }));
    expect(window.__jouleFields).toBeUndefined();
  });
});
