import { useIntl } from 'react-intl';
import { useSearchParams } from './router';
import { H1, Tab, Tabs } from '@blueprintjs/core';
import type { ResourceDescriptor } from './descriptor';
import { ResourcePage } from './resource-page';

/**
 * A page that shows several resources under one route and menu entry, one tab each
 * (docs/product.md §2 "Utilities": suppliers and distributors). Declared in `overrides/` as data.
 */
export interface ResourceGroup {
  /** Route path segment and menu key, e.g. `utilities`. */
  readonly name: string;
  /** react-intl message id of the page title and menu label. */
  readonly title: string;
  /** Privilege that gates the page (docs/product.md §6), or null for every signed-in user. */
  readonly privilege: string | null;
  /** Member resources by name, in tab order; their own menu entries are left out. */
  readonly resources: readonly string[];
}

/** Props of `ResourceGroupPage`. */
export interface ResourceGroupPageProps {
  readonly group: ResourceGroup;
  /** The member descriptors the user may see, in tab order (overrides merged). */
  readonly descriptors: readonly ResourceDescriptor[];
}

/** URL parameter of the selected tab. */
export const GROUP_TAB_PARAM = 'tab';

/**
 * The group's title and one tab per member resource, each a whole `ResourcePage` (list,
 * chooser, export, dialogs). The selected tab lives in the URL (`?tab=distributors`);
 * switching tabs starts the other list fresh, since both lists read the same URL.
 */
export function ResourceGroupPage({ group, descriptors }: ResourceGroupPageProps) {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const wanted = params.get(GROUP_TAB_PARAM);
  const selected = descriptors.find((d) => d.name === wanted) ?? descriptors[0];
  const titleId = `${group.name}-group-title`;
  return (
    <section aria-labelledby={titleId}>
      <H1 id={titleId}>{intl.formatMessage({ id: group.title, defaultMessage: group.name })}</H1>
      <Tabs
        id={`${group.name}-tabs`}
        selectedTabId={selected?.name}
        renderActiveTabPanelOnly
        size="large"
        onChange={(tab) => setParams(new URLSearchParams({ [GROUP_TAB_PARAM]: String(tab) }))}
      >
        {descriptors.map((descriptor) => (
          <Tab
            key={descriptor.name}
            id={descriptor.name}
            title={intl.formatMessage({ id: descriptor.title, defaultMessage: descriptor.name })}
            panel={<ResourcePage key={descriptor.name} descriptor={descriptor} headingLevel={2} />}
          />
        ))}
      </Tabs>
    </section>
  );
}
