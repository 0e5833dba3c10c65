/**
 * The declarations a resource is made of (see `define.ts` for how to write one and
 * `definitions/` for examples). Everything the API says about a resource — routes, list
 * query parameters, validation, OPTIONS metadata, OpenAPI — is derived from these.
 *
 * Field `type`s are DRF's OPTIONS type names (docs/api.md "OPTIONS"), so the wire vocabulary and
 * the declarations match one to one.
 */
import type { SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Principal } from '../../auth/principal';
import type { Database } from '../../db/client';
import type { ApiError, FieldErrors } from '../../http/errors';
import type { Text } from '../../i18n/text';
import type { UnitBasis, UnitSymbol } from './units';

/** A JSON value. */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** One allowed value of a `choice` or `multiple choice` field, with display names. */
export interface Choice {
  readonly value: string;
  readonly label: Text;
  /**
   * The group the choice is listed under (e.g. a privilege's area): a stable `key` and its
   * display name. Published in OPTIONS as the **Joule** extension `group` / `group_name`
   * beside DRF's `value` / `display_name`; a client without it lists the choices flat.
   */
  readonly group?: ChoiceGroup;
}

/** A named group of choices (see {@link Choice.group}). */
export interface ChoiceGroup {
  /** Stable identifier, `[a-z_]+`. */
  readonly key: string;
  readonly label: Text;
}

/**
 * A synchronous check run after a field's own type checks, on the parsed value.
 * Returns a message when the value is wrong.
 */
export type FieldValidator = (value: unknown) => Text | undefined;

/** A named group of a form's fields (see `FieldBase.section`). */
export interface FieldSection {
  /** Stable identifier, `[a-z_]+`. */
  readonly key: string;
  readonly label: Text;
}

/** What every field declares. */
interface FieldBase {
  /** Label shown in forms and list headers (OPTIONS `label`). */
  readonly label: Text;
  /** Longer explanation (OPTIONS `help_text`, OpenAPI `description`). */
  readonly helpText?: Text;
  /**
   * The unit of a number (`units.ts`): published as **Joule** OpenAPI `x-unit` (with
   * {@link FieldBase.per}: `CZK/MWh`) and OPTIONS `unit` (localized: `Kč/MWh`). Clients show
   * it once, beside the value in forms and in the list's column header, so the `label` does
   * not name it ("Total", not "Total (CZK)").
   */
  readonly unit?: UnitSymbol;
  /** What a price in {@link FieldBase.unit} is paid for (`MWh`: CZK per MWh). */
  readonly per?: UnitBasis;
  /**
   * The form section the field is shown in (**Joule**: OpenAPI `x-section` is the key, OPTIONS
   * `section` / `section_name` the key and its name): sections appear in the order of their
   * first field; fields without one follow them.
   */
  readonly section?: FieldSection;
  /**
   * The column holding the value. For a write-only field this is where the encoded value
   * goes (see {@link FieldBase.encode}).
   */
  readonly column: AnyPgColumn;
  /** Must be given on create (and PUT). Default false. */
  readonly required?: boolean;
  /** Never written through the API (ids, computed values). Default false. */
  readonly readOnly?: boolean;
  /** Accepted on write, never returned (passwords). Default false. */
  readonly writeOnly?: boolean;
  /** `null` is a valid value. Default false. */
  readonly nullable?: boolean;
  /** Value used on create when the field is absent (published as OpenAPI `default`). */
  readonly default?: JsonValue;
  /** No two rows may hold the same value ("user with this email already exists."). */
  readonly unique?: boolean;
  /** Extra synchronous checks on the parsed value. */
  readonly validators?: readonly FieldValidator[];
  /** Turns the parsed value into what is stored (e.g. hashes a password). */
  readonly encode?: (value: unknown) => Promise<unknown> | unknown;
  /**
   * Other columns of the same table written with this field whenever a request sets it
   * (not to null), with their values: e.g. the time a password was set.
   */
  readonly alsoWrites?: () => ReadonlyArray<readonly [column: AnyPgColumn, value: unknown]>;
}

