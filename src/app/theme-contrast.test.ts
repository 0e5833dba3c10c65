/**
 * WCAG 2.1 AA contrast of the Dark Blue palette (docs/product.md §1 "Dark Blue"): 4.5:1 for text,
 * 3:1 for large text and non-text parts such as the focus ring and the badge.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Read as files: Vitest hands CSS imports to its CSS pipeline, which empties them.
const read = (name: string) => readFileSync(new URL(name, import.meta.url), 'utf8');
const css = read('./theme-dark-blue.css');
const appCss = read('./app.css');

/** The palette as theme-dark-blue.css declares it. */
function variables(text: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const match of text.matchAll(/(--joule-[\w-]+):\s*(#[0-9a-f]{6})\s*;/gi)) {
    result[match[1]!] = match[2]!;
  }
  return result;
}

function luminance(hex: string): number {
  const channel = (index: number) => {
    const value = parseInt(hex.slice(index, index + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio of two opaque colours. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const palette = variables(css);
const color = (name: string) => {
  const value = palette[`--joule-${name}`];
  if (!value) throw new Error(`theme-dark-blue.css declares no --joule-${name}`);
  return value;
};

describe('Dark Blue contrast (WCAG AA)', () => {
  it('is a navy palette', () => {
    for (const name of ['page-bg', 'surface', 'raised', 'sunken', 'navbar']) {
      const hex = color(name);
      const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      // Navy: blue well above red, above green (Blueprint's dark greys are nearly equal).
      expect(b - r, `${name} ${hex} is blue`).toBeGreaterThanOrEqual(24);
      expect(b - g, `${name} ${hex} is blue`).toBeGreaterThanOrEqual(12);
      expect(luminance(hex), `${name} ${hex} is dark`).toBeLessThan(0.04);
    }
  });

  const backgrounds = ['page-bg', 'surface', 'raised', 'sunken', 'navbar'];
  it.each(
    backgrounds.flatMap((background) =>
      (['text', 'text-muted', 'link'] as const).map((foreground) => [foreground, background]),
    ),
  )('%s on %s ≥ 4.5:1', (foreground, background) => {
    expect(contrast(color(foreground), color(background))).toBeGreaterThanOrEqual(4.5);
  });

  it.each([
    ['focus ring #4c90f0 on the surfaces', '#4c90f0', 3],
    ['tooltip text on the tooltip', '#0b1627', 4.5],
  ])('%s', (_name, foreground, minimum) => {
    const against = _name.startsWith('tooltip') ? ['#dfe8f5'] : backgrounds.map(color);
    for (const background of against)
      expect(contrast(foreground, background)).toBeGreaterThanOrEqual(minimum);
  });

  it('avatar initials and the bell badge are readable', () => {
    expect(contrast('#06101f', '#4c90f0')).toBeGreaterThanOrEqual(4.5);
    expect(appCss).toContain('background: #ac2f33');
    expect(contrast('#ffffff', '#ac2f33')).toBeGreaterThanOrEqual(4.5);
  });
});

describe('sort marks (docs/product.md, WCAG 1.4.11: ≥ 3:1 in every theme)', () => {
  const tableCss = read('../resources/list/resource-table.css');
  /** The colour a rule of resource-table.css gives the idle sort mark. */
  const idle = (selector: string) => {
    const rule = new RegExp(`${selector.replace(/[.*]/g, '\\$&')}\\s*\\{\\s*color:\\s*([^;]+);`);
    const value = rule.exec(tableCss)?.[1]?.trim();
    if (!value) throw new Error(`resource-table.css has no colour for ${selector}`);
    return value.startsWith('var(') ? color(value.slice(value.indexOf('--joule-') + 8, -1)) : value;
  };

  it('has no opacity trick left', () => {
    expect(tableCss).not.toMatch(/joule-sort-idle\s*\{[^}]*opacity/);
  });

  it.each([
    ['Light, on the white header', '.joule-resource-table .joule-sort-idle', ['#ffffff']],
    ['Dark, on the dark header', '.bp6-dark .joule-resource-table .joule-sort-idle', ['#2f343c']],
    [
      'Dark Blue, on every surface',
      '.joule-theme-dark-blue .joule-resource-table .joule-sort-idle',
      backgroundsOfDarkBlue(),
    ],
  ])('%s', (_name, selector, against) => {
    for (const background of against)
      expect(contrast(idle(selector), background)).toBeGreaterThanOrEqual(3);
  });
});

function backgroundsOfDarkBlue(): string[] {
  return ['page-bg', 'surface', 'raised', 'sunken', 'navbar'].map(color);
}
