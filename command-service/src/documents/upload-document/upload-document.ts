import { Invalid } from '@ot/contracts/errors/domain-errors.ts';
import { orderNumber as orderNumberSchema } from '@ot/contracts/orders/order-fields.ts';

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** What the check needs of a file received as a stream (its bytes went to the document store). */
export interface UploadedFile {
  fileName: string;
  size: number;
  /** The first bytes (at least 5 when the file has them): what the file is. */
  head: Buffer;
  /** The file went past MAX_DOCUMENT_BYTES (the rest was not kept). */
  truncated: boolean;
}

export const PDF_MAGIC = Buffer.from('%PDF-');

export interface UploadForm {
  file: UploadedFile | null;
  orderNumber: string | null;
  /** More than one file was sent. */
  extraFiles: boolean;
}

/** Names with a path in them, control characters or a hidden-file dot are refused, not repaired. */
function isSafeFileName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 200 &&
    !/[/\\]/.test(name) &&
    !name.includes('..') &&
    !name.startsWith('.') &&
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what we refuse
    !/[\u0000-\u001f\u007f]/.test(name)
  );
}

/**
 * What makes an upload acceptable: one PDF (by its first bytes, `%PDF-`, not by its name alone),
 * at most 10 MB, a plain file name, and the order it belongs to. Returns the checked parts.
 */
export function checkUpload(form: UploadForm): { fileName: string; size: number; orderNumber: string } {
  const orderNumber = form.orderNumber?.trim() ?? '';
  if (!orderNumber) throw new Invalid('Order number is required', 'ORDER_NUMBER_REQUIRED');
  if (orderNumber.length > 100) throw new Invalid('Order number is too long', 'INVALID_ORDER_NUMBER');
  if (!orderNumberSchema.safeParse(orderNumber).success)
    throw new Invalid('Invalid order number', 'INVALID_ORDER_NUMBER');
  const { file } = form;
  if (!file || file.size === 0) throw new Invalid('A PDF file is required', 'FILE_REQUIRED');
  if (form.extraFiles) throw new Invalid('Upload one PDF file at a time', 'TOO_MANY_FILES');
  if (file.truncated || file.size > MAX_DOCUMENT_BYTES) {
    throw new Invalid('The file is too large: PDFs of up to 10 MB can be uploaded', 'PAYLOAD_TOO_LARGE');
  }
  if (!isSafeFileName(file.fileName)) throw new Invalid('Invalid file name', 'INVALID_FILE_NAME');
  if (!/\.pdf$/i.test(file.fileName)) throw new Invalid('Only PDF files can be uploaded', 'NOT_A_PDF');
  if (!file.head.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) {
    throw new Invalid('Only PDF files can be uploaded: this file is not a PDF', 'NOT_A_PDF');
  }
  return { fileName: file.fileName, size: file.size, orderNumber };
}
