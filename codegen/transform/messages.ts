/**
 * The generated message catalogue of one language (docs/architecture.md "Conventions": messages): per resource its
 * title, field labels and choice names, as the API's OPTIONS answer in that language says,
 * else as the fallback language's answer says, else DRF's defaults and drf-spectacular's
 * enum descriptions, so every id a descriptor carries has a text.
 */
import type { OptionsField, OptionsMetadata } from '../parse/options';
import type { FieldModel } from './field-model';
import { humanize } from './message-ids';
import type { ResourceModel } from './resource';

/** OPTIONS answers of one resource, best first (this language, then the fallback). */
export type OptionsChain = readonly (OptionsMetadata | undefined)[];

/** Adds one resource's messages to `catalogue` (message id → text). */
export function resourceMessages(
  model: ResourceModel,
  chain: OptionsChain,
  catalogue: Map<string, string>,
): void {
  const { descriptor } = model;
  const english = model.names;
  const viewName = chain.map((o) => viewTitle(o?.name)).find((t) => t !== undefined);
  catalogue.set(descriptor.title, viewName ?? humanize(descriptor.name));
  if (descriptor.singular !== undefined) {
    const singular = chain.map((o) => o?.singular).find((t) => t !== undefined);
    catalogue.set(
      descriptor.singular,
      singular ?? english?.singular ?? viewName ?? descriptor.name,
    );
  }
  if (descriptor.create !== undefined) {
    const create = chain.map((o) => o?.create).find((t) => t !== undefined);
    catalogue.set(descriptor.create, create ?? english?.create ?? viewName ?? descriptor.name);
  }
  for (const action of descriptor.bulkActions ?? []) {
    const label = chain
      .map((o) => o?.bulkActions?.find((a) => a.name === action.name)?.label)
      .find((t) => t !== undefined && t !== '');
    catalogue.set(
      action.label,
      label ?? english?.bulkActions?.[action.name] ?? humanize(action.name),
    );
  }
  for (const field of model.fields) fieldMessages(field, [field.name], chain, catalogue);
  for (const section of descriptor.sections ?? []) {
    const name = model.fields
      .filter((field) => field.section === section.key)
      .flatMap((field) => chain.map((o) => o?.post?.get(field.name)?.sectionName))
      .find((text) => text !== undefined && text !== '');
    catalogue.set(section.label, name ?? humanize(section.key));
  }
}

/** DRF names list views `<Model> List`; the title is the name without that suffix. */
export function viewTitle(name: string | undefined): string | undefined {
  const title = name?.replace(/\s+List$/, '').trim();
  return title === undefined || title === '' ? undefined : title;
}

function fieldMessages(
  field: FieldModel,
  path: readonly string[],
  chain: OptionsChain,
  catalogue: Map<string, string>,
): void {
  const sources = chain.map((o) => optionsAt(o?.post, path));
  const label = sources.map((s) => s?.label).find((l) => l !== undefined && l !== '');
  catalogue.set(field.label, label ?? field.fallbackLabel);
  if (field.unitLabel !== undefined) {
    const unit = sources.map((s) => s?.unit).find((u) => u !== undefined && u !== '');
    catalogue.set(field.unitLabel, unit ?? field.unit ?? '');
  }
  for (const choice of field.choices ?? []) {
    const found = sources
      .map((s) => (s?.choices ?? s?.child?.choices)?.find((c) => c.value === choice.value))
      .find((c) => c !== undefined);
    catalogue.set(
      choice.label,
      found?.displayName ??
        field.fallbackChoiceNames.get(String(choice.value)) ??
        String(choice.value),
    );
    if (choice.group !== undefined) {
      const groupName = sources
        .map((s) => (s?.choices ?? s?.child?.choices)?.find((c) => c.value === choice.value))
        .find((c) => c?.groupName !== undefined)?.groupName;
      catalogue.set(choice.group, groupName ?? humanize(choice.group.split('.').at(-1) ?? ''));
    }
  }
  for (const child of field.fields ?? []) {
    fieldMessages(child, [...path, child.name], chain, catalogue);
  }
}

/** The OPTIONS entry at a field path, descending into `children` and list `child.children`. */
function optionsAt(
  fields: ReadonlyMap<string, OptionsField> | undefined,
  path: readonly string[],
): OptionsField | undefined {
  let current: OptionsField | undefined;
  let level = fields;
  for (const name of path) {
    current = level?.get(name);
    level = current?.children ?? current?.child?.children;
  }
  return current;
}
