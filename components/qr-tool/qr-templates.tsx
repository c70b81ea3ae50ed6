'use client';
// Content templates beside plain text (issue 21): Wi-Fi, contact (vCard), e-mail, SMS, phone. The fields
// become the QR content in the formats phone cameras read (lib/tools/qr/generate/templates.ts).
import {
  emailContent,
  phoneContent,
  smsContent,
  templateProblem,
  vcardContent,
  wifiContent,
  type TemplateId,
} from '@/lib/tools/qr/generate/templates';
import styles from './qr-tool.module.css';

export type TemplateFields = Record<string, string>;

export const TEMPLATES: { id: TemplateId; label: string }[] = [
  { id: 'text', label: 'Text or URL' },
  { id: 'wifi', label: 'Wi-Fi' },
  { id: 'vcard', label: 'Contact (vCard)' },
  { id: 'email', label: 'E-mail' },
  { id: 'sms', label: 'SMS' },
  { id: 'phone', label: 'Phone' },
];

type Field = { key: string; label: string; type?: string; multiline?: boolean };
const FIELDS: Record<Exclude<TemplateId, 'text' | 'wifi'>, Field[]> = {
  vcard: [
    { key: 'firstName', label: 'First name' },
    { key: 'lastName', label: 'Last name' },
    { key: 'org', label: 'Organisation' },
    { key: 'title', label: 'Job title' },
    { key: 'phone', label: 'Phone', type: 'tel' },
    { key: 'email', label: 'E-mail', type: 'email' },
    { key: 'url', label: 'Website', type: 'url' },
    { key: 'address', label: 'Address' },
  ],
  email: [
    { key: 'to', label: 'To', type: 'email' },
    { key: 'subject', label: 'Subject' },
    { key: 'body', label: 'Message', multiline: true },
  ],
  sms: [
    { key: 'number', label: 'Phone number', type: 'tel' },
    { key: 'message', label: 'Message', multiline: true },
  ],
  phone: [{ key: 'number', label: 'Phone number', type: 'tel' }],
};

/** The QR content for a template's fields, or the problem that keeps Generate disabled. */
export function templateContent(id: TemplateId, f: TemplateFields): { content: string; problem: string | null } {
  const problem = templateProblem(id, f);
  if (problem) return { content: '', problem };
  switch (id) {
    case 'wifi':
      return {
        content: wifiContent({
          ssid: f.ssid ?? '',
          password: f.password ?? '',
          security: (f.security as 'WPA' | 'WEP' | 'nopass') || 'WPA',
          hidden: f.hidden === 'true',
        }),
        problem: null,
      };
    case 'vcard':
      return {
        content: vcardContent({
          firstName: f.firstName ?? '',
          lastName: f.lastName ?? '',
          org: f.org,
          title: f.title,
          phone: f.phone,
          email: f.email,
          url: f.url,
          address: f.address,
        }),
        problem: null,
      };
    case 'email':
      return { content: emailContent({ to: f.to ?? '', subject: f.subject, body: f.body }), problem: null };
    case 'sms':
      return { content: smsContent({ number: f.number ?? '', message: f.message }), problem: null };
    case 'phone':
      return { content: phoneContent({ number: f.number ?? '' }), problem: null };
    default:
      return { content: '', problem: null };
  }
}

export function TemplateForm({
  id,
  fields,
  onChange,
  disabled,
}: {
  id: Exclude<TemplateId, 'text'>;
  fields: TemplateFields;
  onChange: (f: TemplateFields) => void;
  disabled: boolean;
}) {
  const set = (k: string, v: string) => onChange({ ...fields, [k]: v });
  if (id === 'wifi') {
    const security = fields.security || 'WPA';
    return (
      <fieldset className={styles.templateForm} disabled={disabled}>
        <label>
          Network name (SSID)
          <input value={fields.ssid ?? ''} onChange={(e) => set('ssid', e.target.value)} />
        </label>
        <label>
          Security
          <select value={security} onChange={(e) => set('security', e.target.value)}>
            <option value="WPA">WPA / WPA2 / WPA3</option>
            <option value="WEP">WEP</option>
            <option value="nopass">No password</option>
          </select>
        </label>
        {security !== 'nopass' && (
          <label>
            Password
            <input value={fields.password ?? ''} onChange={(e) => set('password', e.target.value)} />
          </label>
        )}
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={fields.hidden === 'true'}
            onChange={(e) => set('hidden', String(e.target.checked))}
          />
          Hidden network
        </label>
      </fieldset>
    );
  }
  return (
    <fieldset className={styles.templateForm} disabled={disabled}>
      {FIELDS[id].map((f) => (
        <label key={f.key}>
          {f.label}
          {f.multiline ? (
            <textarea
              className="textarea"
              rows={3}
              value={fields[f.key] ?? ''}
              onChange={(e) => set(f.key, e.target.value)}
            />
          ) : (
            <input type={f.type ?? 'text'} value={fields[f.key] ?? ''} onChange={(e) => set(f.key, e.target.value)} />
          )}
        </label>
      ))}
    </fieldset>
  );
}
