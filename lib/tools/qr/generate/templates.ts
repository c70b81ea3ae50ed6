// QR content templates (issue 21) in the formats phone cameras read. Browser-safe; the page builds the content
// and the server encodes it like any text.
// - Wi-Fi: WIFI:T:<WPA|WEP|nopass>;S:<ssid>;P:<password>;H:true;; with \ ; , : " escaped by a backslash
//   (ZXing's "Barcode Contents" format, read by Android and iOS cameras).
// - Contact: vCard 3.0 (RFC 2426) with CRLF lines; \ , ; and line breaks escaped in values.
// - E-mail: mailto:<address>?subject=..&body=.. (RFC 6068, percent-encoded).
// - SMS: SMSTO:<number>:<message> (the ZXing form both platforms' cameras open in the messages app).
// - Phone: tel:<number> (RFC 3966); spaces, dots, dashes and brackets are dropped.

export type TemplateId = 'text' | 'wifi' | 'vcard' | 'email' | 'sms' | 'phone';

export interface WifiFields {
  ssid: string;
  password: string;
  security: 'WPA' | 'WEP' | 'nopass';
  hidden?: boolean;
}
export interface VcardFields {
  firstName: string;
  lastName: string;
  org?: string;
  title?: string;
  phone?: string;
  email?: string;
  url?: string;
  address?: string;
}
export interface EmailFields {
  to: string;
  subject?: string;
  body?: string;
}
export interface SmsFields {
  number: string;
  message?: string;
}
export interface PhoneFields {
  number: string;
}

const wifiEscape = (s: string) => s.replace(/([\\;,:"])/g, '\\$1');

export function wifiContent(f: WifiFields): string {
  const parts = [`T:${f.security}`, `S:${wifiEscape(f.ssid)}`];
  if (f.security !== 'nopass') parts.push(`P:${wifiEscape(f.password)}`);
  if (f.hidden) parts.push('H:true');
  return `WIFI:${parts.join(';')};;`;
}

const vEscape = (s: string) =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/,/g, '\\,')
    .replace(/;/g, '\\;')
    .replace(/\r\n|\r|\n/g, '\\n');

export function vcardContent(f: VcardFields): string {
  const first = f.firstName.trim();
  const last = f.lastName.trim();
  const lines = [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:${vEscape(last)};${vEscape(first)};;;`,
    `FN:${vEscape([first, last].filter(Boolean).join(' '))}`,
  ];
  if (f.org?.trim()) lines.push(`ORG:${vEscape(f.org.trim())}`);
  if (f.title?.trim()) lines.push(`TITLE:${vEscape(f.title.trim())}`);
  if (f.phone?.trim()) lines.push(`TEL;TYPE=CELL:${phoneDigits(f.phone)}`);
  if (f.email?.trim()) lines.push(`EMAIL:${f.email.trim()}`);
  if (f.url?.trim()) lines.push(`URL:${f.url.trim()}`);
  if (f.address?.trim()) lines.push(`ADR:;;${vEscape(f.address.trim())};;;;`);
  lines.push('END:VCARD');
  return lines.join('\r\n');
}

export function emailContent(f: EmailFields): string {
  const q = [
    f.subject ? `subject=${encodeURIComponent(f.subject)}` : '',
    f.body ? `body=${encodeURIComponent(f.body)}` : '',
  ].filter(Boolean);
  return `mailto:${f.to.trim()}${q.length ? `?${q.join('&')}` : ''}`;
}

/** Digits and a leading +, as dialers expect. */
export const phoneDigits = (s: string) => s.trim().replace(/[\s().-]/g, '');

export function smsContent(f: SmsFields): string {
  return `SMSTO:${phoneDigits(f.number)}:${f.message ?? ''}`;
}

export function phoneContent(f: PhoneFields): string {
  return `tel:${phoneDigits(f.number)}`;
}

/** What is missing for a template, for the page's Generate button; null when ready. */
export function templateProblem(id: TemplateId, f: Record<string, string | boolean | undefined>): string | null {
  const has = (k: string) => typeof f[k] === 'string' && (f[k] as string).trim() !== '';
  switch (id) {
    case 'wifi':
      if (!has('ssid')) return 'Enter the network name (SSID).';
      if (f.security !== 'nopass' && !has('password')) return 'Enter the Wi-Fi password, or choose "No password".';
      return null;
    case 'vcard':
      return has('firstName') || has('lastName') ? null : 'Enter a name for the contact.';
    case 'email':
      return has('to') && /^[^\s@]+@[^\s@]+$/.test((f.to as string).trim()) ? null : 'Enter an e-mail address.';
    case 'sms':
    case 'phone':
      return has('number') && /^\+?[0-9]{3,}$/.test(phoneDigits(f.number as string)) ? null : 'Enter a phone number.';
    default:
      return null;
  }
}
