/**
 * The descriptor format: plain data that codegen writes per resource and the generic
 * runtime reads (docs/architecture.md "The layers"). This file is copied verbatim
 * into `src/generated/descriptor-types.ts` by codegen, so the runtime and the generator
 * share one definition without the runtime importing `codegen/`.
 */

/** What a field holds, as the runtime renders and edits it. */
export type FieldKind =
  | 'string'
  | 'text'
  | 'email'
  | 'integer'
  | 'decimal'
  | 'date'
  | 'datetime'
  | 'boolean'
  | 'choice'
  | 'reference'
  | 'list'
  | 'object';

/** One allowed value of a choice field; `label` is a react-intl message id. */
export interface ChoiceDescriptor {
  readonly value: string | number;
  readonly label: string;
  /**
   * Message id of the group the choice is listed under (**Joule** OPTIONS `group`, e.g. a
   * privilege's area); absent on a back-end that does not group its choices.
   */
  readonly group?: string;
}

/** One field of a resource (OpenAPI property merged with its OPTIONS metadata). */
export interface FieldDescriptor {
  /** Wire name, unchanged (docs/product.md §3 field names, e.g. `ean_consumption`). */
  readonly name: string;
  readonly kind: FieldKind;
  /** react-intl message id of the label: `resource.<name>.field.<field>.label`. */
  readonly label: string;
  readonly required: boolean;
  readonly readOnly: boolean;
  readonly nullable: boolean;
  /**
   * A number's unit as the API codes it (**Joule** OpenAPI `x-unit`, e.g. `kWh`, `CZK/MWh`);
   * present with {@link FieldDescriptor.unitLabel}.
   */
  readonly unit?: string;
  /**
   * react-intl message id of the unit's display form (`resource.<name>.field.<field>.unit`:
   * OPTIONS `unit` in each language, e.g. `Kč/MWh`, else the `x-unit` code). Shown once:
   * beside the value in a form and in the list's column header ("Total (Kč)"), not in
   * every cell; the label does not name it.
   */
  readonly unitLabel?: string;
  /**
   * The key of the form section the field is shown in (**Joule** `x-section` / OPTIONS
   * `section`); see {@link ResourceDescriptor.sections}.
   */
  readonly section?: string;
  /**
   * What the server stores when a create leaves the field out (OpenAPI `default`): a new
   * record's form starts with it shown, never an empty choice that silently becomes it.
   */
  readonly default?: unknown;
  readonly minLength?: number;
  readonly maxLength?: number;
  /**
   * A text field's whole value must match this ECMA-262 regular expression (OpenAPI
   * `pattern`, e.g. a phone number's); carried into the form's JSON Schema.
   */
  readonly pattern?: string;
  readonly minValue?: number;
  readonly maxValue?: number;
  readonly maxDigits?: number;
  readonly decimalPlaces?: number;
  readonly choices?: readonly ChoiceDescriptor[];
  /** For `reference` (and `list` of references): the referenced resource's name. */
  readonly reference?: string;
  /**
   * For `reference` (and `list` of references): the read-only field beside it in every row
   * answer that carries the referenced row's title (a list of titles for a list), when the
   * server embeds it (**Joule** `x-title-of`, e.g. `main_fuse_title`). The runtime shows it
   * and never fetches titles for such a field; absent on a plain DRF back-end.
   */
  readonly titleField?: string;
  /**
   * For `reference`: which referenced rows a picker offers, those whose filter field (key)
   * equals this row's field (value), e.g. `{ customer: 'customer' }` for a parent contract
   * of the same customer (**Joule** `x-reference-filter`); absent on a plain DRF back-end.
   */
  readonly referenceFilter?: Readonly<Record<string, string>>;
  /** For `list`: the kind of each item. */
  readonly itemKind?: FieldKind;
  /**
   * The form widget, by its key in the runtime's widget table (`src/resources/form/widgets`),
   * e.g. `date`, `decimal`, `reference`: chosen by codegen from the kind and name
   * (`codegen/transform/ui-schema.ts`, the one place that maps kinds to widgets). Absent
   * where rjsf picks (objects, lists of plain values). An override replaces it with a
   * descriptor change or a uiSchema `ui:widget` (which wins over this).
   */
  readonly widget?: string;
  /** For `object`: its fields. */
  readonly fields?: readonly FieldDescriptor[];
}

