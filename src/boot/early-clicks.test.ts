/** @vitest-environment jsdom */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeEarlyClicks } from './early-clicks';
import { earlyStart } from './early-start';
import { RENDERING_META_NAME } from '../shared';

afterEach(() => {
  delete window.__jouleClicks;
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

/** A server-rendered page: the head's marker, a row, a button with an icon, a checkbox. */
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
    '<button type="button"><svg><path></path></svg></button><input type="checkbox">';
  earlyStart({ modules: { cs: [], en: [], signedIn: [] } });
}

describe('the clicks before the app hydrates a server-rendered page', () => {
  it('replays the last one on the same element, once, and records no more after', () => {
    renderedPage();
    const cell = document.querySelector('td')!;
    const path = document.querySelector('path')!;
    path.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    cell.click();
    const replay = takeEarlyClicks();
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
    let replay = takeEarlyClicks();
    document.addEventListener('click', clicked);
    replay();
    expect(clicked).not.toHaveBeenCalled();
    document.removeEventListener('click', clicked);

    renderedPage();
    document.querySelector('td')!.click();
    replay = takeEarlyClicks();
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
