import { checkPasswords, passwordScore, passwordStrength, PASSWORD_MESSAGES } from './password';

describe('passwordScore: one point per rule', () => {
  it.each([
    ['', 0],
    ['abcdef', 0],
    ['abcdefgh', 1], // length >= 8
    ['abcdefghijkl', 2], // + length >= 12
    ['Abcdef', 1], // lower and upper case
    ['ABCDEF', 0], // upper only does not count
    ['abcde1', 1], // digit
    ['abcde!', 1], // non-alphanumeric
    ['abc de', 1], // a space is non-alphanumeric
    ['Abcdefgh1!', 4],
    ['Abcdefghijk1!', 5],
    ['Ünïcödé', 1], // letters of any script are alphanumeric; Ü upper + lower letters
  ])('%j scores %i', (pw, score) => {
    expect(passwordScore(pw)).toBe(score);
  });
});

describe('passwordStrength', () => {
  it.each([
    ['abc', 'Weak', 33],
    ['abcdefghijkl', 'Weak', 33], // 2 points is still Weak
    ['abcdefghijk1', 'Medium', 66], // 3 points
    ['Abcdefgh1!', 'Strong', 100], // 4 points
    ['Abcdefghijk1!', 'Strong', 100], // 5 points
  ])('%j is %s (%i%%)', (pw, label, percent) => {
    expect(passwordStrength(pw)).toMatchObject({ label, percent });
  });
});

describe('checkPasswords', () => {
  it('says nothing while both fields are empty, but does not allow locking', () => {
    expect(checkPasswords('', '')).toEqual({ passwordError: null, confirmError: null, valid: false });
  });

  it('needs at least 6 characters', () => {
    expect(checkPasswords('abc12', 'abc12')).toEqual({
      passwordError: PASSWORD_MESSAGES.tooShort,
      confirmError: null,
      valid: false,
    });
    expect(PASSWORD_MESSAGES.tooShort).toBe('Password must be at least 6 characters long');
    expect(checkPasswords('abc123', 'abc123')).toEqual({ passwordError: null, confirmError: null, valid: true });
  });

  it('counts characters, not UTF-16 units', () => {
    expect(checkPasswords('😀😀😀', '😀😀😀').passwordError).toBe(PASSWORD_MESSAGES.tooShort);
    expect(checkPasswords('😀😀😀😀😀😀', '😀😀😀😀😀😀').valid).toBe(true);
  });

  it('needs the confirmation to match', () => {
    const r = checkPasswords('secret1', 'secret2');
    expect(r.confirmError).toBe('Passwords do not match. Please try again.');
    expect(r.valid).toBe(false);
    expect(checkPasswords('secret1', '').valid).toBe(false);
    expect(checkPasswords('secret1', '').confirmError).toBeNull();
  });

  it('keeps the confirmation error when the password changes after it', () => {
    expect(checkPasswords('secret12', 'secret1').confirmError).toBe(PASSWORD_MESSAGES.mismatch);
  });
});