/**
 * Fields that apply only while another field holds certain values (**Joule**
 * `x-conditions` on the item schema, docs/product.md), e.g. a company customer's name and IČO
 * while `type` is `company`. The form shows a field named by conditions only while one of
 * them holds, and requires `required` ones then (the `formSchema` carries the same rule as
 * JSON Schema `if`/`then`, so the client validates it before sending). Absent on a plain
 * DRF back-end: every field is always shown.
 */
export interface FieldCondition {
  /** The deciding field (a choice or boolean). */
  readonly field: string;
  /** The condition holds while `field` has one of these values. */
  readonly values: readonly (string | number | boolean)[];
  /** The fields shown only while a condition naming them holds. */
  readonly fields: readonly string[];
  /** The fields required while it holds. */
  readonly required: readonly string[];
}

/** JSON Schema fragment as rjsf reads it; kept loose on purpose (it is data). */
export type JsonSchema = { readonly [key: string]: unknown };

/**
 * One part of a row title: a field name, or a field with the text put before it (instead
 * of a space) when a part precedes it, e.g. `{ field: 'title_after', separator: ', ' }`.
 */
export type TitlePart = string | { readonly field: string; readonly separator: string };

/** A row title chosen by the value of choice field `field`: the parts by value. */
export interface TitleCases {
  readonly field: string;
  readonly cases: Readonly<Record<string, readonly TitlePart[]>>;
}

