/** @vitest-environment jsdom */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { abilityFor, canUse } from './abilities';
import { AbilityContext, useAbility } from './abilities-react';
import { SessionProvider } from './react';
import { createSessionStore, type CurrentUser } from './session-store';

afterEach(cleanup);

const clerk: CurrentUser = { id: 2, email: 'clerk@joule.test', privileges: ['CUSTOMERS'] };

function MayUse({ privilege }: { readonly privilege: string }) {
  return <p>{canUse(useAbility(), privilege) ? 'allowed' : 'denied'}</p>;
}

describe('useAbility (docs/product.md §6)', () => {
  it("re-renders with the session's user: sign-in, sign-out", () => {
    const store = createSessionStore(null);
    render(
      <SessionProvider session={{ store }}>
        <MayUse privilege="CUSTOMERS" />
      </SessionProvider>,
    );
    expect(screen.getByText('denied')).toBeDefined();
    act(() => store.setUser(clerk));
    expect(screen.getByText('allowed')).toBeDefined();
    act(() => store.clear());
    expect(screen.getByText('denied')).toBeDefined();
  });

  it("prefers the abilities AbilityContext gives over the session's", () => {
    const store = createSessionStore(null);
    store.setUser(clerk);
    render(
      <SessionProvider session={{ store }}>
        <AbilityContext.Provider value={abilityFor(['USERS'])}>
          <MayUse privilege="CUSTOMERS" />
        </AbilityContext.Provider>
      </SessionProvider>,
    );
    expect(screen.getByText('denied')).toBeDefined();
  });
});
