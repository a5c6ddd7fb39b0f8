// CSV for people's spreadsheets (RFC 4180, CRLF). Every export goes through csvCell: cells a
// spreadsheet would run as a formula (=, +, -, @, tab, CR at the start: an affiliate's name or
// e-mail is whatever someone typed on the join page) are prefixed with ' so they stay text.

const FORMULA = /^[=+\-@\t\r]/;

type Cell = string | number | null | undefined;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line per row, no header (the PayPal Payouts layout has none). */
export function csvLines(rows: Cell[][]): string {
  return rows.map((cells) => `${cells.map(csvCell).join(',')}\r\n`).join('');
}

/** A header line and one line per row. */
export function toCsv(header: string[], rows: Cell[][]): string {
  return csvLines([header, ...rows]);
}
