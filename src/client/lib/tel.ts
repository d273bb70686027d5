/** A phone number as a tel: link (spaces, dashes, dots and brackets dropped; a leading + kept). */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  return `tel:${digits.startsWith('+') ? '+' + digits.slice(1).replace(/\+/g, '') : digits.replace(/\+/g, '')}`;
}

/** Whether a free text (an NGO's "contact info") holds something dialable: 6+ digits in a phone-like run. */
export const PHONE_IN_TEXT = /(\+?\d[\d\s\-().]{4,}\d)/g;
