/**
 * The API's error messages in English (Django REST Framework's own wording, so a UI built
 * for a DRF back-end reads the same text; docs/api.md "Errors") and Czech (after DRF's and
 * simplejwt's Czech catalogues where they exist).
 */
import { text, type Text } from './text';

/** An abbreviation (EAN, OBIS, IČO) keeps its capitals inside a sentence. */
const ABBREVIATION = /^\p{Lu}{2,}/u;

/** A label inside a sentence: its words in lower case but abbreviations ("OBIS code"). */
function inSentence(label: string): string {
  return label
    .split(' ')
    .map((word) => (ABBREVIATION.test(word) ? word : word.toLowerCase()))
    .join(' ');
}

/** A label at the start of a sentence: capitalised, the rest as inside one. */
function sentenceCase(label: string): string {
  const inside = inSentence(label);
  return inside.charAt(0).toUpperCase() + inside.slice(1);
}

/** Every message, as {@link Text} or a function of its parameters returning one. */
export const messages = {
  // --- field validation (rest_framework/fields.py, relations.py) ---
  required: text('This field is required.', 'Tato položka je povinná.'),
  notNull: text('This field may not be null.', 'Tato položka nesmí být null.'),
  blank: text('This field may not be blank.', 'Tato položka nesmí být prázdná.'),
  invalidString: text('Not a valid string.', 'Neplatný řetězec.'),
  invalidEmail: text('Enter a valid email address.', 'Zadejte platnou e-mailovou adresu.'),
  // Not DRF's: the phone rule of customers (rules.ts PHONE_PATTERN).
  invalidPhone: text(
    'Enter a valid phone number, e.g. +420 777 123 456.',
    'Zadejte platné telefonní číslo, např. +420 777 123 456.',
  ),
  invalidInteger: text('A valid integer is required.', 'Je vyžadováno celé číslo.'),
  invalidNumber: text('A valid number is required.', 'Je vyžadováno číslo.'),
  invalidBoolean: text('Must be a valid boolean.', 'Hodnota musí být typu boolean.'),
  stringTooLarge: text('String value too large.', 'Řetězec je příliš dlouhý.'),
  nullCharacters: text('Null characters are not allowed.', 'Znaky null nejsou povoleny.'),
  maxLength: (n: number): Text =>
    text(
      `Ensure this field has no more than ${n} characters.`,
      `Zkontrolujte, že tato položka nemá více než ${n} znaků.`,
    ),
  minLength: (n: number): Text =>
    text(
      `Ensure this field has at least ${n} characters.`,
      `Zkontrolujte, že tato položka má alespoň ${n} znaků.`,
    ),
  maxValue: (n: number | string): Text =>
    text(
      `Ensure this value is less than or equal to ${n}.`,
      `Zkontrolujte, že hodnota je menší nebo rovna ${n}.`,
    ),
  minValue: (n: number | string): Text =>
    text(
      `Ensure this value is greater than or equal to ${n}.`,
      `Zkontrolujte, že hodnota je větší nebo rovna ${n}.`,
    ),
  maxDigits: (n: number): Text =>
    text(
      `Ensure that there are no more than ${n} digits in total.`,
      `Zkontrolujte, že číslo neobsahuje více než ${n} číslic.`,
    ),
  maxDecimalPlaces: (n: number): Text =>
    text(
      `Ensure that there are no more than ${n} decimal places.`,
      `Zkontrolujte, že číslo nemá více než ${n} desetinných míst.`,
    ),
  maxWholeDigits: (n: number): Text =>
    text(
      `Ensure that there are no more than ${n} digits before the decimal point.`,
      `Zkontrolujte, že číslo nemá více než ${n} číslic před desetinnou čárkou.`,
    ),
  invalidChoice: (input: string): Text =>
    text(`"${input}" is not a valid choice.`, `"${input}" není platná možnost.`),
  notAList: (inputType: string): Text =>
    text(
      `Expected a list of items but got type "${inputType}".`,
      `Byl očekáván seznam položek, ale byl získán typ "${inputType}".`,
    ),
  emptySelection: text('This selection may not be empty.', 'Tento výběr nesmí být prázdný.'),
  emptyList: text('This list may not be empty.', 'Tento seznam nesmí být prázdný.'),
  dateFormat: text(
    'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
    'Chybný formát data. Použijte jeden z těchto formátů: YYYY-MM-DD.',
  ),
  datetimeFormat: text(
    'Datetime has wrong format. Use one of these formats instead: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].',
    'Chybný formát data a času. Použijte jeden z těchto formátů: YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].',
  ),
  pkDoesNotExist: (pk: string): Text =>
    text(
      `Invalid pk "${pk}" - object does not exist.`,
      `Chybný primární klíč "${pk}" - objekt neexistuje.`,
    ),
  pkIncorrectType: (dataType: string): Text =>
    text(
      `Incorrect type. Expected pk value, received ${dataType}.`,
      `Chybný typ. Byl přijat typ ${dataType} místo hodnoty primárního klíče.`,
    ),
  notADictionary: (dataType: string): Text =>
    text(
      `Invalid data. Expected a dictionary, but got ${dataType}.`,
      `Chybná data. Byl přijat typ ${dataType} místo slovníku.`,
    ),
  /**
   * Django's model `unique` message as a sentence: "Customer with this customer number
   * already exists." (abbreviations such as EAN or OBIS keep their capitals), "Zákazník s
   * touto hodnotou pole „Číslo zákazníka“ již existuje."
   */
  unique: (resource: Text, field: Text): Text =>
    text(
      `${sentenceCase(resource.en)} with this ${inSentence(field.en)} already exists.`,
      `${sentenceCase(resource.cs)} s touto hodnotou pole „${field.cs}“ již existuje.`,
    ),
  invalidValue: text('Invalid value.', 'Neplatná hodnota.'),
  stillReferenced: text(
    'Cannot delete this record because other records still reference it.',
    'Záznam nelze smazat, protože na něj stále odkazují jiné záznamy.',
  ),
  passwordNumeric: text('This password is entirely numeric.', 'Heslo se skládá pouze z číslic.'),

  // --- request-level errors (rest_framework/exceptions.py, pagination.py) ---
  notFound: text('Not found.', 'Nenalezeno.'),
  invalidPage: text('Invalid page.', 'Neplatná stránka.'),
  notAuthenticated: text(
    'Authentication credentials were not provided.',
    'Nebyly zadány přihlašovací údaje.',
  ),
  permissionDenied: text(
    'You do not have permission to perform this action.',
    'K této akci nemáte oprávnění.',
  ),
  methodNotAllowed: (method: string): Text =>
    text(`Method "${method}" not allowed.`, `Metoda "${method}" není povolena.`),

  // --- who may grant what (server/auth/grants.ts; answered as 403 {detail}) ---
  cannotGrantPrivileges: (privileges: readonly Text[]): Text =>
    text(
      `You cannot grant privileges you do not hold: ${privileges.map((p) => p.en).join(', ')}.`,
      `Nemůžete udělit oprávnění, která sami nemáte: ${privileges.map((p) => p.cs).join(', ')}.`,
    ),
  cannotManageRole: text(
    'You cannot change or delete a role that grants privileges you do not hold.',
    'Roli, která uděluje oprávnění, jež sami nemáte, nemůžete měnit ani smazat.',
  ),
  cannotAssignRole: (role: string): Text =>
    text(
      `You cannot assign or remove the role "${role}": it grants privileges you do not hold.`,
      `Roli „${role}“ nemůžete přidělit ani odebrat: uděluje oprávnění, která sami nemáte.`,
    ),
  cannotDeactivateSelf: text(
    'You cannot deactivate your own account.',
    'Svůj vlastní účet deaktivovat nemůžete.',
  ),
  cannotChangeOwnRoles: text(
    'You cannot change your own roles.',
    'Své vlastní role měnit nemůžete.',
  ),
  cannotManageSuperuser: text(
    'Only a superuser can change or delete a superuser.',
    'Superuživatele může měnit nebo smazat jen superuživatel.',
  ),
  cannotManageUser: text(
    'You cannot change or delete a user who holds privileges you do not hold.',
    'Uživatele, který má oprávnění, jež sami nemáte, nemůžete měnit ani smazat.',
  ),
  cannotChangeEmail: text(
    "Only a superuser can change another user's e-mail.",
    'E-mail jiného uživatele může změnit jen superuživatel.',
  ),
  ownAccountNeedsCurrentPassword: text(
    'Change your own password or e-mail in Settings, with your current password.',
    'Vlastní heslo nebo e-mail změňte v Nastavení, se svým současným heslem.',
  ),
  wrongCurrentPassword: text(
    'Your current password is not correct.',
    'Současné heslo není správné.',
  ),
  cannotSetPassword: text(
    "Only a superuser can set another user's password.",
    'Heslo jiného uživatele může nastavit jen superuživatel.',
  ),
  /** One resource's part of a delete refusal when the caller may not read its rows. */
  referencedCount: (plural: Text, count: number): Text =>
    text(
      `${plural.en.toLowerCase()} (number of records: ${count})`,
      `${plural.cs.toLowerCase()} (počet záznamů: ${count})`,
    ),
  unsupportedMediaType: (mediaType: string): Text =>
    text(
      `Unsupported media type "${mediaType}" in request.`,
      `Nepodporovaný typ média "${mediaType}" v požadavku.`,
    ),
  jsonParseError: (detail: string): Text =>
    text(`JSON parse error - ${detail}`, `Chyba parsování JSON - ${detail}`),
  bodyTooLarge: text('Request body is too large.', 'Tělo požadavku je příliš velké.'),
  throttled: (seconds: number): Text =>
    text(
      `Request was throttled. Expected available in ${seconds} seconds.`,
      `Požadavek byl omezen. Další bude možný za ${seconds} sekund.`,
    ),
  serverError: text('A server error occurred.', 'Došlo k chybě serveru.'),
  databaseUnavailable: text(
    'The database is temporarily unavailable. Try again later.',
    'Databáze je dočasně nedostupná. Zkuste to prosím později.',
  ),
  starting: text(
    'The server is starting. Try again in a moment.',
    'Server se právě spouští. Zkuste to prosím za chvíli.',
  ),
  preconditionFailed: text(
    'The record was changed by someone else since you loaded it. Reload it and try again.',
    'Záznam mezitím změnil někdo jiný. Načtěte jej znovu a akci opakujte.',
  ),

  // --- list query parameters (docs/api.md "Lists", Joule) ---
  unknownSortField: (field: string, allowed: readonly string[]): Text =>
    text(
      `Unknown sort field "${field}". Allowed: ${allowed.join(', ') || 'none'}.`,
      `Neznámé pole pro řazení "${field}". Povolená pole: ${allowed.join(', ') || 'žádná'}.`,
    ),
  unknownFilterField: (field: string, allowed: readonly string[]): Text =>
    text(
      `Unknown filter field "${field}". Allowed: ${allowed.join(', ') || 'none'}.`,
      `Neznámé pole pro filtr "${field}". Povolená pole: ${allowed.join(', ') || 'žádná'}.`,
    ),
  malformedPair: (pair: string): Text =>
    text(`"${pair}" is not a key=value pair.`, `"${pair}" není dvojice ve tvaru klíč=hodnota.`),
  fieldValue: (field: string, message: Text): Text =>
    text(`${field}: ${message.en}`, `${field}: ${message.cs}`),
  tooManySortFields: (max: number): Text =>
    text(
      `Ensure there are no more than ${max} sort fields.`,
      `Zkontrolujte, že není zadáno více než ${max} polí pro řazení.`,
    ),
  duplicateSortField: (field: string): Text =>
    text(
      `Sort field "${field}" is given more than once.`,
      `Pole pro řazení "${field}" je zadáno vícekrát.`,
    ),
  tooManyPairs: (max: number): Text =>
    text(
      `Ensure there are no more than ${max} key=value pairs.`,
      `Zkontrolujte, že není zadáno více než ${max} dvojic klíč=hodnota.`,
    ),
  tooManySearchTerms: (max: number): Text =>
    text(
      `Ensure the search has no more than ${max} words.`,
      `Zkontrolujte, že hledaný text nemá více než ${max} slov.`,
    ),
  tooManyIds: (max: number): Text =>
    text(
      `Ensure there are no more than ${max} ids.`,
      `Zkontrolujte, že není zadáno více než ${max} identifikátorů.`,
    ),
  invalidId: (value: string): Text =>
    text(`"${value}" is not a valid id.`, `"${value}" není platný identifikátor.`),
  uriTooLong: (max: number): Text =>
    text(
      `Request URL is too long (at most ${max} characters).`,
      `Adresa požadavku je příliš dlouhá (nejvýše ${max} znaků).`,
    ),

  // --- authentication (simplejwt, djoser) ---
  noActiveAccount: text(
    'No active account found with the given credentials',
    'Žádný aktivní účet s danými údaji nebyl nalezen',
  ),
  noActiveAccountForToken: text(
    'No active account found for the given token.',
    'Pro daný token nebyl nalezen žádný aktivní účet.',
  ),
  tokenNotValidForAnyType: text(
    'Given token not valid for any token type',
    'Daný token není platný pro žádný typ tokenu',
  ),
  tokenInvalidOrExpired: text(
    'Token is invalid or expired',
    'Token není platný nebo vypršela jeho platnost',
  ),
  badAuthorizationHeader: text(
    'Authorization header must contain two space-delimited values',
    'Hlavička Authorization musí obsahovat dvě hodnoty oddělené mezerou',
  ),
  userNotFound: text('User not found', 'Uživatel nenalezen'),
  userInactive: text('User is inactive', 'Uživatel není aktivní'),
  singleSignOnUnavailable: text(
    'The single sign-on provider is unavailable, so the token cannot be checked. Try again later.',
    'Poskytovatel jednotného přihlášení je nedostupný, token nelze ověřit. Zkuste to později.',
  ),
  invalidUid: text(
    "Invalid user id or user doesn't exist.",
    'Neplatné ID uživatele nebo uživatel neexistuje.',
  ),
  invalidResetToken: text('Invalid token for given user.', 'Neplatný token pro daného uživatele.'),
} as const;
