/**
 * Enum components the way drf-spectacular's `postprocess_schema_enums` names them: a
 * field `privileges` with choices gets `PrivilegesEnum`; when two resources have fields of
 * the same name with different choices, each gets `<Component><Field>Enum` instead.
 * `BlankEnum` / `NullEnum` join a choice that may be blank or null.
 */
import type { JsonObject } from '../../openapi/types';
import type { CompiledResource } from './registry';
import type { Choice } from './types';

function pascal(name: string): string {
  return name
    .split(/[_\s-]+/)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

function enumSchema(choices: readonly Choice[]): JsonObject {
  return {
    enum: choices.map((choice) => choice.value),
    type: 'string',
    description: choices.map((choice) => `* \`${choice.value}\` - ${choice.label.en}`).join('\n'),
  };
}

/** Enum component names per field and the components themselves. */
export class EnumComponents {
  private readonly names = new Map<string, string>();
  readonly schemas: Record<string, JsonObject> = {};

  constructor(resources: readonly CompiledResource[]) {
    const usages = new Map<
      string,
      { key: string; component: string; choices: readonly Choice[] }[]
    >();
    let blank = false;
    let nullable = false;
    for (const resource of resources) {
      for (const field of resource.fields) {
        const { def } = field;
        if (def.type !== 'choice' && def.type !== 'multiple choice') continue;
        if (def.type === 'choice') {
          blank ||= def.allowBlank ?? false;
          nullable ||= def.nullable ?? false;
        }
        const list = usages.get(field.name) ?? [];
        list.push({
          key: `${resource.name}.${field.name}`,
          component: resource.def.component,
          choices: def.choices,
        });
        usages.set(field.name, list);
      }
    }
    for (const [field, list] of usages) {
      const signature = (choices: readonly Choice[]) => JSON.stringify(choices.map((c) => c.value));
      const shared = new Set(list.map((usage) => signature(usage.choices))).size === 1;
      for (const usage of list) {
        const name = `${shared ? '' : usage.component}${pascal(field)}Enum`;
        this.names.set(usage.key, name);
        this.schemas[name] = enumSchema(usage.choices);
      }
    }
    if (blank) this.schemas.BlankEnum = { enum: [''] };
    if (nullable) this.schemas.NullEnum = { enum: [null] };
  }

  /** The enum component name of `resource.field`. */
  nameOf(resource: CompiledResource, field: string): string {
    const name = this.names.get(`${resource.name}.${field}`);
    if (!name) throw new Error(`No enum for ${resource.name}.${field}`);
    return name;
  }
}
