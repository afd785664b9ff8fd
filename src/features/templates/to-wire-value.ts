import { compareDecimals, numberToWire, type TemplateDataType } from '../../../electron/shared/domain';
import { said, type Said } from './said';

/**
 * A map value as the platform gets it, or why it cannot be one.
 *
 * `wire` is undefined when the field is empty (the key is left out). `note` is advice that does not
 * block sending (a value the type may round).
 */
export type WireValue = { ok: true; wire: string | undefined; note?: Said } | ({ ok: false } & Said);

/** The largest finite float32, exactly. */
const FLOAT_MAX = '340282346638528859811704183484516925440';
/** The largest finite double, as its shortest round-trip digits. */
const DOUBLE_MAX = numberToWire(Number.MAX_VALUE, 'DOUBLE');
const INT64_MAX = '9223372036854775807';
const INT64_MIN = '-9223372036854775808';
/** Significant digits beyond which a type cannot keep a value as written. */
const PRECISION: Partial<Record<TemplateDataType, number>> = { FLOAT: 9, DOUBLE: 17 };
/** An exponent this large would write thousands of digits: no real limit is that far out. */
const MAX_EXPONENT = 400;

const NUMBER_SHAPE = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

const wholeOnly = (dataType: TemplateDataType) => dataType === 'INTEGER' || dataType === 'STRING';
const notANumber = (dataType: TemplateDataType): Said =>
  wholeOnly(dataType)
    ? said('whole', 'must be a whole number such as 10 or -5')
    : said('number', 'must be a number such as 1.5 or -20');

/**
 * Convert what the user typed (or a number from an imported file) to the map value the spec wants.
 *
 * Exact, never through a double for text: "9007199254740993" stays itself, "0.1" stays "0.1".
 * Forgiving where the meaning is certain: spaces around, a leading "+", ".5", "5.", "1e3", "2.0" for
 * an INTEGER, "−" (U+2212). Refused where it would be a guess: a comma ("1,5" is 1.5 in one locale and
 * 15 in another), digit groups ("1 000"), hex, Infinity. The result is canonical: no exponent, no
 * leading zeros, no trailing fractional zeros, no "-0".
 *
 * STRING's only key (max, a length) follows the INTEGER rules.
 */
export function toWireValue(input: string | number, dataType: TemplateDataType): WireValue {
  if (typeof input === 'number') return numberInput(input, dataType);

  const text = input.trim().replace(/\u2212/g, '-');
  if (text === '') return { ok: true, wire: undefined };
  if (text.includes(','))
    return {
      ok: false,
      ...said('useDot', 'use a dot for decimals ("1.5", not "1,5") and no thousands separators'),
    };
  if (/\d[\s'_]+\d/.test(text))
    return { ok: false, ...said('separators', 'remove the spaces or separators inside the number') };

  const match = NUMBER_SHAPE.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return { ok: false, ...notANumber(dataType) };
  const [, sign, whole, fraction = '', expText] = match;
  const exponent = expText === undefined ? 0 : Number(expText);
  if (Math.abs(exponent) > MAX_EXPONENT)
    return { ok: false, ...said('exponent', 'the exponent is too large for any number type') };

  const wire = canonical(sign === '-', whole, fraction, exponent);
  const isWhole = !wire.includes('.');
  if (wholeOnly(dataType) && !isWhole)
    return {
      ok: false,
      ...(dataType === 'STRING'
        ? said('wholeChars', 'must be a whole number of characters')
        : said('wholeInteger', 'must be a whole number (INTEGER has no decimals)')),
    };
  return withinType(wire, dataType);
}

function numberInput(value: number, dataType: TemplateDataType): WireValue {
  if (!Number.isFinite(value)) return { ok: false, ...notANumber(dataType) };
  if (wholeOnly(dataType)) {
    if (!Number.isInteger(value))
      return { ok: false, ...said('wholeInteger', 'must be a whole number (INTEGER has no decimals)') };
    // JSON.parse already rounded it: 12345678901234567890 arrives as 12345678901234567168.
    if (!Number.isSafeInteger(value))
      return {
        ok: false,
        ...said(
          'jsonDigits',
          'a JSON number this large loses digits: check this value (or write it in quotes in the file)',
        ),
      };
  }
  return toWireValue(numberToWire(value, wholeOnly(dataType) ? 'INTEGER' : dataType), dataType);
}

/** sign, digits and a decimal exponent to a plain decimal string. */
function canonical(negative: boolean, whole: string, fraction: string, exponent: number): string {
  const digits = whole + fraction;
  const point = whole.length + exponent;
  let intPart: string;
  let fracPart: string;
  if (point <= 0) {
    intPart = '0';
    fracPart = '0'.repeat(-point) + digits;
  } else if (point >= digits.length) {
    intPart = digits + '0'.repeat(point - digits.length);
    fracPart = '';
  } else {
    intPart = digits.slice(0, point);
    fracPart = digits.slice(point);
  }
  intPart = intPart.replace(/^0+(?=\d)/, '') || '0';
  fracPart = fracPart.replace(/0+$/, '');
  const out = fracPart ? `${intPart}.${fracPart}` : intPart;
  return negative && /[1-9]/.test(out) ? `-${out}` : out;
}

function withinType(wire: string, dataType: TemplateDataType): WireValue {
  const magnitude = wire.replace('-', '');
  if (dataType === 'FLOAT' && compareDecimals(magnitude, FLOAT_MAX) > 0)
    return {
      ok: false,
      ...said('floatLarge', 'too large for FLOAT (at most about ±3.4 × 10³⁸): use DOUBLE'),
    };
  if (dataType === 'DOUBLE' && compareDecimals(magnitude, DOUBLE_MAX) > 0)
    return { ok: false, ...said('doubleLarge', 'too large for DOUBLE (at most about ±1.8 × 10³⁰⁸)') };
  if (
    dataType === 'INTEGER' &&
    (compareDecimals(wire, INT64_MAX) > 0 || compareDecimals(wire, INT64_MIN) < 0)
  )
    return {
      ok: true,
      wire,
      note: said('int64', 'beyond 64-bit integers: the platform may not be able to store it'),
    };
  const limit = PRECISION[dataType];
  if (limit !== undefined && significantDigits(wire) > limit)
    return {
      ok: true,
      wire,
      note: said(
        'precision',
        `${dataType} keeps about ${dataType === 'FLOAT' ? 7 : 15}–${limit} significant digits: the platform may round this value`,
        { type: dataType, low: dataType === 'FLOAT' ? 7 : 15, high: limit },
      ),
    };
  return { ok: true, wire };
}

function significantDigits(wire: string): number {
  const digits = wire.replace(/[-.]/g, '').replace(/^0+/, '');
  return wire.includes('.') ? digits.length : digits.replace(/0+$/, '').length;
}
