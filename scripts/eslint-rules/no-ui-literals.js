// @ts-check

/**
 * Words on screen come from a message catalog
 *
 * Rejects a literal word in JSX: text between tags, a string given to an attribute a person reads
 * (title, aria-label, placeholder, alt, label, hint, …), and a string or template written straight into
 * a JSX expression (`{busy ? 'Saving…' : 'Save'}`). What is not a word passes: symbols and punctuation
 * ("↻", "—", "·"), a single character (an icon letter), and a field name of the platform's spec written
 * as an identifier (`productKey`, `extendData`), which no language translates.
 */

/** Attributes whose value a person reads or hears. */
const READ_ATTRIBUTES = new Set([
  'title',
  'alt',
  'placeholder',
  'label',
  'hint',
  'message',
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
]);

const LETTER = /\p{L}/u;
/** A camelCase identifier: a field of the spec (`deviceKey`), shown as it is in every language. */
const SPEC_FIELD = /^[a-z]+(?:[A-Z][a-z0-9]*)+$/;

/** @param {string} text */
function isWords(text) {
  const trimmed = text.trim();
  if ([...trimmed].length <= 1) return false;
  if (!LETTER.test(trimmed)) return false;
  return !SPEC_FIELD.test(trimmed);
}

/** @type {import('eslint').Rule.RuleModule} */
export const noUiLiterals = {
  meta: {
    type: 'problem',
    docs: { description: 'Words on screen come from the message catalog (t(...)), never a literal in JSX.' },
    schema: [],
    messages: {
      literal:
        'Words on screen come from the message catalog: put "{{text}}" in src/i18n/locales/<language>/<namespace>.json and use t(...).',
    },
  },
  create(context) {
    /** @param {import('estree').Node} node @param {string} text */
    const report = (node, text) =>
      context.report({ node, messageId: 'literal', data: { text: text.trim().slice(0, 40) } });

    /** A string a person would read, wherever an expression may yield it. @param {any} node */
    const check = (node) => {
      if (!node) return;
      switch (node.type) {
        case 'Literal':
          if (typeof node.value === 'string' && isWords(node.value)) report(node, node.value);
          return;
        case 'TemplateLiteral': {
          const text = node.quasis.map((/** @type {any} */ q) => q.value.cooked ?? '').join(' ');
          if (isWords(text)) report(node, text);
          return;
        }
        case 'ConditionalExpression':
          check(node.consequent);
          check(node.alternate);
          return;
        case 'LogicalExpression':
          check(node.right);
          return;
        default:
      }
    };

    return {
      /** @param {any} node */
      JSXText(node) {
        if (isWords(node.value)) report(node, node.value);
      },
      /** @param {any} node */
      JSXExpressionContainer(node) {
        if (node.parent?.type === 'JSXElement' || node.parent?.type === 'JSXFragment') check(node.expression);
      },
      /** @param {any} node */
      JSXAttribute(node) {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : '';
        if (!READ_ATTRIBUTES.has(name) || !node.value) return;
        if (node.value.type === 'Literal') check(node.value);
        else if (node.value.type === 'JSXExpressionContainer') check(node.value.expression);
      },
    };
  },
};
