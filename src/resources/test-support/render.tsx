/** Test helpers: the providers a resource screen needs, and a fake data layer. */
import { useState, type ReactElement, type ReactNode } from 'react';
import { OverlaysProvider } from '@blueprintjs/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { afterEach } from 'vitest';
import { IntlProvider } from 'react-intl';
import { ApiError, type ApiResponse, type RequestOptions } from '../../api';
import cs from '../../../locales/cs.json';
import en from '../../../locales/en.json';
import { AppRouter } from '../router';
import { ResourceRuntimeProvider, type RequestFn } from '../registry/resource-runtime';
import type { ResourceOverrides } from '../registry/overrides';
import type { ResourceEvent } from '../registry/resource-events';
import type { ResourceDescriptor } from '../descriptor';
import type { FormValidatorLoaders } from '../form/form-validator';
import { descriptorsByName as fixtureDescriptors, testMessages } from './fixtures';
import { generatedValidators } from './generated-forms';

/** The overrides' messages (`overrides/<folder>/<lang>.json`), merged per language. */
const overrideFiles = import.meta.glob<Record<string, string>>('../../../overrides/*/*.json', {
  eager: true,
  import: 'default',
});
const overrideMessages = (lang: 'cs' | 'en'): Record<string, string> =>
  Object.assign(
    {},
    ...Object.entries(overrideFiles)
      .filter(([path]) => path.endsWith(`/${lang}.json`))
      .map(([, messages]) => messages),
  );
const overridesCs = overrideMessages('cs');
const overridesEn = overrideMessages('en');

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

/** One call the fake data layer saw. */
export interface Call {
  readonly method: string;
  readonly path: string;
  readonly options: RequestOptions;
}

/** What a fake route answers: data (and an ETag), or a thrown error. */
export type FakeAnswer = { data: unknown; etag?: string | null; status?: number };

/** A `request` whose answers come from `handle`; every call is recorded in `calls`. */
export function fakeRequest(handle: (call: Call) => FakeAnswer | Promise<FakeAnswer>) {
  const calls: Call[] = [];
  const request = (async (method: string, path: string, options: RequestOptions = {}) => {
    const call = { method, path, options };
    calls.push(call);
    const answer = await handle(call);
    return {
      data: answer.data,
      status: answer.status ?? 200,
      etag: answer.etag ?? null,
    } satisfies ApiResponse<unknown>;
  }) as RequestFn;
  return { request, calls };
}

/** Throws an `ApiError` as `request` would. */
export function apiError(status: number, body: unknown): never {
  throw new ApiError(status, body);
}

/** Options of `renderWithProviders`. */
export interface ProvidersOptions {
  readonly request: RequestFn;
  /** @default 'cs' */
  readonly locale?: 'cs' | 'en';
  /** @default '/' */
  readonly url?: string;
  readonly overrides?: ResourceOverrides;
  /** @default the fixtures' descriptors */
  readonly descriptorsByName?: Readonly<Record<string, ResourceDescriptor>>;
  /** The runtime's `mayUse`. @default allows everything */
  readonly mayUse?: (privilege: string | null) => boolean;
  /** The runtime's `onEvent`; tests of the runtime's events pass a spy. */
  readonly onEvent?: (event: ResourceEvent) => void;
  /** The runtime's `owner` (user id keying personal list settings). */
  readonly owner?: string | number | null;
  /** @default a new client without retries */
  readonly queryClient?: QueryClient;
  /**
   * Messages laid under the hand-written catalogue, e.g. the generated labels
   * (`generatedLabels` of generated-labels.ts) for a test reading what the API names things.
   */
  readonly labels?: Readonly<Record<string, string>>;
  /** The runtime's `keepsPreferences`. @default true */
  readonly keepsPreferences?: boolean;
  /** The runtime's `keepsViews`. @default false */
  readonly keepsViews?: boolean;
  /**
   * The runtime's `formValidators` (with them the forms the generated descriptors leave
   * out). @default the generated ones
   */
  readonly formValidators?: FormValidatorLoaders;
}

/** Wraps children in router, query client, intl, overlays and the resource runtime's services. */
export function Providers({
  children,
  request,
  locale = 'cs',
  url = '/',
  overrides,
  descriptorsByName = fixtureDescriptors,
  mayUse,
  onEvent,
  owner,
  queryClient,
  labels,
  keepsPreferences,
  keepsViews,
  formValidators = generatedValidators,
}: ProvidersOptions & { children: ReactNode }) {
  // The address the test starts at, in jsdom's history, which the app's router follows.
  useState(() => window.history.replaceState(null, '', url));
  const [client] = useState(
    () =>
      queryClient ??
      new QueryClient({
        defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
      }),
  );
  const messages = {
    ...labels,
    ...(locale === 'cs' ? { ...overridesCs, ...cs } : { ...overridesEn, ...en }),
    ...testMessages,
  };
  return (
    <AppRouter>
      <QueryClientProvider client={client}>
        <IntlProvider locale={locale} messages={messages} onError={() => undefined}>
          <OverlaysProvider>
            <ResourceRuntimeProvider
              descriptorsByName={descriptorsByName}
              request={request}
              overrides={overrides}
              mayUse={mayUse}
              onEvent={onEvent}
              owner={owner}
              keepsPreferences={keepsPreferences}
              keepsViews={keepsViews}
              formValidators={formValidators}
            >
              {children}
            </ResourceRuntimeProvider>
          </OverlaysProvider>
        </IntlProvider>
      </QueryClientProvider>
    </AppRouter>
  );
}

/** `render` inside `Providers`. */
export function renderWithProviders(ui: ReactElement, options: ProvidersOptions) {
  return render(<Providers {...options}>{ui}</Providers>);
}