/** Text. `email` also checks the address format. */
export interface StringField extends FieldBase {
  readonly type: 'string' | 'email';
  readonly minLength?: number;
  readonly maxLength?: number;
  /** The empty string is valid. Default false ("This field may not be blank."). */
  readonly allowBlank?: boolean;
  /** Strip surrounding whitespace before validating, as DRF does. Default true. */
  readonly trimWhitespace?: boolean;
  /** Canonical form stored and matched, e.g. lower-casing e-mails. */
  readonly normalize?: (value: string) => string;
  /**
   * The whole value must match (checked after trimming and `normalize`; a blank value that
   * `allowBlank` lets through is not checked). Published as the OpenAPI / JSON Schema
   * `pattern` (`regex.source`), so write it in the ECMA-262 subset JSON Schema shares: no
   * flags, anchored with `^…$`. `message` is the 400 answer when it does not match.
   */
  readonly pattern?: { readonly regex: RegExp; readonly message: Text };
  /**
   * A number of a series (docs/declarations.md "Numbers of a series"): absent on create, the
   * field gets the next number after the highest stored one of the newest row's series (its
   * letters and as many digits: `Z100050` → `Z100051`), or `first` when there is none. Still
   * editable; published as **Joule** `x-series` and served with the other defaults by
   * `GET /<name>/defaults/`.
   */
  readonly series?: { readonly first: string };
}

/** A whole number; the column is `integer` (limits default to its 32-bit range). */
export interface IntegerField extends FieldBase {
  readonly type: 'integer';
  readonly minValue?: number;
  readonly maxValue?: number;
}

/** A fixed-point number, sent as a string with `decimalPlaces` places (`"1234.50"`). */
export interface DecimalField extends FieldBase {
  readonly type: 'decimal';
  readonly maxDigits: number;
  readonly decimalPlaces: number;
  readonly minValue?: number;
  readonly maxValue?: number;
}

/** true / false. */
export interface BooleanField extends FieldBase {
  readonly type: 'boolean';
}

/** A calendar date `YYYY-MM-DD` (column `date` with `mode: 'string'`). */
export interface DateField extends FieldBase {
  readonly type: 'date';
}

/** An instant, ISO 8601 with offset (column `timestamp with time zone`, `mode: 'date'`). */
export interface DateTimeField extends FieldBase {
  readonly type: 'datetime';
}

/** One value out of `choices` (a text column). */
export interface ChoiceField extends FieldBase {
  readonly type: 'choice';
  readonly choices: readonly Choice[];
  /** The empty string is valid. Default false. */
  readonly allowBlank?: boolean;
}

/** Any set of values out of `choices` (a `text[]` column, kept in `choices` order). */
export interface MultipleChoiceField extends FieldBase {
  readonly type: 'multiple choice';
  readonly choices: readonly Choice[];
  /** The empty set is valid. Default true. */
  readonly allowEmpty?: boolean;
}

/** A foreign key: the id of a row of resource `reference` (an `integer` column). */
export interface ReferenceField extends FieldBase {
  readonly type: 'field';
  readonly reference: string;
  /**
   * Which referenced rows a picker offers: those whose filter field `key` equals this row's
   * field `value`, e.g. `{ customer: 'customer' }` for a parent contract of the same
   * customer (docs/product.md). Published as the **Joule** OpenAPI extension
   * `x-reference-filter`; the title lookup then accepts `filter` on those keys. It guides
   * pickers only: the rule itself belongs in the definition's `validate`.
   */
  readonly pickAmong?: Readonly<Record<string, string>>;
}

/** Ids of rows of resource `child.reference` (an `integer[]` column, kept sorted). */
export interface ReferenceListField extends FieldBase {
  readonly type: 'list';
  readonly child: { readonly type: 'field'; readonly reference: string };
  /** The empty list is valid. Default true. */
  readonly allowEmpty?: boolean;
}

/** Any field declaration. */
export type FieldDefinition =
  | StringField
  | IntegerField
  | DecimalField
  | BooleanField
  | DateField
  | DateTimeField
  | ChoiceField
  | MultipleChoiceField
  | ReferenceField
  | ReferenceListField;

/** Result of parsing a value: the value, or messages saying what is wrong. */
export type Parsed<T = unknown> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly errors: readonly Text[] };

/**
 * An extra list query parameter of one resource (e.g. users' `hasPrivileges`), published
 * in OpenAPI and turned into a SQL condition.
 */
export interface QueryParamDefinition {
  /** English description for OpenAPI. */
  readonly description: string;
  /** OpenAPI schema of the parameter's value. */
  readonly schema: { readonly [key: string]: JsonValue };
  /** The condition for `value`, or messages when the value is not acceptable. */
  readonly where: (value: string) => Parsed<SQL>;
}

/** See {@link ResourceDefinition.valueFilters}. */
export interface ValueFilter {
  /** The condition on this resource's rows for `value`, or messages when it is not acceptable. */
  readonly where: (value: string) => Parsed<SQL>;
}

