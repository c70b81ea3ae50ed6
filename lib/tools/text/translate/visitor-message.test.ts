import { unavailableMessage } from './visitor-message';

describe('unavailableMessage (the visitor alert when no engine has the pair)', () => {
  const apertium = ['en', 'es', 'fr', 'pt', 'it'];

  it('lists the server languages, without any administrator hint', () => {
    const m = unavailableMessage('en', 'ko', apertium, []);
    expect(m).toBe(
      'Translation from English to Korean is not available in this browser right now. You can translate between English, Spanish, French, Portuguese and Italian.',
    );
    expect(m).not.toMatch(/administrator|LibreTranslate|DeepL/);
  });

  it('adds the pairs the device has ready that the server lacks', () => {
    const m = unavailableMessage('ko', 'ja', apertium, [
      ['en', 'ko'],
      ['en', 'es'],
    ]);
    expect(m).toBe(
      'Translation from Korean to Japanese is not available in this browser right now. You can translate between English, Spanish, French, Portuguese and Italian and, on this device, English to Korean.',
    );
  });

  it('says plainly when nothing is available', () => {
    expect(unavailableMessage('de', 'vi', [], [])).toBe(
      'Translation from German to Vietnamese is not available in this browser right now. No translation is available in this browser at the moment.',
    );
    expect(unavailableMessage('de', 'vi', [], [['de', 'en']])).toMatch(
      /You can translate on this device, German to English\.$/,
    );
  });
});
