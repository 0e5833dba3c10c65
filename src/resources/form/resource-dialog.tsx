import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useNavigate } from '../router';
import {
  Breadcrumbs,
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
import { useRecordPath } from '../record-path';
import { RelatedList } from '../related/related-list';
import type { RelatedResource } from '../related/related-resources';
import { useRelatedResources } from '../related/use-related-resources';
import { rowTitle } from '../row-title';
import { useTitleFormat } from '../use-title-format';
import { DeleteAlert, DiscardAlert } from './confirm-alerts';
import { DialogTrailContext, useDialogTrail, type DialogCrumb } from './dialog-trail';
import { HistoryButton } from './history-panel';
import { ResourceForm } from './resource-form';
import { SaveCallouts } from './save-callouts';
import './resource-dialog.css';
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
  /**
   * Opens the edit dialog of row `id`, just created, in place of this create dialog. When
   * given and the resource has related lists, a new row's dialog offers "Save and
   * continue", which goes on to them (a new point to its specifications).
   */
  readonly onContinue?: (id: RowId) => void;
}

type Confirm = 'none' | 'discard' | 'delete' | { readonly leaveTo: string };

const FULL_ACCESS: FormAccess = {};
const fullAccess = (_context: FormAccessContext): FormAccess => FULL_ACCESS;
/** The default dialog title (see `ResourceOverride.useDialogTitle`). */
const defaultTitle = (_context: FormAccessContext): string | undefined => undefined;
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
  // A related row named in the URL (`/contracts/4/points/201`) opens its list's tab, so that
  // the list is there to open the row's dialog (record-path.tsx).
  const inUrl = useRecordPath()?.rest[0];
  const [chosenTab, setChosenTab] = useState<string | undefined>(undefined);
  const tab = chosenTab ?? (lists.some((list) => list.name === inUrl) ? inUrl : lists[0]?.name);
  return (
    <>
      {offered
        .filter((panel) => panel.replaces === undefined)
        .map((panel) => (
          <OverridePanel key={panel.id} panel={panel} descriptor={descriptor} id={id} form={form} />
        ))}
      {lists.length > 1 ? (
        // Several related lists: one tab each, so every table gets the dialog's whole width
        // and height (docs/product.md); only the open tab's list loads.
        <Tabs
          id={`${descriptor.name}-related`}
          className="joule-related-tabs"
          renderActiveTabPanelOnly
          selectedTabId={tab}
          onChange={(id) => setChosenTab(String(id))}
        >
          {lists.map((list) => (
            <Tab key={list.name} id={list.name} title={list.title} panel={list.content} />
          ))}
        </Tabs>
      ) : (
        lists[0]?.content
      )}
    </>
  );
}

/**
 * The create / edit dialog of a resource: the rjsf form, what went wrong above it, the
 * override's panels, the lists of its related rows (resources whose `parent` points
 * here, docs/product.md §2 "Screen contents") and the row's history (when the back-end publishes
 * it) below it, Delete / Cancel / Save in the footer. Closing with unsaved
 * changes asks first. Lazy, so rjsf stays out of the list's first chunk.
 */
export function ResourceDialog(props: ResourceDialogProps) {
  // The descriptor with its form (loaded with the validators, see form-descriptor.ts);
  // nothing is shown meanwhile, as while the dialog's own code loads.
  const descriptor = useFormDescriptor(props.descriptor);
  return descriptor ? <RecordDialog {...props} descriptor={descriptor} /> : null;
}

