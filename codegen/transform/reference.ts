/**
 * Which resource a foreign key points to (docs/api.md "OpenAPI": "Without them the
 * codegen falls back to names (`customer` → `customers`)").
 */

/** What {@link referenceTarget} looks at. */
export interface ReferenceInput {
  /** Wire name of the field, e.g. `parent_contract`. */
  readonly name: string;
  /** **Joule** `x-reference` of the property (or of its items), trusted as given. */
  readonly explicit?: string;
  /** Names of the resources that have a list endpoint. */
  readonly resources: ReadonlySet<string>;
}

/**
 * The referenced resource's name, or undefined when neither `x-reference` nor a name rule
 * finds one. Name rules, first hit wins, each tried as is and pluralised: the name without
 * `_id`/`_ids`, the same without underscores (`tariff_device` → `tariffdevices`), and its
 * last word (`parent_contract` → `contracts`).
 */
export function referenceTarget({ name, explicit, resources }: ReferenceInput): string | undefined {
  if (explicit !== undefined && explicit !== '') return explicit;
  const base = name.replace(/_ids?$/, '');
  const words = base.split('_').filter((w) => w !== '');
  const stems = [base, words.join(''), words[words.length - 1] ?? ''];
  for (const stem of stems) {
    if (stem === '') continue;
    for (const candidate of [stem, ...plurals(stem)]) {
      if (resources.has(candidate)) return candidate;
    }
  }
  return undefined;
}

function plurals(stem: string): readonly string[] {
  const out = [`${stem}s`, `${stem}es`];
  if (/[^aeiou]y$/.test(stem)) out.push(`${stem.slice(0, -1)}ies`);
  return out;
}
