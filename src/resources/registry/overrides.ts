/**
 * How `overrides/` changes the generic runtime (docs/architecture.md "Conventions":
 * overrides): one typed record per resource name, merged by one function. The runtime
 * never imports `overrides/`; the app hands the record to `mergeOverrides` and to
 * `ResourceRuntimeProvider`.
 */
import type { ComponentType } from 'react';
import type { Widget } from '@rjsf/utils';
import type { ResourceDescriptor, ResourceRow, RowId } from '../descriptor';
import type { RelatedResource } from '../related/related-resources';

/** What a panel receives: the resource and the row being edited. */
export interface ResourcePanelProps {
  readonly descriptor: ResourceDescriptor;
  readonly id: RowId;
  /** The row as last read from the server. */
  readonly row: ResourceRow;
  /**
   * The child resource whose related list the panel replaces (see
   * {@link ResourcePanel.replaces}) and its field naming the parent; absent otherwise.
   */
  readonly related?: RelatedResource;
}

/** An extra section of the edit dialog, below the form (e.g. a tariff device's measurements). */
export interface ResourcePanel {
  /** Stable key of the panel within its resource. */
  readonly id: string;
  /** react-intl message id of the panel's heading. */
  readonly title: string;
  readonly component: ComponentType<ResourcePanelProps>;
  /**
   * A React hook deciding whether the panel (heading included) shows for the signed-in user,
   * e.g. only with a privilege; shown always when absent.
   */
  readonly useVisible?: () => boolean;
  /**
   * The name of a child resource (one whose `parent` names this resource) whose generic
   * related list the panel replaces: it is shown in that list's place and only when that
   * list would show (the back-end declares the child, the user may use it), and gets the
   * child as `related`. Absent: the panel is shown above the related lists.
   */
  readonly replaces?: string;
  /**
   * Whether the back-end offers what the panel needs, judged from all descriptors (e.g. an
   * endpoint it calls is among a descriptor's `operations.extraActions`). When false the
   * panel is not shown (nor asks anything of the server) and what it would replace shows.
   * @default always
   */
  readonly available?: (descriptorsByName: Readonly<Record<string, ResourceDescriptor>>) => boolean;
}

/** What an override's `useFormAccess` hook is told about the open dialog. */
export interface FormAccessContext {
  readonly descriptor: ResourceDescriptor;
  /** The row being edited, or null when a new one is being created. */
  readonly id: RowId | null;
  /** The row as last read from the server; `{}` when creating or while it loads. */
  readonly row: ResourceRow;
}

/** uiSchema entries of single fields, by field name. */
export type FieldUiPatch = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

/**
 * What the signed-in user may do in one dialog, as the resource's override judges it (the
 * server decides anyway; this only spares the user a refusal).
 */
export interface FormAccess {
  /**
   * Merged over the form's uiSchema field by field (`ui:options` key by key): e.g.
   * `'ui:widget': 'hidden'` hides a field, `'ui:disabled': true` locks it,
   * `'ui:enumDisabled': [...]` locks some choices, `'ui:options': { acceptRow }` limits
   * what a reference picker offers to the rows `acceptRow(row)` accepts.
   */
  readonly uiSchema?: FieldUiPatch;
  /** The whole row is read-only: the form is disabled, Save and Delete are not offered. */
  readonly readOnly?: boolean;
}

/** A react-intl message: id and English default. */
export interface OverrideMessage {
  readonly id: string;
  readonly defaultMessage?: string;
}

/**
 * Cross-field checks of a form, run on submit beside the schema's own: messages by
 * top-level field name (the field must be in the form), or undefined when all is well.
 */
export type FormValidator = (
  data: Readonly<Record<string, unknown>>,
) => Readonly<Record<string, readonly OverrideMessage[]>> | undefined;

/**
 * How a list column shows its cells instead of by its field's kind: the text of a cell
 * from the whole row (so one column may combine several fields, e.g. a from–to range),
 * and optionally another header.
 */
export interface ColumnCell {
  /** react-intl message id of the header; the field's label when absent. */
  readonly header?: string;
  /**
   * The cell's text; `locale` is the UI language (`cs`, `en`), `descriptor` the resource's
   * (overrides applied).
   */
  readonly format: (row: ResourceRow, locale: string, descriptor: ResourceDescriptor) => string;
  /**
   * Whether the cell applies to the back-end's descriptor (e.g. only when it declares what
   * the cell composes); when false the column shows as its field's kind, under its label.
   * @default always
   */
  readonly applies?: (descriptor: ResourceDescriptor) => boolean;
}

