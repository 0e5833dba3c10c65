import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { clientOver, request as apiRequest, type ApiClient } from '../../api';
import type { ResourceDescriptor } from '../descriptor';
import type { FormValidatorLoaders } from '../form/form-validator';
import type { ResourceOverride, ResourceOverrides } from './overrides';
import type { ResourceEvent } from './resource-events';

/** The one HTTP call the runtime makes, shaped like `request` of `src/api`. */
export type RequestFn = typeof apiRequest;

/**
 * The resource runtime's services: what every resource screen may look up besides its own
 * descriptor (the other descriptors, the overrides, the data layer, the host's callbacks).
 * Not to be confused with the shell's `ShellRegistry` (src/app) or the server's
 * `ResourceRegistry` of compiled declarations.
 */
export interface ResourceRuntime {
  /** All descriptors by name, overrides merged: reference pickers read the referenced one. */
  readonly descriptorsByName: Readonly<Record<string, ResourceDescriptor>>;
  readonly overrides: ResourceOverrides;
  readonly request: RequestFn;
  /**
   * The typed client over `request` (`clientOver`): the calls of overrides and panels,
   * typed by the API's document, e.g. `api.GET('/invoices/{id}/lines/', …)`.
   */
  readonly api: ApiClient;
  /** Told of every finished create, save and delete and of every failed one. */
  readonly onEvent: (event: ResourceEvent) => void;
  /**
   * Whose personal list settings (column choice) to read and write: the signed-in user's
   * id, or null when unknown (settings are then shared by everyone on this browser).
   */
  readonly owner: string | number | null;
  /**
   * Whether the user may use a privilege (docs/product.md §6); decides which related lists show.
   */
  readonly mayUse: (privilege: string | null) => boolean;
  /**
   * Loaders of the precompiled form validators by resource name (`formValidators` of
   * `src/generated/validators`): the dialogs validate without `eval` (docs/security-headers.md).
   */
  readonly formValidators: FormValidatorLoaders;
  /**
   * Whether the back-end keeps the user's list preferences (`apiFeatures.userPreferences`
   * of codegen: its OpenAPI document lists `/auth/me/preferences/`); else they stay in
   * local storage and nothing is asked.
   */
  readonly keepsPreferences: boolean;
  /**
   * Whether the back-end keeps saved views of the lists (`apiFeatures.savedViews`:
   * `/auth/me/views/`, docs/api.md "Saved views"); else the lists offer none.
   */
  readonly keepsViews: boolean;
}

const ignoreEvent = (): void => undefined;
const mayUseAll = (): boolean => true;

const RuntimeContext = createContext<ResourceRuntime>({
  descriptorsByName: {},
  overrides: {},
  request: apiRequest,
  api: clientOver(apiRequest),
  onEvent: ignoreEvent,
  owner: null,
  mayUse: mayUseAll,
  formValidators: {},
  keepsPreferences: true,
  keepsViews: false,
});

/** Props of `ResourceRuntimeProvider`. */
export interface ResourceRuntimeProviderProps {
  /** Descriptors by name, normally `mergeOverrides(descriptorsByName, overrides)`. */
  readonly descriptorsByName: Readonly<Record<string, ResourceDescriptor>>;
  /**
   * The overrides, for their widgets and panels (their `descriptor` parts are already merged).
   * @default {}
   */
  readonly overrides?: ResourceOverrides;
  /**
   * The data layer; tests pass a fake, the app leaves it out.
   * @default request of src/api
   */
  readonly request?: RequestFn;
  /**
   * Called once per finished create, save or delete of a row (`created`, `saved`,
   * `deleted`) and once per failed one (`failed`, with the operation and the error as
   * thrown), with the resource's name and the row's title. The app turns these into
   * notifications and error reports; the runtime itself shows only the dialog's state.
   * Pass a stable function: a new one re-renders every resource screen.
   * @default ignores the events
   */
  readonly onEvent?: (event: ResourceEvent) => void;
  /**
   * The signed-in user's id, which keys personal list settings (column choice).
   * @default null
   */
  readonly owner?: string | number | null;
  /**
   * Whether the user may use a privilege (docs/product.md §6); the server enforces it anyway. Pass
   * a stable function.
   * @default allows everything
   */
  readonly mayUse?: (privilege: string | null) => boolean;
  /**
   * Precompiled form validators by resource name; a resource without one validates with
   * the runtime's basic checks (`basicValidator`) and the server's.
   * @default none
   */
  readonly formValidators?: FormValidatorLoaders;
  /**
   * Whether the back-end keeps list preferences (see `ResourceRuntime.keepsPreferences`).
   * @default true
   */
  readonly keepsPreferences?: boolean;
  /**
   * Whether the back-end keeps saved views (see `ResourceRuntime.keepsViews`).
   * @default false
   */
  readonly keepsViews?: boolean;
  readonly children?: ReactNode;
}

const NO_OVERRIDES: ResourceOverrides = {};
const NO_VALIDATORS: FormValidatorLoaders = {};

/**
 * Gives resource screens the other resources' descriptors, the overrides, the data layer
 * and the host's event callback.
 */
export function ResourceRuntimeProvider({
  descriptorsByName,
  overrides = NO_OVERRIDES,
  request = apiRequest,
  onEvent = ignoreEvent,
  owner = null,
  mayUse = mayUseAll,
  formValidators = NO_VALIDATORS,
  keepsPreferences = true,
  keepsViews = false,
  children,
}: ResourceRuntimeProviderProps) {
  const api = useMemo(() => clientOver(request), [request]);
  const value = useMemo(
    () => ({
      descriptorsByName,
      overrides,
      request,
      api,
      onEvent,
      owner,
      mayUse,
      formValidators,
      keepsPreferences,
      keepsViews,
    }),
    [
      descriptorsByName,
      overrides,
      request,
      api,
      onEvent,
      owner,
      mayUse,
      formValidators,
      keepsPreferences,
      keepsViews,
    ],
  );
  return <RuntimeContext.Provider value={value}>{children}</RuntimeContext.Provider>;
}

/** The runtime services of the nearest `ResourceRuntimeProvider` (defaults outside any). */
export function useResourceRuntime(): ResourceRuntime {
  return useContext(RuntimeContext);
}

const NO_OVERRIDE: ResourceOverride = {};

/** The override of one resource, or an empty one. */
export function useResourceOverride(descriptor: ResourceDescriptor): ResourceOverride {
  return useResourceRuntime().overrides[descriptor.name] ?? NO_OVERRIDE;
}