/** See {@link ResourceDefinition.relatedFilters}. */
export interface RelatedFilter {
  /** The resource whose row ids the filter takes. */
  readonly reference: string;
  /** The condition on this resource's rows for row `id` of `reference`. */
  readonly where: (id: number) => SQL;
}

/** What a resource-level validation hook sees. */
export interface ValidationContext {
  /** Parsed values of the fields the request sets. */
  readonly values: Readonly<Record<string, unknown>>;
  /** The stored row's values by field name on update; undefined on create. */
  readonly existing: Readonly<Record<string, unknown>> | undefined;
  /** The transaction the write runs in. */
  readonly db: Database;
  /** The authenticated user making the write (id, effective privileges). */
  readonly principal: Principal;
}

/**
 * A resource-level check after all field checks passed (cross-field rules). Returns field
 * errors (use `non_field_errors` for the record as a whole) or nothing.
 */
export type ResourceValidator = (
  context: ValidationContext,
) => Promise<FieldErrors | undefined> | FieldErrors | undefined;

/** What a {@link ResourceDefinition.beforeWrite} hook sees. */
export interface WriteHookContext extends ValidationContext {
  /** `create` (POST), `replace` (PUT) or `update` (PATCH). */
  readonly mode: 'create' | 'replace' | 'update';
}

/**
 * Runs in the write's transaction after every check passed, just before the row is
 * written: the changes to other rows that the write implies (e.g. closing the previous
 * specification of a point). It may answer values of this row's own fields that the write
 * sets as well, by field name, derived from the others (e.g. a reading flagged "to check",
 * docs/billing.md "Readings to check"). A failure rolls the whole write back.
 */
export type BeforeWriteHook = (
  context: WriteHookContext,
) => Promise<void | Readonly<Record<string, unknown>>>;

/** What a {@link ResourceDefinition.authorizeWrite} hook sees. */
export interface AuthorizationContext {
  /** `create` (POST), `replace` (PUT), `update` (PATCH) or `delete` (DELETE). */
  readonly operation: 'create' | 'replace' | 'update' | 'delete';
  /**
   * Parsed values of the fields the request sets (field types already checked, nothing
   * checked against the database yet: a referenced id may not exist). Empty on delete.
   */
  readonly values: Readonly<Record<string, unknown>>;
  /** The stored row's values by field name (locked `FOR UPDATE`); undefined on create. */
  readonly existing: Readonly<Record<string, unknown>> | undefined;
  /** The authenticated user making the write; already holds the resource's privilege. */
  readonly principal: Principal;
  /** The transaction the write runs in. */
  readonly db: Database;
}

/**
 * Row-level authorization of a write or delete, beyond the resource's privilege (e.g. "no
 * one grants a privilege they do not hold"). Returns the reason when the principal may not
 * make this change: the engine answers 403 `{"detail": reason}` and writes nothing. Runs
 * after the body parsed (400s for malformed input come first) and before the database
 * checks, `validate` and `beforeWrite`.
 */
export type WriteAuthorizer = (
  context: AuthorizationContext,
) => Promise<Text | undefined> | Text | undefined;

/** See {@link ResourceDefinition.guardWrite}: the error that refuses the change, or nothing. */
export type WriteGuard = (context: AuthorizationContext) => Promise<ApiError | undefined>;

/** See {@link ResourceDefinition.conditions}. */
export interface FieldCondition {
  /** The deciding field: a `choice` or `boolean`. */
  readonly field: string;
  /** The condition holds while `field` has one of these values. */
  readonly values: readonly (string | boolean)[];
  /** The fields that apply (are shown) only while a condition naming them holds. */
  readonly fields: readonly string[];
  /** Of {@link FieldCondition.fields}, those required while it holds. */
  readonly required?: readonly string[];
  /** The message for a missing required field (default DRF's "This field is required."). */
  readonly message?: Text;
}

/**
 * One part of a row title: a field, or a field with the text put before it instead of the
 * space when a part precedes it (`{ field: 'title_after', separator: ', ' }`). Blank parts
 * are left out with their separators.
 */
export type TitlePart = string | { readonly field: string; readonly separator: string };

/** See {@link ResourceDefinition.titleCases}. */
export interface TitleCases {
  /** The choice field whose value chooses the parts. */
  readonly field: string;
  /** Title parts by the field's value. */
  readonly cases: Readonly<Record<string, readonly TitlePart[]>>;
}