/** The override cell of column `name` when there is one and it applies to `descriptor`. */
export function columnCell(
  cells: Readonly<Record<string, ColumnCell>> | undefined,
  name: string,
  descriptor: ResourceDescriptor,
): ColumnCell | undefined {
  const cell = cells?.[name];
  return cell && (cell.applies?.(descriptor) ?? true) ? cell : undefined;
}

/** What a list toolbar action receives: the resource whose list it sits on. */
export interface ListActionProps {
  readonly descriptor: ResourceDescriptor;
}

/**
 * A control an override adds to a resource's list toolbar, before "Export CSV" (e.g.
 * "Import readings" on the tariff devices). The component decides itself whether it shows
 * (it renders nothing when the back-end lacks what it needs).
 */
export interface ListAction {
  /** Stable key of the action within its resource. */
  readonly id: string;
  readonly component: ComponentType<ListActionProps>;
}

/** What a replaced resource screen receives: its resource (overrides merged). */
export interface ResourceScreenOverrideProps {
  readonly descriptor: ResourceDescriptor;
}

/**
 * A page that replaces the resource's whole list screen at its route (e.g. the reports of
 * `/reports`, docs/product.md §2). The route, its title, its menu entry and its privilege guard
 * stay the resource's; the generic list's rows are neither shown nor fetched.
 */
export interface ResourceScreenOverride {
  readonly component: ComponentType<ResourceScreenOverrideProps>;
  /**
   * Whether the back-end offers what the page needs, judged from all descriptors (e.g. the
   * endpoints it calls are among `operations.extraActions`). When false the generic list
   * shows as if there were no override.
   * @default always
   */
  readonly available?: (descriptorsByName: Readonly<Record<string, ResourceDescriptor>>) => boolean;
}

/** What a list filter of an override receives. */
export interface ListFilterProps {
  readonly descriptor: ResourceDescriptor;
  /** The parameter's current value, '' when unset. */
  readonly value: string;
  /** Sets the parameter ('' removes it); the list goes back to its first page. */
  readonly onChange: (value: string) => void;
}

/**
 * A filter control an override adds to the list's filter bar for one of the list's own
 * query parameters (`descriptor.listParams`, e.g. users' `hasPrivileges`, docs/product.md §7).
 * Shown only when the back-end publishes that parameter; its value lives in the URL as itself.
 */
export interface ListFilter {
  /** The query parameter, e.g. `hasPrivileges`. */
  readonly param: string;
  readonly component: ComponentType<ListFilterProps>;
}

/** Everything one resource's override may change. All parts are optional. */
export interface ResourceOverride {
  /**
   * Returns the changed descriptor (columns, titleFields, uiSchema, …). Must return a new
   * object rather than mutate its argument, and must keep `name`.
   */
  readonly descriptor?: (descriptor: ResourceDescriptor) => ResourceDescriptor;
  /**
   * rjsf widgets by name for this resource's form. A uiSchema `ui:widget` naming one uses
   * it; a name equal to a built-in widget (`date`, `reference`, …) replaces the built-in.
   */
  readonly widgets?: Readonly<Record<string, Widget>>;
  /**
   * List cells by column (field) name, replacing the field kind's formatting; the column
   * keeps the field's sorting. Pair with `descriptor` changing `columns` to choose which
   * columns show by default.
   */
  readonly cells?: Readonly<Record<string, ColumnCell>>;
  /** Cross-field checks of the edit form (see {@link FormValidator}). */
  readonly validate?: FormValidator;
  /** Controls added to the list's toolbar (see {@link ListAction}). */
  readonly listActions?: readonly ListAction[];
  /** Filters of the list's own query parameters (see {@link ListFilter}). */
  readonly listFilters?: readonly ListFilter[];
  /** Sections shown below the form when an existing row is edited. */
  readonly panels?: readonly ResourcePanel[];
  /**
   * "Save" of the create dialog goes on to the new row's dialog, as "Save and continue" does
   * (docs/product.md §2 "Screen contents"), for rows whose dialog follows work their creation
   * starts (a billing run's progress). @default false
   */
  readonly openAfterCreate?: boolean;
  /** Called with the row the create dialog has just created (a billing run, to follow it). */
  readonly onCreated?: (row: ResourceRow) => void;
  /**
   * A React hook the dialog calls on every render (so it may use other hooks, e.g. the
   * signed-in user's) deciding what the user may change in this row: see {@link FormAccess}.
   */
  readonly useFormAccess?: (context: FormAccessContext) => FormAccess;
  /**
   * A React hook naming the dialog of an existing row in place of "<resource> <row's
   * title>" (e.g. by the row's state: a draft by what it is for); undefined keeps the
   * default. Called on every render, like {@link useFormAccess}.
   */
  readonly useDialogTitle?: (context: FormAccessContext) => string | undefined;
  /** A page in place of the resource's list screen (see {@link ResourceScreenOverride}). */
  readonly screen?: ResourceScreenOverride;
}

