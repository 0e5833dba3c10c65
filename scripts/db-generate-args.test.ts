import { describe, expect, it } from 'vitest';
import { parseDbGenerateArgs } from './db-generate-args';

describe('parseDbGenerateArgs (npm run db:generate, docs/architecture.md)', () => {
  it('takes the name as an argument or with --name', () => {
    expect(parseDbGenerateArgs(['--', 'invoice_lines'])).toEqual({
      name: 'invoice_lines',
      custom: false,
    });
    expect(parseDbGenerateArgs(['--name', 'invoice_lines'])).toEqual({
      name: 'invoice_lines',
      custom: false,
    });
    expect(parseDbGenerateArgs(['--name=audit_trigger', '--custom'])).toEqual({
      name: 'audit_trigger',
      custom: true,
    });
  });

  it('requires one well-formed name', () => {
    expect(() => parseDbGenerateArgs([])).toThrow(/a migration name is required/);
    expect(() => parseDbGenerateArgs(['a', 'b'])).toThrow(/one migration name only/);
    expect(() => parseDbGenerateArgs(['Invoice Lines'])).toThrow(/use a-z, 0-9 and _/);
    expect(() => parseDbGenerateArgs(['../x'])).toThrow(/use a-z, 0-9 and _/);
    expect(() => parseDbGenerateArgs(['--name'])).toThrow(/--name needs a value/);
    expect(() => parseDbGenerateArgs(['--force', 'x'])).toThrow(/unknown option --force/);
  });
});
