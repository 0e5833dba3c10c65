/**
 * The form of an e-mail address that single sign-on compares with users' stored e-mails
 * (docs/api.md "Base, format, auth": a provider access token is "matched to an active user by
 * its `email` claim").
 *
 * Users' e-mails are stored lower-cased, and addresses in practice differ only in the case
 * of ASCII letters, so ASCII case is ignored. Nothing else is folded: Unicode case mapping
 * and compatibility normalisation (NFKC) turn other, distinct addresses into an existing
 * user's one — fullwidth `ａ` (U+FF41) and the ligature `ﬀ` become `a` and `ff` under NFKC,
 * `İ` (U+0130) lower-cases to `i` plus a combining dot — so a provider that lets anyone
 * register such an address would hand out someone else's account.
 *
 * Canonical composition (NFC) unifies encodings of the same characters (`e` + U+0301 and
 * `é`) and is applied, with one exception: the three canonical singletons that NFC turns
 * into ASCII — KELVIN SIGN U+212A → `K`, GREEK QUESTION MARK U+037E → `;`, GREEK VARIA
 * U+1FEF → `` ` `` — are kept as they are, so no address with a non-ASCII character ever
 * compares equal to an ASCII one (`\u212Aate@…` must not become `kate@…`).
 */

/** True for a non-ASCII character that NFC turns into ASCII (found generically, not listed). */
function becomesAscii(char: string): boolean {
  return char > '\x7f' && [...char.normalize('NFC')].some((c) => c <= '\x7f');
}

/**
 * The comparison key of an e-mail address: NFC-normalised except for characters NFC would
 * turn into ASCII (kept as given), then ASCII `A`–`Z` lower-cased; every other character
 * (any non-ASCII letter included) is compared exactly. Two addresses name the same user
 * only when their keys are equal.
 * @param address the address as given (an `email` claim); not validated here.
 */
export function emailKey(address: string): string {
  let key = '';
  let run = '';
  for (const char of address) {
    if (becomesAscii(char)) {
      key += run.normalize('NFC') + char;
      run = '';
    } else {
      run += char;
    }
  }
  key += run.normalize('NFC');
  return key.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}
