// @ts-check
/**
 * `local/no-native-date-input`: no `<input type="date|month|datetime-local|time|week">` (nor
 * a component given such a `type`, e.g. Blueprint's `InputGroup`). The browser's own pickers
 * show dates in the browser's language and format, not the app's; dates are entered with
 * the app's date inputs (`DateInput`, `DateTimeInput`, `MonthInput`, `DateRangeInput`,
 * `PeriodInput` of `src/resources`; docs/extending.md "Dates and times").
 */

const NATIVE = new Set(['date', 'month', 'datetime-local', 'datetime', 'time', 'week']);

/** The string a JSX attribute's value is, when it is a constant. */
function constant(value) {
  if (!value) return undefined;
  if (value.type === 'Literal') return value.value;
  if (value.type !== 'JSXExpressionContainer') return undefined;
  const expression = value.expression;
  if (expression.type === 'Literal') return expression.value;
  if (expression.type === 'TemplateLiteral' && expression.expressions.length === 0)
    return expression.quasis[0]?.value.cooked;
  return undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noNativeDateInput = {
  meta: {
    type: 'problem',
    docs: { description: 'Use the app’s date inputs, not the browser’s date, month or time input' },
    schema: [],
    messages: {
      native:
        'type="{{type}}" is the browser\'s own picker: use DateInput, DateTimeInput, MonthInput, DateRangeInput or PeriodInput from src/resources.',
    },
  },
  create(context) {
    return {
      JSXAttribute(node) {
        if (node.name.type !== 'JSXIdentifier' || node.name.name !== 'type') return;
        const type = constant(node.value);
        if (typeof type === 'string' && NATIVE.has(type.toLowerCase()))
          context.report({ node, messageId: 'native', data: { type } });
      },
    };
  },
};

export default { rules: { 'no-native-date-input': noNativeDateInput } };
