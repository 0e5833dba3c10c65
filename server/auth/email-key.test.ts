/** The e-mail comparison key of single sign-on (email-key.ts): ASCII case only. */
import { describe, expect, it } from 'vitest';
import { emailKey } from './email-key';

describe('emailKey', () => {
  it.each<[string, string, string]>([
    ['ASCII lower case stays', 'admin@joule.test', 'admin@joule.test'],
    ['ASCII upper case is lower-cased', 'Admin@JOULE.Test', 'admin@joule.test'],
    ['NFD is composed (NFC)', 'ze\u0301@joule.test', 'z\u00e9@joule.test'],
    ['non-ASCII lower case stays', 'lubo\u0161@joule.test', 'lubo\u0161@joule.test'],
    ['non-ASCII upper case is not folded', 'LUBO\u0160@joule.test', 'lubo\u0160@joule.test'],
    [
      'KELVIN SIGN stays (NFC gives K, toLowerCase k)',
      '\u212Aate@joule.test',
      '\u212Aate@joule.test',
    ],
    ['KELVIN SIGN stays among capitals', 'KATE\u212A@JOULE.test', 'kate\u212A@joule.test'],
    ['GREEK VARIA stays (NFC gives `)', 'a\u1FEFb@joule.test', 'a\u1FEFb@joule.test'],
    ['NFC still applies around it', 'e\u0301\u212Ae\u0301@x.test', '\u00e9\u212A\u00e9@x.test'],
    ['ANGSTROM SIGN composes to Å, not folded', '\u212Bsa@joule.test', '\u00C5sa@joule.test'],
    ['fullwidth letters stay (NFKC gives ASCII)', '\uFF41dmin@joule.test', '\uFF41dmin@joule.test'],
    ['fullwidth capitals stay', '\uFF21DMIN@joule.test', '\uFF21dmin@joule.test'],
    ['the ff ligature stays (NFKC gives ff)', 'o\uFB00ice@joule.test', 'o\uFB00ice@joule.test'],
    [
      'dotted capital I stays (toLowerCase gives i + U+0307)',
      '\u0130@joule.test',
      '\u0130@joule.test',
    ],
    ['long s stays (case folding gives s)', '\u017Fam@joule.test', '\u017Fam@joule.test'],
  ])('%s', (_case, given, key) => {
    expect(emailKey(given)).toBe(key);
  });

  it.each<[string, string, string]>([
    ['KELVIN SIGN', '\u212Aate@joule.test', 'kate@joule.test'],
    ['KELVIN SIGN, ASCII capitals', 'KATE\u212A@joule.test', 'katek@joule.test'],
    ['GREEK VARIA', 'a\u1FEFb@joule.test', 'a`b@joule.test'],
    ['fullwidth a', '\uFF41dmin@joule.test', 'admin@joule.test'],
    ['fullwidth A', '\uFF21dmin@joule.test', 'admin@joule.test'],
    ['the ff ligature', 'o\uFB00ice@joule.test', 'office@joule.test'],
    ['dotted capital I', 'adm\u0130n@joule.test', 'admin@joule.test'],
    ['long s', '\u017Fam@joule.test', 'sam@joule.test'],
  ])('a look-alike with %s never meets its ASCII address', (_case, lookAlike, ascii) => {
    expect(emailKey(lookAlike)).not.toBe(emailKey(ascii));
    expect(emailKey(lookAlike)).not.toBe(emailKey(ascii.toUpperCase()));
  });

  it('is stable: the key of a key is itself', () => {
    for (const address of ['Admin@X.test', '\u212Aate@x.test', 'ze\u0301@x.test', '\uFF21@x.test'])
      expect(emailKey(emailKey(address))).toBe(emailKey(address));
  });
});
