import { orderNumber as orderNumberSchema } from '@ot/contracts/orders/order-fields.ts';
import { HttpError } from '@ot/infra/http/errors.ts';

export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

export interface UploadedFile {
  fileName: string;
  bytes: Buffer;
  /** The file went past MAX_DOCUMENT_BYTES (the rest was not kept). */
  truncated: boolean;
}

export interface UploadForm {
  file: UploadedFile | null;
  orderNumber: string | null;
  /** More than one file was sent. */
  extraFiles: boolean;
}

const badUpload = (status: number, message: string, code: string) => new HttpError(status, message, code);

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
export function checkUpload(form: UploadForm): { fileName: string; bytes: Buffer; orderNumber: string } {
  const orderNumber = form.orderNumber?.trim() ?? '';
  if (!orderNumber) throw badUpload(400, 'Order number is required', 'ORDER_NUMBER_REQUIRED');
  if (orderNumber.length > 100) throw badUpload(400, 'Order number is too long', 'BAD_REQUEST');
  if (!orderNumberSchema.safeParse(orderNumber).success) throw badUpload(400, 'Invalid order number', 'BAD_REQUEST');
  const { file } = form;
  if (!file || file.bytes.length === 0) throw badUpload(400, 'A PDF file is required', 'FILE_REQUIRED');
  if (form.extraFiles) throw badUpload(400, 'Upload one PDF file at a time', 'TOO_MANY_FILES');
  if (file.truncated || file.bytes.length > MAX_DOCUMENT_BYTES) {
    throw badUpload(413, 'The file is too large: PDFs of up to 10 MB can be uploaded', 'PAYLOAD_TOO_LARGE');
  }
  if (!isSafeFileName(file.fileName)) throw badUpload(400, 'Invalid file name', 'INVALID_FILE_NAME');
  if (!/\.pdf$/i.test(file.fileName)) throw badUpload(415, 'Only PDF files can be uploaded', 'NOT_A_PDF');
  if (!file.bytes.subarray(0, 5).equals(Buffer.from('%PDF-'))) {
    throw badUpload(415, 'Only PDF files can be uploaded: this file is not a PDF', 'NOT_A_PDF');
  }
  return { fileName: file.fileName, bytes: file.bytes, orderNumber };
}
