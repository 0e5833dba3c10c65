/**
 * PDF rendering for the invoices (`billing/invoices/pdf.ts`) and the personal-data export
 * (`privacy/pdf.ts`): pdfmake with its bundled Roboto, which has the Czech letters. pdfmake
 * and its fonts are lazy (loaded on the first PDF): importing them costs about a third of a
 * second, which every start of the server and every test server would otherwise pay.
 */
import { createRequire } from 'node:module';
import type pdfmakeModule from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

type PdfMake = typeof pdfmakeModule;

let loading: Promise<PdfMake> | undefined;

/** pdfmake, set up once: the bundled Roboto, and no file read but its font files. */
async function loadPdfmake(): Promise<PdfMake> {
  const { default: pdfmake } = await import('pdfmake');
  const require = createRequire(import.meta.url);
  const fonts = require('pdfmake/fonts/Roboto.js') as Parameters<PdfMake['setFonts']>[0];
  pdfmake.setFonts(fonts);
  // No remote or local file is ever read for a document but the fonts above.
  const fontFiles = new Set(Object.values(fonts).flatMap((font) => Object.values(font)));
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path) => fontFiles.has(path));
  return pdfmake;
}

/**
 * Renders `definition` (a pdfmake document) as the bytes of a PDF file.
 * @throws when pdfmake fails to load or to lay out the document.
 */
export async function renderPdf(definition: TDocumentDefinitions): Promise<Buffer> {
  // A failed load is tried again by the next document.
  loading ??= loadPdfmake().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  const pdfmake = await loading;
  return pdfmake.createPdf(definition).getBuffer();
}
