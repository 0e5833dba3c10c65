/** "Import readings from a file" (docs/product.md): the tariff devices list's toolbar action. */
import type { ListAction } from '../../../src/resources';
import { ImportReadingsAction } from './import-action';

/** The list action the tariff devices override adds. */
export const importReadingsAction: ListAction = {
  id: 'import-readings',
  component: ImportReadingsAction,
};