/** Everything the generic runtime needs to render one resource's screen. */
export interface ResourceDescriptor {
  /** Resource name as in the URL, e.g. `tariffdevices`. */
  readonly name: string;
  /** Collection path relative to the API base, e.g. `/tariffdevices/`. */
  readonly path: string;
  /** Privilege that gates the resource (`x-privilege`), or null when none is known. */
  readonly privilege: string | null;
  /** react-intl message id of the plural title: `resource.<name>.title`. */
  readonly title: string;
  /**
   * react-intl message id of what one row is called (dialog titles: "Zákazník"),
   * `resource.<name>.singular`, when the back-end names it (**Joule** `x-singular`); absent
   * on a plain DRF back-end (the runtime then uses `title`).
   */
  readonly singular?: string;
  /**
   * react-intl message id of a new row's dialog title and create button ("Nový zákazník"),
   * `resource.<name>.create`, when the back-end names it (**Joule** `x-create`); absent on
   * a plain DRF back-end (the runtime then composes it from `title`).
   */
  readonly create?: string;
  readonly idField: string;
  /** Fields that name a row for people (shown in pickers and delete confirmations). */
  readonly titleFields: readonly string[];
  /**
   * `titleFields` with their separators, when one is not a space (**Joule**
   * `x-title-fields` parts, e.g. `['ean', { field: 'name', separator: ' – ' }]`): how
   * the row's title joins them; absent otherwise.
   */
  readonly titleParts?: readonly TitlePart[];
  /**
   * A title chosen by a choice field's value (**Joule** `x-title-cases`), in place of
   * `titleFields` for rows with one of its values; absent on a plain DRF back-end.
   */
  readonly titleCases?: TitleCases;
  readonly fields: readonly FieldDescriptor[];
  /** Default visible list columns, in order. */
  readonly columns: readonly string[];
  readonly sortFields: readonly string[];
  readonly filterFields: readonly string[];
  /**
   * The list's own query parameters besides the common ones (`page`, `search`, `sort`,
   * `filter`, …), e.g. users' `is_active` and `hasPrivileges` (docs/product.md §7); absent when
   * none. A list filter an override adds for such a parameter shows only when it is listed here.
   */
  readonly listParams?: readonly string[];
  readonly searchable: boolean;
  /**
   * The reference field naming the row these rows belong to (`x-parent`, e.g. `customer` of
   * addresses), or null. Such a resource is listed inside its parent's edit dialog and left
   * out of the settings menu (docs/product.md §2 "Screen contents").
   */
  readonly parent?: string | null;
  /**
   * Other resources' dialogs that list these rows too, each with the filter key naming its
   * row (**Joule** `x-listed-in`, e.g. a customer's points: `{resource: 'customers', filter:
   * 'customer'}`); unlike `parent`, the resource keeps its own page. Absent on a plain DRF
   * back-end.
   */
  readonly listedIn?: readonly { readonly resource: string; readonly filter: string }[];
  /**
   * The actions the back-end declares for many rows at once (**Joule** `x-bulk-actions`,
   * docs/api.md "Bulk actions"), each with the message id of its verb
   * (`resource.<name>.bulk.<action>`), only those whose `<name>_bulk_<action>` operation is
   * published: `POST <path>bulk/<action>/`. The generic delete is not listed (it is
   * `extraActions`' `bulk_delete`). Absent when there are none (a plain DRF back-end).
   */
  readonly bulkActions?: readonly { readonly name: string; readonly label: string }[];
  readonly operations: {
    readonly list: boolean;
    readonly create: boolean;
    readonly retrieve: boolean;
    readonly update: boolean;
    readonly destroy: boolean;
    /**
     * `GET <path><id>/history/` (`<name>_history`, **Joule**'s audit log) is published: the
     * edit dialog then shows the row's changes. Absent or false on a plain DRF back-end.
     */
    readonly history?: boolean;
    /**
     * `GET <path>titles/` (`<name>_titles`, **Joule**): a page of `{id, title}` rows, with
     * `search`, `ids` (comma-separated, at most 100), `page` and `page_size`, open to users
     * who may write a row referencing this resource. Pickers and title lookups use it when
     * published; absent or false on a plain DRF back-end (then they read the list).
     */
    readonly titles?: boolean;
    /**
     * `GET <path>defaults/` (`<name>_defaults`, **Joule**, docs/api.md "Defaults"): the values
     * a new row starts with, computed when asked (the next number of a series). The create
     * form starts from them. Absent on a back-end without it.
     */
    readonly defaults?: boolean;
    /**
     * The resource's other published operations (DRF's extra actions), by operation id
     * without the `<name>_` prefix, sorted: e.g. `consumption` for
     * `tariffdevices_consumption`, `bulk_create` for `measurements_bulk_create`. An override
     * that calls such an endpoint checks it is listed, so that it steps aside on a back-end
     * without it. Absent when there are none (a plain DRF back-end's ModelViewSet).
     */
    readonly extraActions?: readonly string[];
    /**
     * **Joule** dry run (docs/api.md "Dry run"): `create` when `POST <path>?validate=1`,
     * `update` when `PATCH <path><id>/?validate=1` checks a body without writing it. The
     * form asks for one when the browser's own checks fail, to show the server's errors in
     * the same round. Absent on a back-end that does not publish the `validate` parameter.
     */
    readonly dryRun?: { readonly create: boolean; readonly update: boolean };
  };
  /**
   * The form's sections in order (the order of their first field), each with the message id
   * of its name (`resource.<name>.section.<key>`); fields without one follow them, unnamed.
   * Absent on a back-end that declares none (a plain DRF one): one undivided form.
   */
  readonly sections?: readonly { readonly key: string; readonly label: string }[];
  /** Conditional fields (see {@link FieldCondition}); absent when there are none. */
  readonly conditions?: readonly FieldCondition[];
  /**
   * The edit form's JSON Schema (writable fields). Only the dialog reads it, so the
   * generated `descriptors.ts` leaves it out: codegen writes each resource's form into its
   * own module (`src/generated/validators/<name>.ts`, `form`: {@link ResourceForm}), which
   * the dialog loads with its precompiled validators and lays under the descriptor. Present
   * in a descriptor built in memory (codegen's transform, tests), which then needs no module.
   */
  readonly formSchema?: JsonSchema;
  /**
   * rjsf uiSchema entries of the form. In a descriptor built in memory, the whole uiSchema;
   * in a generated one, only what an override adds (e.g. a field's widget): the dialog lays
   * it field by field (`ui:options` key by key) over its form module's `uiSchema`.
   */
  readonly uiSchema?: JsonSchema;
}

/**
 * One resource's edit form as codegen writes it beside its precompiled validators
 * (`form` of `src/generated/validators/<name>.ts`): what the descriptors the list pages load
 * leave out (see {@link ResourceDescriptor.formSchema}).
 */
export interface ResourceForm {
  readonly formSchema: JsonSchema;
  readonly uiSchema: JsonSchema;
}
