import { useId, useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import {
  Button,
  Callout,
  Classes,
  Dialog,
  DialogBody,
  DialogFooter,
  H2,
  Section,
  Spinner,
  Tab,
  Tabs,
} from '@blueprintjs/core';
import type { ResourceDescriptor, RowId } from '../descriptor';
import { messages } from '../messages';
import { dialogMessages } from '../dialog-messages';
import {
  mergeFieldUi,
  type FormAccess,
  type FormAccessContext,
  type ResourcePanel,
} from '../registry/overrides';
import { useResourceOverride, useResourceRuntime } from '../registry/resource-runtime';
import { useFormDescriptor } from './form-descriptor';
import { useFormValidator } from './form-validator';
import { RelatedList } from '../related/related-list';
import type { RelatedResource } from '../related/related-resources';
import { useRelatedResources } from '../related/use-related-resources';
import { rowTitle } from '../row-title';
import { useTitleFormat } from '../use-title-format';
import { DeleteAlert, DiscardAlert } from './confirm-alerts';
import { HistoryPanel } from './history-panel';
import { ResourceForm } from './resource-form';
import { SaveCallouts } from './save-callouts';
import { useResourceForm, type ReadyForm } from './use-resource-form';

/** Props of `ResourceDialog`. */
export interface ResourceDialogProps {
  readonly descriptor: ResourceDescriptor;
  /** The row to edit, or null to create one. */
  readonly id: RowId | null;
  /** Called when the dialog should go away (saved, deleted, or closed by the user). */
  readonly onClose: () => void;
  /** Values a new row starts with (create only), e.g. the parent of a related row. */
  readonly preset?: Readonly<Record<string, unknown>>;
}

type Confirm = 'none' | 'discard' | 'delete';

const FULL_ACCESS: FormAccess = {};
const fullAccess = (_context: FormAccessContext): FormAccess => FULL_ACCESS;
const NO_ROW = {};
/** The schema before the form is ready (the validator is not used until then). */
const NO_SCHEMA = {};

const alwaysVisible = () => true;

/** One override panel in its section, unless its `useVisible` hook hides it. */
function OverridePanel({
  panel,
  descriptor,
  id,
  form,
  related,
}: {
  panel: ResourcePanel;
  descriptor: ResourceDescriptor;
  id: RowId;
  form: ReadyForm;
  /** The child resource whose related list the panel replaces (`panel.replaces`). */
  related?: RelatedResource;
}) {
  const intl = useIntl();
  const { id: key, title, component: Panel, useVisible = alwaysVisible } = panel;
  if (!useVisible()) return null;
  return (
    <Section title={intl.formatMessage({ id: title, defaultMessage: key })} compact>
      <Panel descriptor={descriptor} id={id} row={form.base.row} related={related} />
    </Section>
  );
}

function Panels({
  descriptor,
  id,
  form,
}: {
  descriptor: ResourceDescriptor;
  id: RowId;
  form: ReadyForm;
}) {
  const intl = useIntl();
  const { panels = [] } = useResourceOverride(descriptor);
  const { descriptorsByName } = useResourceRuntime();
  const related = useRelatedResources(descriptor.name);
  const offered = panels.filter((panel) => panel.available?.(descriptorsByName) ?? true);
  const replacing = new Map(offered.map((panel) => [panel.replaces, panel]));
  const lists = related.map((child) => {
    const panel = replacing.get(child.descriptor.name);
    const title = intl.formatMessage({
      id: child.descriptor.title,
      defaultMessage: child.descriptor.name,
    });
    const content = panel ? (
      <OverridePanel panel={panel} descriptor={descriptor} id={id} form={form} related={child} />
    ) : (
      <Section title={title} compact>
        <RelatedList descriptor={child.descriptor} field={child.field} parentId={id} />
      </Section>
    );
    return { name: child.descriptor.name, title, content };
  });
  return (
    <>
      {offered
        .filter((panel) => panel.replaces === undefined)
        .map((panel) => (
          <OverridePanel key={panel.id} panel={panel} descriptor={descriptor} id={id} form={form} />
        ))}
      {lists.length > 1 ? (
        // Several related lists: one tab each, so every table gets the dialog's whole width
        // and height (issue #17 "related lists in tabs"); only the open tab's list loads.
        <Tabs
          id={`${descriptor.name}-related`}
          className="joule-related-tabs"
          renderActiveTabPanelOnly
        >
          {lists.map((list) => (
            <Tab key={list.name} id={list.name} title={list.title} panel={list.content} />
          ))}
        </Tabs>
      ) : (
        lists[0]?.content
      )}
      {descriptor.operations.history && <HistoryPanel descriptor={descriptor} id={id} />}
    </>
  );
}

/**
 * The create / edit dialog of a resource: the rjsf form, what went wrong above it, the
 * override's panels, the lists of its related rows (resources whose `parent` points
 * here, docs/product.md §2 "Screen contents") and the row's history (when the back-end publishes
 * it) below it, Delete / Cancel / Save in the footer. Closing with unsaved
 * changes asks first. Loaded lazily, so rjsf stays out of the list's first chunk.
 */
export function ResourceDialog(props: ResourceDialogProps) {
  // The descriptor with its form (loaded with the validators, see form-descriptor.ts);
  // nothing is shown meanwhile, as while the dialog's own code loads.
  const descriptor = useFormDescriptor(props.descriptor);
  return descriptor ? <RecordDialog {...props} descriptor={descriptor} /> : null;
}

/** `ResourceDialog` once its descriptor carries its form. */
function RecordDialog({ descriptor, id, onClose, preset }: ResourceDialogProps) {
  const intl = useIntl();
  const controller = useResourceForm(descriptor, id, preset);
  const titleFormat = useTitleFormat();
  const { widgets, validate, useFormAccess = fullAccess } = useResourceOverride(descriptor);
  const [confirm, setConfirm] = useState<Confirm>('none');
  const formId = useId();
  const titleId = useId();
  const resource = intl.formatMessage({
    id: descriptor.singular ?? descriptor.title,
    defaultMessage: descriptor.name,
  });
  const ready = controller.status === 'ready' ? controller : null;
  const name = ready && id !== null ? rowTitle(descriptor, ready.base.row, titleFormat) : '';
  // The override's view of what this user may change here (e.g. only what they could grant).
  const access = useFormAccess({ descriptor, id, row: ready?.base.row ?? NO_ROW });
  const readyForm = ready?.form;
  const form = useMemo(
    () =>
      readyForm && { ...readyForm, uiSchema: mergeFieldUi(readyForm.uiSchema, access.uiSchema) },
    [readyForm, access.uiSchema],
  );
  // The precompiled validator of this resource's form (loaded now, in its own chunk).
  const { formValidators } = useResourceRuntime();
  const validator = useFormValidator(
    formValidators,
    descriptor.name,
    id === null ? 'create' : 'edit',
    readyForm?.schema ?? NO_SCHEMA,
  );
  const canSave =
    !access.readOnly && (id === null ? descriptor.operations.create : descriptor.operations.update);
  const saving = ready?.save.status === 'saving';
  const requestClose = () => (ready?.dirty ? setConfirm('discard') : onClose());

  const title =
    id === null
      ? descriptor.create
        ? intl.formatMessage({ id: descriptor.create, defaultMessage: descriptor.name })
        : intl.formatMessage(dialogMessages.createTitle, { resource })
      : ready
        ? intl.formatMessage(dialogMessages.editTitle, { resource, name })
        : resource;

  return (
    <>
      <Dialog
        isOpen
        onClose={requestClose}
        aria-labelledby={titleId}
        style={{ width: 'min(960px, 96vw)' }}
      >
        {/* Our own header: Blueprint's close button has a fixed English label. */}
        <div className={Classes.DIALOG_HEADER}>
          <H2 id={titleId}>{title}</H2>
          <Button
            variant="minimal"
            icon="small-cross"
            aria-label={intl.formatMessage(dialogMessages.close)}
            onClick={requestClose}
          />
        </div>
        <DialogBody>
          {controller.status === 'pending' && (
            <Spinner aria-label={intl.formatMessage(messages.loading)} />
          )}
          {controller.status === 'error' && (
            <Callout
              intent="danger"
              role="alert"
              title={intl.formatMessage(dialogMessages.recordLoadError)}
            >
              <Button text={intl.formatMessage(messages.retry)} onClick={controller.retry} />
            </Callout>
          )}
          {ready && (
            <>
              <SaveCallouts descriptor={descriptor} save={ready.save} onReapply={ready.reapply} />
              <ResourceForm
                id={formId}
                form={form ?? ready.form}
                formData={ready.formData}
                stored={ready.base.row}
                onChange={ready.setFormData}
                onSubmit={(data) => void ready.submit(data).then((saved) => saved && onClose())}
                extraErrors={ready.save.status === 'invalid' ? ready.save.extraErrors : undefined}
                widgets={widgets}
                validate={validate}
                validator={validator}
                disabled={!canSave || saving}
              />
              {id !== null && <Panels descriptor={descriptor} id={id} form={ready} />}
            </>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={intl.formatMessage(dialogMessages.cancel)} onClick={requestClose} />
              {canSave && (
                <Button
                  type="submit"
                  form={formId}
                  intent="primary"
                  loading={saving}
                  disabled={!ready}
                  text={intl.formatMessage(dialogMessages.save)}
                />
              )}
            </>
          }
        >
          {ready && id !== null && descriptor.operations.destroy && !access.readOnly && (
            <Button
              intent="danger"
              variant="minimal"
              icon="trash"
              text={intl.formatMessage(dialogMessages.delete)}
              onClick={() => setConfirm('delete')}
            />
          )}
        </DialogFooter>
      </Dialog>
      <DiscardAlert
        isOpen={confirm === 'discard'}
        onDiscard={onClose}
        onCancel={() => setConfirm('none')}
      />
      {ready && (
        <DeleteAlert
          isOpen={confirm === 'delete'}
          name={name}
          deletion={ready.deletion}
          onConfirm={() => void ready.remove().then((done) => done && onClose())}
          onCancel={() => setConfirm('none')}
        />
      )}
    </>
  );
}
