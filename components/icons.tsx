// Inline SVG icons (24×24, stroke-based, currentColor): no icon font, no extra request. Usable from server and
// client components alike.
import type { GroupId, IconName } from '@/lib/tools/registry';

type UiIcon = 'menu' | 'close' | 'chevron' | 'logo' | 'download' | 'mail' | 'code' | 'arrow-right';
export type AnyIcon = IconName | UiIcon | `group-${GroupId}`;

const PATHS: Record<AnyIcon, React.ReactNode> = {
  merge: (
    <>
      <rect x="3" y="3" width="8" height="10" rx="1.5" />
      <rect x="13" y="11" width="8" height="10" rx="1.5" />
      <path d="M11 8h4a2 2 0 0 1 2 2v1M13 16H9a2 2 0 0 1-2-2v-1" />
    </>
  ),
  compress: <path d="M4 14h6v6M20 10h-6V4M14 10l7-7M3 21l7-7" />,
  lock: (
    <>
      <rect x="4" y="11" width="16" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </>
  ),
  word: (
    <>
      <path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z" />
      <path d="M14 3v6h6M8 13l1.5 5 2.5-5 2.5 5L16 13" />
    </>
  ),
  'file-word': (
    <>
      <path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z" />
      <path d="M14 3v6h6M8 13l1.5 5 2.5-5 2.5 5L16 13" />
    </>
  ),
  'file-powerpoint': (
    <>
      <path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z" />
      <path d="M14 3v6h6M9 18v-6h3a2 2 0 0 1 0 4H9" />
    </>
  ),
  eraser: (
    <>
      <path d="M7 21 3.5 17.5a2 2 0 0 1 0-2.8l10-10a2 2 0 0 1 2.8 0l4 4a2 2 0 0 1 0 2.8L11 21z" />
      <path d="M21 21H7M9 11l6 6" />
    </>
  ),
  image: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <circle cx="9" cy="9" r="2" />
      <path d="m21 15-5-5L5 21" />
    </>
  ),
  swap: <path d="M7 4 3 8l4 4M3 8h14M17 20l4-4-4-4M21 16H7" />,
  vector: (
    <>
      <rect x="3" y="3" width="5" height="5" rx="1" />
      <rect x="16" y="16" width="5" height="5" rx="1" />
      <path d="M8 5.5h5a6 6 0 0 1 5.5 10.5M5.5 8v5a6 6 0 0 0 10.5 5.5" />
    </>
  ),
  translate: (
    <>
      <path d="M4 5h8M8 3v2M10 5c-1 5-3.5 8-6 9.5M6 9c1.5 2.5 3.5 4 6 5" />
      <path d="m12 21 4.5-10 4.5 10M13.5 18h6" />
    </>
  ),
  count: <path d="M4 9h16M4 15h16M10 3 8 21M16 3l-2 18" />,
  qr: (
    <>
      <rect x="3" y="3" width="7" height="7" rx="1" />
      <rect x="14" y="3" width="7" height="7" rx="1" />
      <rect x="3" y="14" width="7" height="7" rx="1" />
      <path d="M14 14h3v3h-3zM20 14v.01M14 20h.01M17 17h4v4h-4" />
    </>
  ),
  'group-pdf': (
    <>
      <path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z" />
      <path d="M14 3v6h6M8 17v-5h2a1.5 1.5 0 0 1 0 3H8" />
    </>
  ),
  'group-word': (
    <>
      <path d="M14 3H6a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V9z" />
      <path d="M14 3v6h6M8 13l1.5 5 2.5-5 2.5 5L16 13" />
    </>
  ),
  'group-powerpoint': (
    <>
      <rect x="3" y="4" width="18" height="12" rx="2" />
      <path d="M12 16v4M8 20h8M9 12V8h2.5a2 2 0 0 1 0 4z" />
    </>
  ),
  'group-image': (
    <>
      <rect x="3" y="3" width="18" height="18" rx="2" />
      <circle cx="9" cy="9" r="2" />
      <path d="m21 15-5-5L5 21" />
    </>
  ),
  'group-text': <path d="M4 6V4h16v2M12 4v16M9 20h6" />,
  'group-qr': (
    <>
      <rect x="3" y="3" width="7" height="7" rx="1" />
      <rect x="14" y="3" width="7" height="7" rx="1" />
      <rect x="3" y="14" width="7" height="7" rx="1" />
      <path d="M14 14h3v3h-3zM17 17h4v4h-4" />
    </>
  ),
  menu: <path d="M4 6h16M4 12h16M4 18h16" />,
  close: <path d="M6 6l12 12M18 6 6 18" />,
  chevron: <path d="m9 6 6 6-6 6" />,
  download: <path d="M12 3v12M7 10l5 5 5-5M5 21h14" />,
  mail: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </>
  ),
  code: <path d="m8 7-5 5 5 5M16 7l5 5-5 5M14 4l-4 16" />,
  'arrow-right': <path d="M5 12h14M13 6l6 6-6 6" />,
  logo: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <path d="M8 12.5 11 15.5 16.5 9" />
    </>
  ),
};

export function Icon({ name, size = 20, className }: { name: AnyIcon; size?: number; className?: string }) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {PATHS[name]}
    </svg>
  );
}
