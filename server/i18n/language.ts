import type { Lang } from './text';

/**
 * Picks the answer language from an `Accept-Language` header (RFC 9110 §12.5.4): the
 * supported language (`cs`, `en`, with any region such as `cs-CZ`) of highest weight,
 * English when none matches or the header is absent (docs/api.md, docs/product.md
 * §1 fallback English).
 */
export function negotiateLanguage(header: string | undefined): Lang {
  if (!header) return 'en';
  let best: { lang: Lang; q: number } | undefined;
  for (const part of header.split(',')) {
    const [range = '', ...params] = part.trim().split(';');
    const primary = range.trim().toLowerCase().split('-')[0];
    if (primary !== 'cs' && primary !== 'en') continue;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.trim().split('=');
      if (name?.trim() === 'q' && value !== undefined) q = Number.parseFloat(value);
    }
    if (!Number.isFinite(q) || q <= 0) continue;
    if (!best || q > best.q) best = { lang: primary, q };
  }
  return best?.lang ?? 'en';
}
