/**
 * A customer's personal data as a PDF (docs/security.md "Personal data"): the same content
 * as the JSON export, section by section, each row as its fields and values, rendered with
 * pdfmake and its bundled Roboto as the invoices are (`server/pdf.ts`), reading no other file.
 */
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { text, type Lang, type Text } from '../i18n/text';
import type { JsonValue } from '../resources/engine';
import { renderPdf } from '../pdf';
import { PARTS, type PersonalData } from './personal-data';

const T: Record<'title' | 'generated' | 'customer' | 'none' | (typeof PARTS)[number], Text> = {
  title: text('Personal data held by Joule', 'Osobní údaje vedené v systému Joule'),
  generated: text('Exported', 'Exportováno'),
  customer: text('Customer', 'Zákazník'),
  none: text('None.', 'Žádné.'),
  addresses: text('Addresses', 'Adresy'),
  contracts: text('Contracts', 'Smlouvy'),
  points: text('Consumption points', 'Odběrná místa'),
  specifications: text('Specifications of the points', 'Specifikace odběrných míst'),
  readings: text('Readings', 'Odečty'),
  invoices: text('Invoices', 'Faktury'),
  payments: text('Payments', 'Platby'),
  incoming_payments: text('Bank payments', 'Bankovní platby'),
  history: text('History of changes', 'Historie změn'),
};

/** A value as one line of text. */
function show(value: JsonValue | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** One row as a two-column table of its fields (nested lists as their own small tables). */
function rowTable(row: Readonly<Record<string, JsonValue>>): Content {
  const body = Object.entries(row)
    .filter(([, value]) => !Array.isArray(value))
    .map(([key, value]) => [{ text: key, color: '#555555' }, { text: show(value as JsonValue) }]);
  const nested = Object.entries(row)
    .filter(([, value]) => Array.isArray(value))
    .map(([key, value]): Content => ({
      stack: [
        { text: key, italics: true, margin: [0, 2, 0, 2] },
        ...(value as Record<string, JsonValue>[]).map((item) => ({
          text: Object.entries(item)
            .map(([name, v]) => `${name}: ${show(v)}`)
            .join(' · '),
          fontSize: 7,
        })),
      ],
    }));
  return {
    stack: [
      { table: { widths: [120, '*'], body }, layout: 'lightHorizontalLines', fontSize: 8 },
      ...nested,
    ],
    margin: [0, 0, 0, 8],
  };
}

/** The readings as one compact table (they may be many). */
function readingsTable(rows: readonly Record<string, JsonValue>[]): Content {
  const columns = ['tariff_device', 'timestamp_received', 'obis_181', 'obis_182', 'obis_280'];
  return {
    table: {
      headerRows: 1,
      widths: ['auto', '*', 'auto', 'auto', 'auto'],
      body: [
        columns.map((name) => ({ text: name, bold: true })),
        ...rows.map((row) => columns.map((name) => show(row[name]))),
      ],
    },
    layout: 'lightHorizontalLines',
    fontSize: 8,
  };
}

/** The document definition of `data` in `lang`. */
export function personalDataDefinition(data: PersonalData, lang: Lang): TDocumentDefinitions {
  const t = (value: Text) => value[lang];
  const content: Content[] = [
    { text: t(T.title), fontSize: 16, bold: true },
    { text: `${t(T.generated)}: ${data.generated_at}`, margin: [0, 2, 0, 12], fontSize: 8 },
    { text: t(T.customer), fontSize: 12, bold: true, margin: [0, 0, 0, 4] },
    rowTable(data.customer),
  ];
  for (const part of PARTS) {
    const rows = data[part] as unknown as readonly Record<string, JsonValue>[];
    content.push({ text: t(T[part]), fontSize: 12, bold: true, margin: [0, 8, 0, 4] });
    if (rows.length === 0) content.push({ text: t(T.none), fontSize: 8 });
    else if (part === 'readings') content.push(readingsTable(rows));
    else content.push(...rows.map(rowTable));
  }
  return {
    info: { title: t(T.title) },
    defaultStyle: { font: 'Roboto', fontSize: 9 },
    pageMargins: [40, 40, 40, 40],
    content,
  };
}

/** Renders `data` in `lang` as PDF bytes. */
export async function renderPersonalDataPdf(data: PersonalData, lang: Lang): Promise<Buffer> {
  return renderPdf(personalDataDefinition(data, lang));
}
