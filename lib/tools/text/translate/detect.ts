// Language detection for 'auto', offline: the script decides first (Hangul → ko, kana → ja, Han without kana
// → ja, Vietnamese-only letters → vi), which is certain even for a single word; Latin-script text goes to eld
// (Apache-2.0, n-gram statistics; the most accurate of eld/tinyld/franc on short text) restricted to the
// nine languages. n-gram statistics are weak on a few words ('Hello world' scores German), so short Latin
// text is first looked up in a small list of very common words and greetings per language.
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

/** Very common words and greetings; a word listed under several languages counts for each, split. */
const COMMON: Record<Exclude<LanguageCode, 'ko' | 'ja' | 'vi'>, string> = {
  en: 'hello hi hey world the and you your thanks thank please good morning night evening yes what is are how love this my friend it of to with from cat dog bye welcome i we they sorry nice day',
  es: 'hola mundo gracias buenos buenas días dias noches adiós adios amigo amiga por qué que cómo como estás estas sí el los las y muy bien perro gato hasta luego yo tú usted bienvenido',
  fr: 'bonjour bonsoir salut merci monde oui le les des et est je tu vous très bien comment ça va chien ami amie au revoir bienvenue nous bonne nuit',
  de: 'hallo welt danke guten morgen nacht ja nein und ich du ist der das nicht bitte wie geht hund katze tschüss willkommen wir gute',
  pt: 'olá ola obrigado obrigada mundo bom boa dia noite sim não nao você voce eu e muito tchau amigo amiga gato cão cao então bem-vindo tudo',
  it: 'ciao grazie buongiorno buonasera buonanotte mondo sì il gli e sono stai molto bene amico amica gatto cane prego arrivederci benvenuto io',
};

let lexicon: Map<string, LanguageCode[]> | null = null;
function commonWords(): Map<string, LanguageCode[]> {
  if (lexicon) return lexicon;
  lexicon = new Map();
  for (const [lang, words] of Object.entries(COMMON) as [LanguageCode, string][]) {
    for (const w of words.split(' ')) lexicon.set(w, [...(lexicon.get(w) ?? []), lang]);
  }
  return lexicon;
}

/** For a few words: the language whose common words they are, when one clearly leads; else null. */
export function detectByCommonWords(text: string): LanguageCode | null {
  const words = text.toLowerCase().match(/[\p{L}-]+/gu) ?? [];
  if (words.length === 0 || words.length > 6) return null;
  const score = new Map<LanguageCode, number>();
  for (const w of words) {
    const langs = commonWords().get(w);
    if (langs) for (const l of langs) score.set(l, (score.get(l) ?? 0) + 1 / langs.length);
  }
  const ranked = [...score.entries()].sort((a, b) => b[1] - a[1]);
  if (!ranked.length || (ranked[1] && ranked[1][1] >= ranked[0][1])) return null;
  return ranked[0][0];
}

/** The text's language among the nine, or null when it has no letters or cannot be told. */
export async function detectLanguage(text: string): Promise<LanguageCode | null> {
  const byScript = detectByScript(text);
  if (byScript) return byScript;
  if (!/\p{L}/u.test(text)) return null;
  const byWords = detectByCommonWords(text);
  if (byWords) return byWords;
  const { language } = (await loadDetector()).detect(text);
  return (LANGUAGE_CODES as string[]).includes(language) ? (language as LanguageCode) : null;
}
