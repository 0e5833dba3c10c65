/** @vitest-environment jsdom */
import { use } from 'react';
import { renderToString } from 'react-dom/server';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AppRouter,
  navigate,
  Route,
  Switch,
  useLocation,
  useNavigationPending,
  useSearchParams,
} from './router';

afterEach(cleanup);

function Where() {
  const { pathname, search, state } = useLocation();
  const [params] = useSearchParams();
  return (
    <output data-testid="where">
      {`${pathname}${search} ${JSON.stringify(state)} page=${params.get('page')}`}
    </output>
  );
}

function Pending() {
  return useNavigationPending() ? <p>loading next page</p> : null;
}

/** A promise the test settles. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

async function renderAt(path: string, slow: Promise<void> = Promise.resolve()) {
  function SlowPage() {
    use(slow);
    return <h1>Slow page</h1>;
  }
  window.history.replaceState(null, '', path);
  await act(async () => {
    render(
      <AppRouter>
        <Pending />
        <Switch>
          <Route path="/customers">
            <h1>Customers</h1>
          </Route>
          <Route path="/slow">
            <SlowPage />
          </Route>
        </Switch>
        <Where />
      </AppRouter>,
    );
  });
}

const where = () => screen.getByTestId('where').textContent;

describe('the app\'s router (docs/architecture.md "Routes")', () => {
  it('follows the history: a path, a query of this page, state, and Back', async () => {
    await renderAt('/customers?page=2');
    expect(where()).toBe('/customers?page=2 null page=2');
    await act(async () => navigate('/customers/7?page=2', { state: { jouleRecord: true } }));
    expect(where()).toBe('/customers/7?page=2 {"jouleRecord":true} page=2');
    await act(async () => navigate({ search: 'page=3' }, { replace: true }));
    expect(where()).toBe('/customers/7?page=3 null page=3');
    await act(async () => {
      navigate(-1);
      await new Promise((done) => window.addEventListener('popstate', done, { once: true }));
    });
    expect(where()).toBe('/customers?page=2 null page=2');
  });

  it('keeps the page shown while the next one loads, and says a navigation is under way', async () => {
    const slow = deferred();
    await renderAt('/customers', slow.promise);
    await act(async () => navigate('/slow'));
    expect(screen.getByRole('heading', { name: 'Customers' })).toBeTruthy();
    expect(screen.getByText('loading next page')).toBeTruthy();
    await act(async () => slow.resolve());
    expect(screen.getByRole('heading', { name: 'Slow page' })).toBeTruthy();
    expect(screen.queryByText('loading next page')).toBeNull();
  });

  it('renders the address it is given on the server', () => {
    const html = renderToString(
      <AppRouter ssrPath="/customers?page=4">
        <Switch>
          <Route path="/customers">
            <h1>Customers</h1>
          </Route>
        </Switch>
        <Where />
      </AppRouter>,
    );
    expect(html).toContain('<h1>Customers</h1>');
    expect(html).toContain('/customers?page=4 null page=4');
  });
});
