/**
 * The calculation against figures worked by hand (docs/billing.md). The base case: one
 * point, January 2025 (months = 1), 3-phase 25 A main fuse at 10 CZK/A, HT 0.3 MWh, LT 0.1 MWh,
 * production 0.05 MWh, VAT 21 %:
 *
 * | line | quantity × price | CZK |
 * |---|---|---|
 * | energy HT | 0.3 × 2000 | 600.00 |
 * | energy LT | 0.1 × 1500 | 150.00 |
 * | monthly fee | 1 × 100 | 100.00 |
 * | distribution HT | 0.3 × 1000 | 300.00 |
 * | distribution LT | 0.1 × 200 | 20.00 |
 * | main fuse | 1 × 25 × 10 | 250.00 |
 * | system services | 0.4 × 150 | 60.00 |
 * | POZE | min(0.4 × 500, 1 × 25 × 20) | 200.00 |
 * | non-network infra | 1 × 10 | 10.00 |
 * | electricity tax | 0.4 × 28.30 | 11.32 |
 *
 * base 1701.32, VAT 357.2772 → 357.28, total 2058.60.
 */
import { describe, expect, it } from 'vitest';
import {
  calculateBill,
  monthsOf,
  type Bill,
  type BillInput,
  type BillRefusalCode,
  type ReadingInput,
  type SpecificationInput,
  type TariffInput,
} from './calculate';
import { startOfDay } from './dates';

const at = (day: string) => new Date(startOfDay(day)).toISOString();
const reading = (
  device: number,
  day: string,
  r181: string,
  r182: string,
  r280 = '0',
): ReadingInput => ({
  device,
  at: at(day),
  obis_181: r181,
  obis_182: r182,
  obis_280: r280,
});

const TARIFF: TariffInput = {
  id: 200,
  product: 1,
  code: 'D02d',
  valid_from: '2025-01-01',
  valid_to: null,
  fuse_from: 0,
  fuse_to: 32,
  trade_per_mw_ht: '2000.00',
  trade_per_mw_lt: '1500.00',
  trade_monthly_pay: '100.00',
  distribution_per_mwh_ht: '1000.00',
  distribution_per_mwh_lt: '200.00',
  other_svc_system: '150.00',
  other_svc_poze: '500.00',
  other_svc_poze_per_a: '20.00',
  other_non_network_infra: '10.00',
  electricity_tax_per_mw: '28.30',
  production_per_mwh_ht: '1000.00',
};

const SPEC: SpecificationInput = {
  id: 100,
  valid_from: '2025-01-01',
  valid_to: null,
  distribution_tariff_code: 'D02d',
  phases: '3',
  main_fuse: 5,
  tariff_device: 7,
};

function base(overrides: Partial<BillInput> = {}): BillInput {
  return {
    contract: { id: 1, contract_no: 'S-1', customer: 3, mode: 'supply', product: 1 },
    period: { from: '2025-01-01', to: '2025-02-01' },
    points: [{ id: 10, ean: '859182400000000001', name: 'Home', specifications: [SPEC] }],
    readings: [
      reading(7, '2025-01-01', '1000', '500', '0'),
      reading(7, '2025-02-01', '1300', '600', '50'),
    ],
    fuses: [
      { id: 5, text: '3×25 A', to_1phase: 25, to_3phase: 25, price_for_every_a: '10.00' },
      { id: 6, text: '3×32 A', to_1phase: 32, to_3phase: 32, price_for_every_a: '10.00' },
      { id: 9, text: '3×40 A', to_1phase: 40, to_3phase: 40, price_for_every_a: '10.00' },
    ],
    tariffs: [TARIFF],
    vatRates: [{ rate: '21.00', valid_from: '2013-01-01' }],
    advances: [{ id: 1, ts: '2025-01-15', amount: '1500.00' }],
    ...overrides,
  };
}

function bill(input: BillInput): Bill {
  const result = calculateBill(input);
  if (!result.ok) throw new Error(JSON.stringify(result.reasons));
  return result.bill;
}

const amounts = (b: Bill, segment = 0) =>
  Object.fromEntries(b.points[0]!.segments[segment]!.lines.map((l) => [l.kind, l.amount]));

