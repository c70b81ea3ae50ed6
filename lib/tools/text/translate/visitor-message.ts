// The alert a visitor sees when no engine can translate the pair (issue 16): which languages this site can
// translate right now in this browser (the server's engines plus pairs the browser has ready on the device),
// nothing about administrators. Browser-safe.
import { LANGUAGE_CODES, languageName, type LanguageCode } from './languages';

const list = (names: string[]) =>
  names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names[0];

export function unavailableMessage(
  from: LanguageCode,
  to: LanguageCode,
  serverLanguages: readonly string[],
  devicePairs: readonly (readonly [string, string])[],
): string {
  const head = `Translation from ${languageName(from)} to ${languageName(to)} is not available in this browser right now.`;
  const server = LANGUAGE_CODES.filter((l) => serverLanguages.includes(l));
  const parts: string[] = [];
  if (server.length > 1) parts.push(`between ${list(server.map(languageName))}`);
  // Device pairs the server cannot do anyway, each direction named once.
  const extra = devicePairs
    .filter(([a, b]) => !(server.includes(a as LanguageCode) && server.includes(b as LanguageCode)))
    .map(([a, b]) => `${languageName(a)} to ${languageName(b)}`);
  if (extra.length) parts.push(`${parts.length ? 'and, on this device, ' : 'on this device, '}${list(extra)}`);
  return parts.length
    ? `${head} You can translate ${parts.join(' ')}.`
    : `${head} No translation is available in this browser at the moment.`;
}
