// The recall measure's own rule for words LibreOffice breaks at a soft hyphen (its PDF sets the hyphen
// apart and pdftotext drops it): the pieces count as the word, and only such pieces.
import { pairRecall, wordRecall, words } from './measure';

test('a word broken where the PDF broke it counts whole; real words side by side do not join', () => {
  const ref = words('This is fundamentally incompatible with the aim, into the program, in time to go.');
  expect(
    wordRecall(ref, words('This is fundamentally incom patible with the aim, into the pro gram, in time to go.')),
  ).toBe(1);
  expect(
    pairRecall(ref, words('This is fundamentally incom patible with the aim, into the pro gram, in time to go.')),
  ).toBe(1);
  // "in" and "to" are both words of the text: two words, not "into"
  expect(
    wordRecall(ref, words('This is fundamentally incompatible with the aim, in to the program, in time to go.')),
  ).toBeLessThan(1);
});
