/**
 * Tariff devices (docs/product.md §3 "Tariff device"): the calibration date has its own Czech
 * format message, 'Cejch musí být ve formátu RRRR-MM-DD' (docs/product.md §5), instead of the
 * runtime's 'Datum musí být ve formátu …'. Set as `ui:options.dateMessageId` of the field, which
 * the date widget and the form's validation both read.
 */
import { defineMessages } from 'react-intl';
import type { ResourceDescriptor, ResourceOverride } from '../../src/resources';
import { measurementsPanel } from './measurements';
import { importReadingsAction } from './import';

/** Messages of the tariff devices override; `{format}` is the date pattern of the language. */
export const tariffDeviceMessages = defineMessages({
  calibrationDateFormat: {
    id: 'overrides.tariffdevices.calibrationDateFormat',
    defaultMessage: 'Calibration date must be in {format}',
  },
});

/** The field that carries the calibration date (docs/product.md §3). */
const CALIBRATION_DATE = 'calibration_date';

type Ui = Readonly<Record<string, unknown>>;

/**
 * Returns the descriptor with the calibration date's message id set in its uiSchema; a
 * descriptor without that field comes back unchanged.
 */
export function withCalibrationDateMessage(descriptor: ResourceDescriptor): ResourceDescriptor {
  if (!descriptor.fields.some((field) => field.name === CALIBRATION_DATE)) return descriptor;
  const field = (descriptor.uiSchema?.[CALIBRATION_DATE] ?? {}) as Ui;
  const options = (field['ui:options'] ?? {}) as Ui;
  return {
    ...descriptor,
    uiSchema: {
      ...descriptor.uiSchema,
      [CALIBRATION_DATE]: {
        ...field,
        'ui:options': {
          ...options,
          dateMessageId: tariffDeviceMessages.calibrationDateFormat.id,
        },
      },
    },
  };
}

/**
 * The tariff devices override: the calibration date's message, the measurements panel and
 * "Import readings".
 */
export const tariffDevicesOverride: ResourceOverride = {
  descriptor: withCalibrationDateMessage,
  panels: [measurementsPanel],
  listActions: [importReadingsAction],
};