/**
 * The page replacing `descriptor`'s list screen, or undefined when its override has none or
 * the back-end lacks what that page needs.
 */
export function screenOverride(
  descriptor: ResourceDescriptor,
  overrides: ResourceOverrides,
  descriptorsByName: Readonly<Record<string, ResourceDescriptor>>,
): ResourceScreenOverride | undefined {
  const screen = overrides[descriptor.name]?.screen;
  if (!screen) return undefined;
  return (screen.available?.(descriptorsByName) ?? true) ? screen : undefined;
}

/** Overrides keyed by resource name (`ResourceDescriptor.name`). */
export type ResourceOverrides = Readonly<Record<string, ResourceOverride>>;

/**
 * `uiSchema` with `patch` laid over it: each patched field's entries replace the base's,
 * except `ui:options`, merged key by key. Neither argument is changed. An absent `uiSchema`
 * (a generated descriptor's, whose form loads with the dialog) counts as empty.
 */
export function mergeFieldUi<T extends Readonly<Record<string, unknown>>>(
  uiSchema: T | undefined,
  patch: FieldUiPatch | undefined,
): T {
  if (!uiSchema) return mergeFieldUi({} as T, patch);
  if (!patch) return uiSchema;
  const merged: Record<string, unknown> = { ...uiSchema };
  for (const [name, entries] of Object.entries(patch)) {
    const base = (uiSchema[name] ?? {}) as Readonly<Record<string, unknown>>;
    const options = {
      ...((base['ui:options'] ?? {}) as object),
      ...((entries['ui:options'] ?? {}) as object),
    };
    merged[name] = { ...base, ...entries, 'ui:options': options };
  }
  return merged as T;
}

function apply(descriptor: ResourceDescriptor, override: ResourceOverride | undefined) {
  if (!override?.descriptor) return descriptor;
  const changed = override.descriptor(descriptor);
  if (changed.name !== descriptor.name) {
    throw new Error(`mergeOverrides: the override of "${descriptor.name}" renamed it`);
  }
  return changed;
}

function checkNames(names: readonly string[], overrides: ResourceOverrides): void {
  const unknown = Object.keys(overrides).filter((name) => !names.includes(name));
  // Not an error: a back-end may lack a resource an override is written for (docs/api.md: any
  // DRF back-end works). Said aloud in development, where it is more likely a typo.
  if (unknown.length > 0 && import.meta.env.DEV) {
    console.warn(`mergeOverrides: no resource named ${unknown.join(', ')}; override ignored`);
  }
}

/**
 * Applies each override's `descriptor` function to its resource's descriptor; descriptors
 * without an override come back unchanged (same object). Takes and returns either the
 * `descriptors` list or the `descriptorsByName` record codegen writes.
 *
 * An override naming no known resource is ignored (with a warning in development).
 *
 * @throws {Error} when a `descriptor` function changes the resource's name.
 */
export function mergeOverrides(
  descriptors: readonly ResourceDescriptor[],
  overrides: ResourceOverrides,
): ResourceDescriptor[];
export function mergeOverrides(
  descriptors: Readonly<Record<string, ResourceDescriptor>>,
  overrides: ResourceOverrides,
): Record<string, ResourceDescriptor>;
export function mergeOverrides(
  descriptors: readonly ResourceDescriptor[] | Readonly<Record<string, ResourceDescriptor>>,
  overrides: ResourceOverrides,
): ResourceDescriptor[] | Record<string, ResourceDescriptor> {
  if (isList(descriptors)) {
    checkNames(
      descriptors.map((descriptor) => descriptor.name),
      overrides,
    );
    return descriptors.map((descriptor) => apply(descriptor, overrides[descriptor.name]));
  }
  checkNames(Object.keys(descriptors), overrides);
  const merged: Record<string, ResourceDescriptor> = {};
  for (const [name, descriptor] of Object.entries(descriptors)) {
    merged[name] = apply(descriptor, overrides[name]);
  }
  return merged;
}

function isList(
  value: readonly ResourceDescriptor[] | Readonly<Record<string, ResourceDescriptor>>,
): value is readonly ResourceDescriptor[] {
  return Array.isArray(value);
}
