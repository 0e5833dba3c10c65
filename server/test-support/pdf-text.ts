/**
 * The text of a PDF, page by page, as pdf.js reads it (for tests of the invoice PDF,
 * docs/billing.md "Invoices"): each line of text on its own line.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Every page's text of `bytes`, pages separated by a form feed. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number += 1) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    let text = '';
    for (const item of content.items)
      if ('str' in item) text += item.str + (item.hasEOL ? '\n' : '');
    pages.push(text);
  }
  await document.destroy();
  return pages.join('\f');
}
