import { TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, compileCatalogue } from './messages';

describe('the catalogues', () => {
  it('are the app’s, the generated and the overrides’ JSON files, nothing else', () => {
    expect(CATALOGUE.test('/r/locales/cs.json')).toBe(true);
    expect(CATALOGUE.test('/r/locales/generated/customers/en.json')).toBe(true);
    expect(CATALOGUE.test('/r/overrides/invoices/cs.json')).toBe(true);
    expect(CATALOGUE.test('/r/overrides/invoices/data.json')).toBe(false);
    expect(CATALOGUE.test('/r/package.json')).toBe(false);
  });

  it('are shipped compiled to ICU ASTs', () => {
    const compiled = JSON.parse(compileCatalogue('{"a":"Hi {name}"}')) as Record<string, unknown>;
    expect(compiled.a).toEqual([
      { type: TYPE.literal, value: 'Hi ' },
      { type: TYPE.argument, value: 'name' },
    ]);
  });
});