describe('calculateBill: figures worked by hand', () => {
  it('base case: every line, base, VAT, total, advances, amount due', () => {
    const b = bill(base());
    expect(amounts(b)).toEqual({
      energy_ht: '600.00',
      energy_lt: '150.00',
      supplier_monthly_fee: '100.00',
      distribution_ht: '300.00',
      distribution_lt: '20.00',
      main_fuse: '250.00',
      system_services: '60.00',
      poze: '200.00',
      non_network_infrastructure: '10.00',
      electricity_tax: '11.32',
    });
    const poze = b.points[0]!.segments[0]!.lines.find((l) => l.kind === 'poze')!;
    expect([poze.quantity, poze.unit, poze.unit_price]).toEqual(['0.4', 'MWh', '500']);
    expect(b.points[0]!.segments[0]!.months).toBe('1');
    expect(b.points[0]!.segments[0]!.start.estimated).toBe(false);
    expect([b.base, b.vat_rate, b.vat, b.production, b.total]).toEqual([
      '1701.32',
      '21',
      '357.28',
      '0.00',
      '2058.60',
    ]);
    expect([b.advances, b.amount_due]).toEqual(['1500.00', '558.60']);
  });

  it('POZE takes the fuse side when it is lower: min(0.4 × 2000 = 800, 25 × 20 = 500)', () => {
    const b = bill(base({ tariffs: [{ ...TARIFF, other_svc_poze: '2000.00' }] }));
    const poze = b.points[0]!.segments[0]!.lines.find((l) => l.kind === 'poze')!;
    expect(poze).toMatchObject({
      quantity: '25',
      unit: 'A·month',
      unit_price: '20',
      amount: '500.00',
    });
    expect([b.base, b.vat, b.total]).toEqual(['2001.32', '420.28', '2421.60']);
  });

  it.each([
    ['the per-ampere price', { other_svc_poze_per_a: null }, ['0.4', 'MWh', '500', '200.00']],
    ['the per-MWh price', { other_svc_poze: null }, ['25', 'A·month', '20', '500.00']],
    [
      'both prices',
      { other_svc_poze: null, other_svc_poze_per_a: null },
      ['0.4', 'MWh', '0', '0.00'],
    ],
  ])('POZE without %s: an empty side caps nothing', (_, prices, expected) => {
    const b = bill(base({ tariffs: [{ ...TARIFF, ...prices }] }));
    const poze = b.points[0]!.segments[0]!.lines.find((l) => l.kind === 'poze')!;
    expect([poze.quantity, poze.unit, poze.unit_price, poze.amount]).toEqual(expected);
  });

  it.each([
    ['purchase', '-50.00', '2008.60'],
    ['combined', '-50.00', '2008.60'],
    ['supply', '0.00', '2058.60'],
  ])('production credit in mode %s: −0.05 MWh × 1000', (mode, production, total) => {
    const b = bill(base({ contract: { ...base().contract, mode } }));
    expect([b.production, b.total]).toEqual([production, total]);
    expect(amounts(b).production).toBe(mode === 'supply' ? undefined : '-50.00');
  });

  it('a refund: advances above the total give a negative amount due', () => {
    const b = bill(
      base({
        advances: [
          { id: 1, ts: '2025-01-15', amount: '1500.00' },
          { id: 2, ts: '2025-01-31', amount: '1000.00' },
        ],
      }),
    );
    expect([b.advances, b.amount_due]).toEqual(['2500.00', '-441.40']);
  });

  it('interpolates linearly in time and marks the value estimated', () => {
    // Readings on 1 Jan and 11 Feb (41 days); 1 Feb is 31/41 of the way: 1000 + 410 × 31/41.
    const b = bill(
      base({
        readings: [
          reading(7, '2025-01-01', '1000', '500'),
          reading(7, '2025-02-11', '1410', '541'),
        ],
      }),
    );
    const segment = b.points[0]!.segments[0]!;
    expect(segment.end).toMatchObject({
      obis_181: '1310.000',
      obis_182: '531.000',
      estimated: true,
    });
    expect([segment.ht_mwh, segment.lt_mwh]).toEqual(['0.31', '0.031']);
    expect(amounts(b)).toMatchObject({
      energy_lt: '46.50',
      system_services: '51.15',
      poze: '170.50',
      electricity_tax: '9.65',
    });
    expect([b.base, b.vat, b.total]).toEqual(['1574.00', '330.54', '1904.54']);
  });

  it('splits at a tariff change: 15/31 and 16/31 of a month', () => {
    const b = bill(
      base({
        tariffs: [
          { ...TARIFF, valid_to: '2025-01-15' },
          { ...TARIFF, id: 201, valid_from: '2025-01-16', trade_per_mw_ht: '2400.00' },
        ],
        readings: [
          reading(7, '2025-01-01', '1000', '500'),
          reading(7, '2025-01-16', '1150', '550'),
          reading(7, '2025-02-01', '1300', '600'),
        ],
      }),
    );
    const [first, second] = b.points[0]!.segments;
    expect([first!.from, first!.to, first!.tariff, first!.months]).toEqual([
      '2025-01-01',
      '2025-01-16',
      200,
      '0.483871',
    ]);
    expect([second!.from, second!.to, second!.tariff, second!.months]).toEqual([
      '2025-01-16',
      '2025-02-01',
      201,
      '0.516129',
    ]);
    expect(amounts(b, 0)).toMatchObject({
      energy_ht: '300.00',
      supplier_monthly_fee: '48.39',
      main_fuse: '120.97',
      non_network_infrastructure: '4.84',
    });
    expect(amounts(b, 1)).toMatchObject({
      energy_ht: '360.00',
      supplier_monthly_fee: '51.61',
      main_fuse: '129.03',
      non_network_infrastructure: '5.16',
    });
    expect([b.base, b.vat, b.total]).toEqual(['1761.32', '369.88', '2131.20']);
  });

  it('splits at a specification change: a new meter and a 32 A fuse from 16 Jan', () => {
    const b = bill(
      base({
        points: [
          {
            id: 10,
            ean: '859182400000000001',
            name: 'Home',
            specifications: [
              { ...SPEC, valid_to: '2025-01-15' },
              { ...SPEC, id: 101, valid_from: '2025-01-16', main_fuse: 6, tariff_device: 8 },
            ],
          },
        ],
        readings: [
          reading(7, '2025-01-01', '1000', '500'),
          reading(7, '2025-01-16', '1150', '550'),
          reading(8, '2025-01-16', '0', '0'),
          reading(8, '2025-02-01', '150', '50'),
        ],
      }),
    );
    const [first, second] = b.points[0]!.segments;
    expect([
      first!.specification,
      first!.current_a,
      second!.specification,
      second!.current_a,
    ]).toEqual([100, 25, 101, 32]);
    expect([second!.start.device, second!.start.obis_181, second!.end.obis_181]).toEqual([
      8,
      '0.000',
      '150.000',
    ]);
    expect(amounts(b, 1)).toMatchObject({ main_fuse: '165.16', poze: '100.00' });
    expect([b.base, b.vat, b.total]).toEqual(['1737.45', '364.86', '2102.31']);
  });

  it('a tariff of another code changing does not split the segment', () => {
    const b = bill(
      base({ tariffs: [TARIFF, { ...TARIFF, id: 300, code: 'D25d', valid_from: '2025-01-10' }] }),
    );
    expect(b.points[0]!.segments).toHaveLength(1);
  });

  it('months sum the fractions of every month touched', () => {
    expect(monthsOf('2025-01-17', '2025-03-15').toFixed(6)).toBe(
      new Number(15 / 31 + 1 + 14 / 31).toFixed(6),
    );
    expect(monthsOf('2024-02-01', '2024-03-01').toString()).toBe('1');
  });
});

