/** Helpers for the shell's component tests: the whole app at an address of jsdom's history. */
import { act, render, type RenderResult } from '@testing-library/react';
import { authSession, type CurrentUser } from '../../auth';
import type { ResourceDescriptor } from '../../generated/descriptor-types';
import type { Language } from '../../i18n';
import { navigate } from '../../resources';
import { App } from '../app';
import type { ShellRegistry, ResourceScreenProps } from '../shell-registry';

export { fakeDescriptor } from './descriptors';

function FakeResourceScreen({ descriptor }: ResourceScreenProps) {
  return <h1>{`${descriptor.name} screen`}</h1>;
}

export function fakeRegistry(descriptors: readonly ResourceDescriptor[]): ShellRegistry {
  return { descriptors, ResourceScreen: FakeResourceScreen };
}

/** Signs a user in without the network (tokens are not looked at by the shell). */
export function signIn(user: CurrentUser): void {
  authSession.store.setTokens({ access: 'test-access', refresh: 'test-refresh' });
  authSession.store.setBackend('joule');
  authSession.store.setUser(user);
}

export interface RenderAppOptions {
  path?: string;
  /** @default 'en'; pass undefined explicitly to follow the stored setting. */
  language?: Language;
  descriptors?: readonly ResourceDescriptor[];
}

/** The test's view of the app's address: go elsewhere, and where the app is now. */
export interface TestRouter {
  /** Goes to `to` (path and query), as a link would, and lets the app render it. */
  navigate(to: string): Promise<void>;
  readonly state: { readonly location: Location };
}

/** {@link TestRouter} over jsdom's history. */
export const testRouter: TestRouter = {
  navigate: (to) => act(async () => navigate(to)),
  state: {
    get location() {
      return window.location;
    },
  },
};

/**
 * Renders the app at `path` with a fake registry, in an awaited `act`: what the first page
 * suspends on (its code, the session's check, the registry) is then retried, as React asks.
 */
export async function renderApp(options: RenderAppOptions = {}) {
  const { path = '/', descriptors = [] } = options;
  const language = 'language' in options ? options.language : 'en';
  window.history.replaceState(null, '', path);
  let result: RenderResult | undefined;
  await act(async () => {
    result = render(
      <App loadRegistry={async () => fakeRegistry(descriptors)} language={language} />,
    );
  });
  return { router: testRouter, ...result! };
}
