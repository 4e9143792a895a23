/**
 * Spreadsheet formula injection: a cell that starts with one of these is run as a formula by Excel,
 * LibreOffice and Sheets. We keep such values as plain text and neutralise them on the way out.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export const looksLikeFormula = (value: string): boolean => FORMULA_START.test(value);

/** A cell safe to hand to a spreadsheet: a leading quote makes it text (OWASP's advice). */
export const neutraliseCsvCell = (value: string): string => (looksLikeFormula(value) ? `'${value}` : value);
