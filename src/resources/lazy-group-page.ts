import { lazyComponent } from './registry/lazy-component';
import type { ResourceGroupPageProps } from './resource-group-page';

/**
 * `ResourceGroupPage` as a lazy component: its tabs (Blueprint's `Tabs`) load with the first
 * group page shown, not with every list page.
 */
export const LazyResourceGroupPage = lazyComponent<ResourceGroupPageProps>(() =>
  import('./resource-group-page').then((module) => module.ResourceGroupPage),
);