/** A resource: one table exposed as `/api/v1/<name>/` (docs/api.md "Resources"). */
export interface ResourceDefinition {
  /** URL segment and operationId prefix, e.g. `users`. */
  readonly name: string;
  /** OpenAPI component name, e.g. `User`. */
  readonly component: string;
  /** Privilege that gates every method (`x-privilege`). */
  readonly privilege: string;
  readonly table: PgTable;
  /**
   * What people call the resource: one row (`singular`, dialog titles: "Customer"), many
   * rows (`plural`, OPTIONS `name`) and the title of a new row's dialog and its buttons
   * (`create`: "New customer"; in Czech the adjective agrees with the noun, so it is
   * declared whole). `singular` and `create` are published as the **Joule** extensions
   * `x-singular` / `x-create` in OPTIONS (in the request's language) and OpenAPI (English).
   */
  readonly labels: { readonly singular: Text; readonly plural: Text; readonly create: Text };
  /** OPTIONS `description`. */
  readonly description?: Text;
  /** Field that names a row for people (delete messages, pickers). */
  readonly titleField: string;
  /**
   * Fields the SPA shows together as a row's name (`x-title-fields`), when codegen's guess
   * from the field names would be wrong (e.g. `flat_no` is not an address's identifier).
   * A part may carry its separator (`{ field: 'name', separator: ' – ' }`), as in
   * `titleCases`; published in `x-title-fields` as given.
   */
  readonly titleFields?: readonly TitlePart[];
  /**
   * A title that depends on a choice field (`x-title-cases`): for each of its values, the
   * parts naming such a row, in place of `titleFields` (e.g. a person customer by titles
   * and names, a company by its name and IČO). Rows with another value use `titleFields`.
   */
  readonly titleCases?: TitleCases;
  /**
   * The list's default columns, in order (`x-list-fields` on the list operation, docs/product.md:
   * "the tariff table fits the screen"): clients show these and offer every other field in
   * their column chooser, hidden. Unset: clients choose (codegen: title fields, then the
   * first scalar fields). Never needs `id`: clients hide it by default.
   */
  readonly listFields?: readonly string[];
  /**
   * The reference field naming the row this one belongs to (`x-parent`), e.g. `customer` of
   * an address: the SPA lists these rows inside the parent's screen (docs/product.md §2 "Screen
   * contents"). Must be a required, filterable reference field.
   */
  readonly parent?: string;
  /**
   * Serialise writes under one parent: every create, update and delete first locks the
   * parent row (`select … for no key update`) in its transaction, before any check, so
   * rules spanning the parent's rows (`validate` reading siblings, e.g. a device's readings
   * never decreasing) cannot be passed by two concurrent writes that contradict each
   * other. Requires {@link ResourceDefinition.parent}. Default false.
   */
  readonly lockParent?: boolean;
  /** Fields in wire order; must include `id` (see `idField`). */
  readonly fields: Readonly<Record<string, FieldDefinition>>;
  /** Fields `search` looks in (accent- and case-insensitive substring). */
  readonly searchFields?: readonly string[];
  /**
   * Optional: a stored generated column holding `joule_fold` of the search fields joined by
   * newlines (see `db/schema/indexes.ts` `searchText`). Search then matches this one
   * trigram-indexed column instead of folding every field of every candidate row, which
   * keeps a search fast on large tables. A term has no whitespace, so it still has to
   * occur within one field.
   */
  readonly searchColumn?: AnyPgColumn;
  /**
   * Optional: searches in related rows (docs/product.md: a point is found by its customer's
   * name). Each function gets one term's `LIKE` pattern, already folded (`joule_fold`, with
   * `%` around it), and answers a condition true for the rows whose related rows match it,
   * e.g. `points.contract in (select … where customers.search like pattern)`. A term
   * matches a row when it occurs in the row's own search fields or through any of these.
   */
  readonly searchThrough?: readonly ((pattern: SQL) => SQL)[];
  /** Fields `sort` accepts. */
  readonly sortFields?: readonly string[];
  /** Fields `filter` accepts (exact match; for lists: contains). */
  readonly filterFields?: readonly string[];
  /**
   * Filter keys beyond the fields: `filter=<key>=<id>` keeps the rows related to row `id`
   * of resource `reference` through other rows, e.g. a point's `customer` through its
   * contract. For {@link ResourceDefinition.listedIn}; not offered as list filters.
   */
  readonly relatedFilters?: Readonly<Record<string, RelatedFilter>>;
  /**
   * Filter keys beyond the fields, each a condition on a value: `filter=phases=1` keeps the
   * fuses a single-phase supply can take. For pickers narrowed by another field of the
   * referencing row (`ReferenceField.pickAmong`, docs/declarations.md "Dependent fields");
   * not offered as list filters.
   */
  readonly valueFilters?: Readonly<Record<string, ValueFilter>>;
  /**
   * Where these rows are listed besides their own page (docs/product.md: a price list's dialog
   * lists its tariffs, a customer's its points): filter keys, each a reference field in
   * `filterFields` or a `relatedFilters` key; the dialog of the row it references lists
   * the rows filtered on it. Published as the **Joule** `x-listed-in` on the list
   * operation: `[{"filter": "contract", "resource": "contracts"}, …]`.
   */
  readonly listedIn?: readonly string[];
  /** Fields `lte` / `gte` accept. Default: the sort fields of number and date types. */
  readonly rangeFields?: readonly string[];
  /**
   * The default sort of the list, same syntax as the API's `sort` parameter (`['-valid_from']`;
   * the id is always appended); a request's `sort` replaces it.
   */
  readonly defaultSort: readonly string[];
  /** Extra list query parameters. */
  readonly queryParams?: Readonly<Record<string, QueryParamDefinition>>;
  /**
   * Fields that apply only while a choice (or boolean) field holds certain values, e.g. a
   * company customer's name and IČO (docs/product.md). Published on the
   * `<Component>` schema as `x-conditions` (JSON Schema `if`/`then` each, plus the fields
   * they show); the engine requires `required` ones itself (blank counts as missing), in
   * the same 400 as every other error. A field named by conditions is shown only while one
   * of them holds.
   */
  readonly conditions?: readonly FieldCondition[];
  /** Resource-level validation (after field validation). */
  readonly validate?: ResourceValidator;
  /** Changes to other rows implied by a write (see {@link BeforeWriteHook}). */
  readonly beforeWrite?: BeforeWriteHook;
  /** Who may make which change, row by row (see {@link WriteAuthorizer}). */
  readonly authorizeWrite?: WriteAuthorizer;
  /**
   * Refuses a change that would alter what other rows were computed from (e.g. a reading
   * an issued invoice was billed from, docs/billing.md "Integrity"): the error to answer
   * (typically a 409 naming the row in the way), or nothing. Runs right after
   * `authorizeWrite`, on create, update and delete alike, bulk actions included.
   */
  readonly guardWrite?: WriteGuard;
  /**
   * Runs in a create's transaction right after the row is inserted, with its id: the work
   * the new row stands for (e.g. a billing run planning its items and enqueueing its jobs).
   * A failure rolls the create back. The answer is the row as read after the hook.
   */
  readonly afterCreate?: AfterCreateHook;
  /**
   * Actions the list may run on many selected rows at once (docs/api.md "Bulk actions"),
   * besides the generic delete every resource has: `POST /<name>/bulk/<action>/`, published
   * as `x-bulk-actions` on the list operation and in OPTIONS. Keys are `[a-z_]+`.
   */
  readonly bulkActions?: Readonly<Record<string, BulkActionDefinition>>;
}

