/** Test helper: descriptors with only what the shell reads filled in. */
import type { ResourceDescriptor } from '../../generated/descriptor-types';

export function fakeDescriptor(
  name: string,
  privilege: string | null,
  title = `resource.${name}.title`,
): ResourceDescriptor {
  return {
    name,
    path: `/${name}/`,
    privilege,
    title,
    idField: 'id',
    titleFields: ['id'],
    fields: [],
    columns: [],
    sortFields: [],
    filterFields: [],
    searchable: false,
    operations: { list: true, create: true, retrieve: true, update: true, destroy: true },
    formSchema: {},
    uiSchema: {},
  };
}
