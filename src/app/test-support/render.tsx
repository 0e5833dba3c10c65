/** Helpers for the shell's component tests: the whole app in a memory router. */
import { render } from '@testing-library/react';
import { authSession, type CurrentUser } from '../../auth';
import type { ResourceDescriptor } from '../../generated/descriptor-types';
import type { Language } from '../../i18n';
import { App } from '../app';
import type { ShellRegistry, ResourceScreenProps } from '../shell-registry';
import { createAppRouter } from '../routes';

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

/** Renders the app at `path` with a fake registry. */
export function renderApp(options: RenderAppOptions = {}) {
  const { path = '/', descriptors = [] } = options;
  const language = 'language' in options ? options.language : 'en';
  const router = createAppRouter({
    initialEntries: [path],
    loadRegistry: async () => fakeRegistry(descriptors),
  });
  const result = render(<App router={router} language={language} />);
  return { router, ...result };
}