/** What a {@link BulkActionDefinition.run} hook gets for one row. */
export interface BulkRowContext {
  /** The row's own transaction. */
  readonly db: Database;
  readonly id: number;
  readonly principal: Principal;
  /** The bulk request (its language; the app's services through `request.server`). */
  readonly request: FastifyRequest;
}

/**
 * One bulk action: the same change as a single action of the API, run on each selected row
 * in the row's own transaction. Either `patch`, a PATCH body the engine applies through the
 * very checks, `authorizeWrite` and audit of `PATCH /<name>/{id}/` (e.g. users' deactivate:
 * `{ is_active: false }`), or `run`, the single action's own function (e.g. issuing an
 * invoice), which throws the same `ApiError` the single action answers when it refuses.
 */
export type BulkActionDefinition = {
  /** The button's and confirmation's verb ("Deactivate", "Deaktivovat"). */
  readonly label: Text;
  /** Needed besides the resource's privilege (`x-privilege` of the bulk operation). */
  readonly privilege?: string;
} & (
  | { readonly patch: Readonly<Record<string, JsonValue>>; readonly run?: undefined }
  | { readonly run: (context: BulkRowContext) => Promise<void>; readonly patch?: undefined }
);

/** See {@link ResourceDefinition.afterCreate}. */
export type AfterCreateHook = (context: {
  readonly db: Database;
  readonly id: number;
  readonly principal: Principal;
}) => Promise<void>;
