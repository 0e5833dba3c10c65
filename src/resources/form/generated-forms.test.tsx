/** @vitest-environment jsdom */
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { descriptors } from '../../generated/descriptors';
import { FormHarness } from '../test-support/form-harness';
import { fakeRequest, renderWithProviders } from '../test-support/render';
import { hiddenFields, writableFields } from './form-schema';

const { request } = fakeRequest(() => ({ data: { count: 0, results: [] } }));

// Whatever codegen writes must render: every generated resource, both dialog modes.
describe.each(descriptors.map((descriptor) => [descriptor.name, descriptor] as const))(
  'the generated form of %s',
  (_name, descriptor) => {
    it.each(['create', 'edit'] as const)('renders in %s mode with a control per field', (mode) => {
      const { container } = renderWithProviders(
        <FormHarness descriptor={descriptor} initial={{}} mode={mode} />,
        { request },
      );
      expect(container.querySelector('form')).not.toBeNull();
      // A conditional field appears once its condition holds (none does for empty data).
      const hidden = hiddenFields(descriptor.conditions ?? [], {});
      for (const name of writableFields(descriptor).filter((field) => !hidden.has(field))) {
        expect(container.querySelector(`[id$="_${name}"]`), name).not.toBeNull();
      }
      expect(screen.queryByText(/Unsupported field/i)).toBeNull();
    });
  },
);