const noReadings = { readings: [] as ReadingInput[] };

describe('calculateBill: every refusal names its day', () => {
  const cases: [string, Partial<BillInput>, BillRefusalCode, string | undefined, RegExp][] = [
    [
      'no product',
      { contract: { ...base().contract, product: null } },
      'no_product',
      undefined,
      /no product/,
    ],
    ['no points', { points: [] }, 'no_points', undefined, /no consumption points/],
    [
      'no point with a specification in force on any day',
      {
        points: [{ ...base().points[0]!, specifications: [{ ...SPEC, valid_from: '2026-01-01' }] }],
      },
      'no_specification',
      '2025-01-01',
      /no consumption point has a specification in force/,
    ],
    [
      'two specifications at once',
      { points: [{ ...base().points[0]!, specifications: [SPEC, { ...SPEC, id: 101 }] }] },
      'several_specifications',
      '2025-01-01',
      /2 specifications/,
    ],
    [
      'no tariff device',
      { points: [{ ...base().points[0]!, specifications: [{ ...SPEC, tariff_device: null }] }] },
      'no_device',
      '2025-01-01',
      /no tariff device/,
    ],
    [
      'no main fuse',
      { points: [{ ...base().points[0]!, specifications: [{ ...SPEC, main_fuse: null }] }] },
      'no_main_fuse',
      '2025-01-01',
      /no main fuse/,
    ],
    [
      'no reading before',
      {
        readings: [
          reading(7, '2025-01-05', '1000', '500'),
          reading(7, '2025-02-01', '1300', '600'),
        ],
      },
      'no_reading_before',
      '2025-01-01',
      /before 2025-01-01/,
    ],
    [
      'no reading after',
      {
        readings: [
          reading(7, '2025-01-01', '1000', '500'),
          reading(7, '2025-01-20', '1300', '600'),
        ],
      },
      'no_reading_after',
      '2025-02-01',
      /after 2025-02-01/,
    ],
    [
      'register went down',
      {
        readings: [
          reading(7, '2025-01-01', '1000', '500'),
          reading(7, '2025-01-10', '900', '520'),
          reading(7, '2025-02-01', '1300', '600'),
        ],
      },
      'register_went_down',
      '2025-01-10',
      /went down on 2025-01-10/,
    ],
    [
      'no tariff for the fuse',
      { points: [{ ...base().points[0]!, specifications: [{ ...SPEC, main_fuse: 9 }] }] },
      'no_tariff',
      '2025-01-01',
      /no tariff on 2025-01-01 for product #1, code D02d, main fuse 40 A/,
    ],
    [
      'several tariffs',
      { tariffs: [TARIFF, { ...TARIFF, id: 201 }] },
      'several_tariffs',
      '2025-01-01',
      /2 tariffs on 2025-01-01.*#200, #201/,
    ],
    [
      'no VAT rate',
      { vatRates: [{ rate: '21', valid_from: '2025-06-01' }] },
      'no_vat_rate',
      '2025-01-31',
      /No VAT rate.*2025-01-31/,
    ],
  ];
  it.each(cases)('%s', (_name, overrides, code, day, message) => {
    const result = calculateBill(base(overrides));
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const reason = result.reasons.find((r) => r.code === code);
    expect(reason, JSON.stringify(result.reasons)).toBeDefined();
    expect(reason!.day).toBe(day);
    expect(reason!.message.en).toMatch(message);
    expect(reason!.message.cs.length).toBeGreaterThan(0);
  });

  it('gives the point and the meter the titles its message names them by, for links', () => {
    const result = calculateBill(
      base({
        readings: [
          reading(7, '2025-01-05', '1000', '500'),
          reading(7, '2025-02-01', '1300', '600'),
        ],
        points: [
          {
            ...base().points[0]!,
            specifications: [{ ...SPEC, tariff_device_serial: 'EM-0007' }],
          },
        ],
      }),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const reason = result.reasons.find((r) => r.code === 'no_reading_before')!;
    expect(reason).toMatchObject({
      point_id: 10,
      point_title: '859182400000000001 – Home',
      device_id: 7,
      device_title: 'EM-0007',
    });
    expect(reason.message.en).toContain(reason.point_title);
    expect(reason.message.en).toContain(reason.device_title);
    const product = calculateBill(base({ contract: { ...base().contract, product: null } }));
    if (!product.ok) expect(product.reasons[0]).not.toHaveProperty('point_title');
  });

  it('lists the refusals of every point, not only the first', () => {
    const result = calculateBill(
      base({
        ...noReadings,
        points: [base().points[0]!, { ...base().points[0]!, id: 11, ean: '859182400000000002' }],
      }),
    );
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(new Set(result.reasons.map((r) => r.point_id))).toEqual(new Set([10, 11]));
  });

  it('uses the VAT rate in force on the last day of the period', () => {
    const b = bill(
      base({
        vatRates: [
          { rate: '21.00', valid_from: '2013-01-01' },
          { rate: '12.00', valid_from: '2025-01-31' },
        ],
      }),
    );
    expect([b.vat_rate, b.vat]).toEqual(['12', '204.16']);
  });
});

describe('calculateBill: points and specifications in the period (docs/billing.md)', () => {
  it('bills a specification that starts inside the period for its own days only', () => {
    const b = bill(
      base({
        points: [{ ...base().points[0]!, specifications: [{ ...SPEC, valid_from: '2025-01-11' }] }],
        readings: [
          reading(7, '2025-01-11', '1000', '500'),
          reading(7, '2025-02-01', '1210', '542'),
        ],
      }),
    );
    const [segment] = b.points[0]!.segments;
    expect(b.points[0]!.segments).toHaveLength(1);
    // 21 of January's 31 days.
    expect([segment!.from, segment!.to, segment!.ht_mwh, segment!.lt_mwh]).toEqual([
      '2025-01-11',
      '2025-02-01',
      '0.21',
      '0.042',
    ]);
    expect(segment!.months).toBe((21 / 31).toFixed(6));
    expect(amounts(b).supplier_monthly_fee).toBe('67.74');
  });

  it('bills a specification that ends inside the period for its own days only', () => {
    const b = bill(
      base({
        points: [{ ...base().points[0]!, specifications: [{ ...SPEC, valid_to: '2025-01-10' }] }],
        readings: [
          reading(7, '2025-01-01', '1000', '500'),
          reading(7, '2025-01-11', '1100', '520'),
        ],
      }),
    );
    const [segment] = b.points[0]!.segments;
    expect([segment!.from, segment!.to, segment!.months]).toEqual([
      '2025-01-01',
      '2025-01-11',
      (10 / 31).toFixed(6),
    ]);
  });

  it('leaves out a point whose specification starts after the period: its contract is billed', () => {
    const next = {
      id: 11,
      ean: '859182400000000002',
      name: 'Cottage',
      specifications: [{ ...SPEC, id: 101, valid_from: '2026-01-01', tariff_device: 8 }],
    };
    const b = bill(base({ points: [...base().points, next] }));
    expect(b.points.map((point) => point.point)).toEqual([10]);
    expect(b.base).toBe(bill(base()).base);
  });
});
