import { useIntl } from 'react-intl';
import { Button } from '@blueprintjs/core';
import { LazyPopover } from '../lazy-popover';
import type { ResourceDescriptor } from '../descriptor';
import { messages } from '../messages';
import { loadLazyMessages } from '../registry/lazy-messages';
import type { ColumnSettingsController } from './column-settings';

/** Props of `ColumnChooser`. */
export interface ColumnChooserProps {
  readonly descriptor: ResourceDescriptor;
  readonly columns: ColumnSettingsController;
}

// Its messages (dialog-messages.ts) come with its code (registry/lazy-messages.ts).
const loadPopover = async () =>
  (await Promise.all([import('./column-chooser-popover'), loadLazyMessages()]))[0]
    .ColumnChooserPopover;

/**
 * The "Columns" button and its popover (`column-chooser-popover.tsx`, loaded on first use):
 * show, hide and order the list's columns.
 */
export function ColumnChooser(props: ColumnChooserProps) {
  const intl = useIntl();
  return (
    <LazyPopover<ColumnChooserProps> load={loadPopover} props={props}>
      <Button icon="column-layout" text={intl.formatMessage(messages.columns)} />
    </LazyPopover>
  );
}
