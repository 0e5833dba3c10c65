/** About (docs/product.md §2): read-only, release and release tag, at most 500 px wide. */
import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { FormattedMessage, useIntl } from 'react-intl';
import { release } from '../release';

export interface AboutDialogProps {
  readonly isOpen: boolean;
  readonly onClose: () => void;
}

export function AboutDialog({ isOpen, onClose }: AboutDialogProps) {
  const intl = useIntl();
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      icon="info-sign"
      // The footer's Close button is the one way out besides Escape: one 'Close' per dialog.
      isCloseButtonShown={false}
      title={intl.formatMessage({ id: 'app.about.title' })}
      className="joule-about-dialog"
      style={{ maxWidth: 500 }}
    >
      <DialogBody>
        <p>
          <FormattedMessage id="app.about.description" />
        </p>
        <dl className="joule-about-facts">
          <dt>
            <FormattedMessage id="app.about.release" />
          </dt>
          <dd>{release.version}</dd>
          <dt>
            <FormattedMessage id="app.about.releaseTag" />
          </dt>
          <dd>{release.tag || '—'}</dd>
        </dl>
      </DialogBody>
      <DialogFooter
        actions={
          <Button intent="primary" onClick={onClose}>
            <FormattedMessage id="app.about.close" />
          </Button>
        }
      />
    </Dialog>
  );
}
