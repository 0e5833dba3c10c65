/**
 * The shell's registry of resources (`ShellRegistry`): the generated descriptors with `overrides/`
 * merged, and the screen that renders one. Lazy, after sign-in, so that the
 * login page never downloads the descriptors or the list/form runtime.
 */
import type { ComponentType } from 'react';
import type { ResourceDescriptor } from '../generated/descriptor-types';
import { wantResourceLabels } from '../i18n';
import type { ListView, ResourceGroup } from '../resources';

/** Props of the screen of one resource. */
export interface ResourceScreenProps {
  readonly descriptor: ResourceDescriptor;
}

/**
 * What the shell's router and menus run on: every resource's descriptor, the screens that
 * render one, the groups and the list prefetch. Not the runtime services a screen reads
 * (`ResourceRuntime` of src/resources) nor the server's `ResourceRegistry`.
 */
export interface ShellRegistry {
  /** Every resource, overrides merged, in codegen's order. */
  readonly descriptors: readonly ResourceDescriptor[];
  /** The whole list screen of a resource with its dialogs (`ResourcePage` of src/resources). */
  readonly ResourceScreen: ComponentType<ResourceScreenProps>;
  /**
   * Pages of several resources (`overrides/groups.ts`), e.g. Utilities.
   * @default none
   */
  readonly groups?: readonly ResourceGroup[];
  /**
   * Saved filters of a list offered as menu entries (`overrides/views.ts`), e.g. the readings
   * to check.
   * @default none
   */
  readonly views?: readonly ListView[];
  /** The page of one group: its member resources the user may use, one tab each. */
  readonly GroupScreen?: ComponentType<GroupScreenProps>;
  /**
   * Starts fetching the rows the resource's screen opened at `params` (its URL's search)
   * shows first, and the user's list preferences (columns); called before the first page
   * renders (`loadFirstPage`, src/app/routes.tsx) so that rows and code arrive together; for a
   * list the URL filters, its filter bar's code too. Settles once all are here or failed (never rejects: the screen shows a failure
   * itself).
   * @default none (the screen fetches when it renders)
   */
  readonly prefetchList?: (
    descriptor: ResourceDescriptor,
    params: URLSearchParams,
  ) => Promise<void> | void;
  /**
   * Loads the code the resource's screen opened at `params` shows at once besides its rows
   * (the filter bar when the URL filters the list); the server-side renderer awaits it.
   * @default none
   */
  readonly loadListCode?: (
    descriptor: ResourceDescriptor,
    params: URLSearchParams,
  ) => Promise<void>;
  /**
   * Starts loading the code of the resource's record dialog (rjsf, its form validators)
   * ahead of a click; a server-rendered list page calls it as it hydrates, its rows painted.
   * Does nothing for a resource without a dialog or with a page of its own.
   * @default none
   */
  readonly preloadDialog?: (descriptor: ResourceDescriptor) => void;
  /**
   * Whether the resource's route shows a page of an override's own (`screen`, e.g. the
   * reports) instead of its list: the server then renders no list there first.
   * @default never
   */
  readonly hasOwnScreen?: (descriptor: ResourceDescriptor) => boolean;
}

/** Props of the page of a resource group. */
export interface GroupScreenProps {
  readonly group: ResourceGroup;
}

/** Loads the shell's registry; injected into the router so tests can pass a small one. */
export type LoadShellRegistry = () => Promise<ShellRegistry>;

let loading: Promise<ShellRegistry> | null = null;

/** The shell's registry, loaded once (a failed load is retried on the next call). */
export const loadShellRegistry: LoadShellRegistry = () => {
  // The resource labels join the catalogue with the registry (the login page needs neither).
  loading ??= Promise.all([import('./resource-registry'), wantResourceLabels()])
    .then(([module]) => module.registry)
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
};
