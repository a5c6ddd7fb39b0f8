// CSV for people's spreadsheets (RFC 4180, CRLF). Cells a spreadsheet would run as a formula
// (=, +, -, @, tab, CR at the start: an affiliate's name is whatever someone typed on the join page)
// are prefixed with ' so they stay text.

const FORMULA = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A header line and one line per row. */
export function toCsv(header: string[], rows: (string | number | null | undefined)[][]): string {
  return [header, ...rows].map((cells) => `${cells.map(csvCell).join(',')}\r\n`).join('');
}
