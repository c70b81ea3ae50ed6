// Language detection for 'auto', offline: the script decides first (Hangul → ko, kana → ja, Han without kana
// → ja, Vietnamese-only letters → vi), which is certain even for a single word; Latin-script text goes to eld
// (Apache-2.0, n-gram statistics; the most accurate of eld/tinyld/franc on short text) restricted to the
// nine languages.
import 'server-only';
import { LANGUAGE_CODES, type LanguageCode } from './languages';

type Detector = { detect(text: string): { language: string } };
let detector: Promise<Detector> | null = null;

function loadDetector(): Promise<Detector> {
  detector ??= import('eld/medium').then(({ eld }) => {
    const own = eld.newInstance();
    own.setLanguageSubset([...LANGUAGE_CODES]);
    return own;
  });
  return detector;
}

const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/gu;
const KANA = /[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]/gu;
const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/gu;
const LATIN = /\p{Script=Latin}/gu;
/** Letters only Vietnamese uses among the nine: ơ ư đ ă and the precomposed tone forms (Latin Extended Additional). */
const VIETNAMESE = /[ơưđăƠƯĐĂ\u1ea0-\u1ef9]/gu;

const count = (text: string, re: RegExp) => text.match(re)?.length ?? 0;

/** The language by script alone, or null when the text is Latin (or has no letters). */
export function detectByScript(text: string): LanguageCode | null {
  const hangul = count(text, HANGUL);
  const kana = count(text, KANA);
  const han = count(text, HAN);
  const latin = count(text, LATIN);
  if (hangul + kana + han > latin) {
    if (kana > 0 && kana >= hangul) return 'ja';
    if (hangul > 0) return 'ko';
    return 'ja';
  }
  if (latin > 0 && count(text, VIETNAMESE) >= Math.max(1, latin * 0.03)) return 'vi';
  return null;
}

/** The text's language among the nine, or null when it has no letters or cannot be told. */
export async function detectLanguage(text: string): Promise<LanguageCode | null> {
  const byScript = detectByScript(text);
  if (byScript) return byScript;
  if (!/\p{L}/u.test(text)) return null;
  const { language } = (await loadDetector()).detect(text);
  return (LANGUAGE_CODES as string[]).includes(language) ? (language as LanguageCode) : null;
}
