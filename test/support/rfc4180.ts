/**
 * A strict RFC 4180 reader for tests: quoted fields may hold commas, line breaks and doubled quotes;
 * records end in CRLF; a bare line break or a quote inside an unquoted field is an error, so text
 * that a spreadsheet would misread fails here.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let i = 0;
  let quoted = false;
  while (i < text.length) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 2;
      } else if (c === '"') {
        quoted = false;
        i += 1;
        const next = text[i];
        if (next !== undefined && next !== ',' && !(next === '\r' && text[i + 1] === '\n'))
          throw new Error(`text after a closing quote at ${i}`);
      } else {
        field += c;
        i += 1;
      }
    } else if (c === '"') {
      if (field !== '') throw new Error(`a quote inside an unquoted field at ${i}`);
      quoted = true;
      i += 1;
    } else if (c === ',') {
      row.push(field);
      field = '';
      i += 1;
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i += 2;
    } else if (c === '\n' || c === '\r') {
      throw new Error(`a bare line break outside quotes at ${i}`);
    } else {
      field += c;
      i += 1;
    }
  }
  if (quoted) throw new Error('an unterminated quoted field');
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
