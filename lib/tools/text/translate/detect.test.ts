import { detectByCommonWords, detectByScript, detectLanguage } from './detect';

// Short phrases (what visitors often type) and longer sentences, for all nine languages.
const SAMPLES: Record<string, string[]> = {
  en: [
    'Good morning',
    'Where is the train station?',
    'The weather was lovely yesterday, so we walked along the river and had lunch in a small cafe near the old bridge.',
  ],
  ko: [
    '안녕하세요',
    '지하철역이 어디에 있나요?',
    '어제는 날씨가 정말 좋아서 우리는 강을 따라 산책하고 오래된 다리 근처의 작은 카페에서 점심을 먹었습니다.',
  ],
  ja: [
    'こんにちは',
    '駅はどこですか？',
    '昨日はとても天気が良かったので、川沿いを散歩して、古い橋の近くの小さなカフェで昼ご飯を食べました。',
  ],
  vi: [
    'Xin chào',
    'Nhà ga ở đâu?',
    'Hôm qua thời tiết rất đẹp nên chúng tôi đi dạo dọc bờ sông và ăn trưa ở một quán cà phê nhỏ gần cây cầu cũ.',
  ],
  es: [
    'Buenos días',
    '¿Dónde está la estación de tren?',
    'Ayer hizo un tiempo precioso, así que paseamos junto al río y comimos en una pequeña cafetería cerca del puente viejo.',
  ],
  fr: [
    'Bonjour à tous',
    'Où se trouve la gare ?',
    'Hier, il faisait un temps magnifique, alors nous nous sommes promenés le long de la rivière et avons déjeuné dans un petit café près du vieux pont.',
  ],
  de: [
    'Guten Morgen',
    'Wo ist der Bahnhof?',
    'Gestern war das Wetter herrlich, also sind wir am Fluss entlang spaziert und haben in einem kleinen Café an der alten Brücke zu Mittag gegessen.',
  ],
  pt: [
    'Bom dia',
    'Onde fica a estação de comboios?',
    'Ontem o tempo estava lindo, por isso passeámos junto ao rio e almoçámos num pequeno café perto da ponte velha.',
  ],
  it: [
    'Buongiorno',
    "Dov'è la stazione dei treni?",
    'Ieri il tempo era bellissimo, così abbiamo passeggiato lungo il fiume e pranzato in un piccolo bar vicino al ponte vecchio.',
  ],
};

describe('detectLanguage', () => {
  it.each(Object.entries(SAMPLES))('%s: short and long samples', async (lang, samples) => {
    for (const s of samples) {
      await expect(detectLanguage(s)).resolves.toBe(lang);
    }
  });

  it('decides by script for Hangul, kana, kanji-only and Vietnamese letters', () => {
    expect(detectByScript('김치')).toBe('ko');
    expect(detectByScript('すし')).toBe('ja');
    expect(detectByScript('東京')).toBe('ja');
    expect(detectByScript('Phở bò')).toBe('vi');
    expect(detectByScript('Hello')).toBeNull();
    expect(detectByScript('I love 김치 and kimbap very much')).toBeNull();
  });

  it.each([
    ['Hello world', 'en'],
    ['Hello', 'en'],
    ['hello world!', 'en'],
    ['Hola mundo', 'es'],
    ['Hola', 'es'],
    ['Ciao', 'it'],
    ['Olá', 'pt'],
    ['Bonjour', 'fr'],
    ['Hallo Welt', 'de'],
    ['Ciao mondo', 'it'],
    ['Obrigado', 'pt'],
    ['cat', 'en'],
  ])('a few words: %s → %s (where n-grams alone guess wrong)', async (text, lang) => {
    await expect(detectLanguage(text)).resolves.toBe(lang);
  });

  it('leaves ties and longer text to the statistical detector', () => {
    expect(detectByCommonWords('mundo')).toBeNull(); // Spanish and Portuguese alike
    expect(detectByCommonWords('one two three four five six seven')).toBeNull();
  });

  it('gives null when there are no letters', async () => {
    await expect(detectLanguage('12345 !!! 2 + 2 = 4')).resolves.toBeNull();
  });
});