/** `ResourceDialog` once its descriptor carries its form. */
function RecordDialog({
  descriptor,
  id: opened,
  onClose,
  preset,
  onContinue,
}: ResourceDialogProps) {
  const intl = useIntl();
  const navigate = useNavigate();
  const trail = useDialogTrail();
  const path = useRecordPath();
  // "Save and continue" goes on to the related lists, so it is offered where there are some.
  const relatedCount = useRelatedResources(descriptor.name).length;
  const {
    widgets,
    validate,
    panels,
    openAfterCreate = false,
    onCreated,
    useFormAccess = fullAccess,
    useDialogTitle = defaultTitle,
  } = useResourceOverride(descriptor);
  const hasRelated = relatedCount > 0 || (panels ?? []).length > 0;
  const continuing = useRef(false);
  const controller = useResourceForm(descriptor, opened, preset);
  const titleFormat = useTitleFormat();
  const [confirm, setConfirm] = useState<Confirm>('none');
  const formId = useId();
  const titleId = useId();
  const resource = intl.formatMessage({
    id: descriptor.singular ?? descriptor.title,
    defaultMessage: descriptor.name,
  });
  const ready = controller.status === 'ready' ? controller : null;
  // The row: the one opened, or the one just created when the dialog stays open on it.
  const id = ready ? ready.id : opened;
  const name = ready && id !== null ? rowTitle(descriptor, ready.base.row, titleFormat) : '';
  // The override's view of what this user may change here (e.g. only what they could grant).
  const access = useFormAccess({ descriptor, id, row: ready?.base.row ?? NO_ROW });
  const ownTitle = useDialogTitle({ descriptor, id, row: ready?.base.row ?? NO_ROW });
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
  // Each Save that found errors scrolls to and focuses the first of them, in the form's order
  // whatever its section (docs/api.md "Dry run").
  const round = ready?.save.status === 'invalid' ? ready.save.round : undefined;
  useEffect(() => {
    if (round === undefined) return;
    const frame = requestAnimationFrame(() => {
      const form = document.getElementById(formId);
      const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (!first) return;
      // jsdom has no scrolling.
      if (typeof first.scrollIntoView === 'function') first.scrollIntoView({ block: 'center' });
      first.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [round, formId]);
  const storedAs = useMemo(() => {
    const notes: Record<string, string> = {};
    for (const [name, value] of Object.entries(ready?.storedAs ?? {})) {
      const field = descriptor.fields.find((f) => f.name === name);
      const titled = field?.titleField ? ready?.base.row[field.titleField] : undefined;
      const text =
        typeof titled === 'string'
          ? titled
          : field && value !== null && value !== undefined && value !== ''
            ? titleFormat(field, value)
            : '';
      notes[name] = text
        ? intl.formatMessage(dialogMessages.storedAs, { value: text })
        : intl.formatMessage(dialogMessages.storedAsEmpty);
    }
    return notes;
  }, [ready?.storedAs, ready?.base.row, descriptor.fields, titleFormat, intl]);
  const requestClose = () => (ready?.dirty ? setConfirm('discard') : onClose());
  // A crumb goes back to the dialog it names (its URL), asking first when this one has
  // unsaved changes.
  const leaveTo = (href: string) =>
    ready?.dirty ? setConfirm({ leaveTo: href }) : void navigate(href);
  // Where Save itself goes on, a second button would say the same.
  const offerContinue =
    id === null && onContinue !== undefined && hasRelated && canSave && !openAfterCreate;

  const title =
    id === null
      ? descriptor.create
        ? intl.formatMessage({ id: descriptor.create, defaultMessage: descriptor.name })
        : intl.formatMessage(dialogMessages.createTitle, { resource })
      : ready
        ? (ownTitle ?? intl.formatMessage(dialogMessages.editTitle, { resource, name }))
        : resource;
  // What the dialogs opened from this one show of it in their breadcrumb.
  const crumbs = useMemo<readonly DialogCrumb[]>(
    () => [
      ...trail,
      {
        text: id === null ? title : `${resource} ${name}`,
        ...(path && id !== null && { href: `${path.base}${path.search}` }),
      },
    ],
    [trail, id, title, resource, name, path],
  );
  const stacked = trail.length > 0;

  return (
    <>
      <Dialog
        isOpen
        onClose={requestClose}
        aria-labelledby={titleId}
        style={{ width: 'min(960px, 96vw)' }}
        // One backdrop for the whole stack: a dialog opened from another does not darken
        // the screen again; its breadcrumb says where it came from.
        {...(stacked && { backdropClassName: 'joule-stacked-backdrop' })}
      >
        {/* Our own header: Blueprint's close button has a fixed English label. */}
        <div className={Classes.DIALOG_HEADER}>
          <div className="joule-dialog-heading">
            {stacked && (
              <nav aria-label={intl.formatMessage(dialogMessages.trail)}>
                <Breadcrumbs
                  minVisibleItems={trail.length}
                  items={trail.map((crumb) => ({
                    text: crumb.text,
                    ...(crumb.href !== undefined && {
                      href: crumb.href,
                      onClick: (event: React.MouseEvent) => {
                        event.preventDefault();
                        leaveTo(crumb.href!);
                      },
                    }),
                  }))}
                />
              </nav>
            )}
            <H2 id={titleId}>{title}</H2>
          </div>
          {ready && id !== null && descriptor.operations.history && (
            <HistoryButton descriptor={descriptor} id={id} name={name} />
          )}
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
                onSubmit={(data) => {
                  const goOn = continuing.current || openAfterCreate;
                  continuing.current = false;
                  void ready.saveRow(data).then((saved) => {
                    // A value stored differently keeps the dialog open, saying so beside it.
                    if (!saved || saved.storedDifferently) return;
                    if (id === null) onCreated?.(saved.row);
                    const newId = saved.row[descriptor.idField];
                    if (goOn && (typeof newId === 'number' || typeof newId === 'string'))
                      onContinue?.(newId);
                    else onClose();
                  });
                }}
                onInvalid={(data, fields) => void ready.check(data, fields)}
                storedAs={storedAs}
                extraErrors={ready.save.status === 'invalid' ? ready.save.extraErrors : undefined}
                widgets={widgets}
                validate={validate}
                validator={validator}
                disabled={!canSave || saving}
              />
              {id !== null && (
                <DialogTrailContext.Provider value={crumbs}>
                  <Panels descriptor={descriptor} id={id} form={ready} />
                </DialogTrailContext.Provider>
              )}
            </>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={intl.formatMessage(dialogMessages.cancel)} onClick={requestClose} />
              {offerContinue && (
                <Button
                  type="submit"
                  form={formId}
                  loading={saving}
                  disabled={!ready}
                  text={intl.formatMessage(dialogMessages.saveAndContinue)}
                  onClick={() => (continuing.current = true)}
                />
              )}
              {canSave && (
                <Button
                  type="submit"
                  form={formId}
                  intent="primary"
                  loading={saving}
                  disabled={!ready}
                  text={intl.formatMessage(dialogMessages.save)}
                  onClick={() => (continuing.current = false)}
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
        isOpen={confirm === 'discard' || typeof confirm === 'object'}
        onDiscard={() => (typeof confirm === 'object' ? void navigate(confirm.leaveTo) : onClose())}
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
