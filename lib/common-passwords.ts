/**
 * Passwords too common to accept, though long enough: the entries of 10 or more characters among
 * the most used passwords of public breach lists (English and German), plus a few shapes that
 * guessers try first. Compared in lower case. Kept small on purpose: a first line, not a
 * strength meter.
 */
// prettier-ignore
const LIST = [
  "1234567890", "0123456789", "12345678910", "123456789a", "a123456789", "1234567890a", "123123123123",
  "1111111111", "0000000000", "1234512345", "9876543210", "0987654321", "1q2w3e4r5t", "1q2w3e4r5t6y",
  "q1w2e3r4t5", "1qaz2wsx3edc", "zaq12wsxcde3", "qwertyuiop", "qwertzuiop", "asdfghjkl1", "asdfghjkl123",
  "qwerty123456", "qwertz123456", "qwerty1234", "qwertz1234", "1234qwerty", "1234qwertz", "qwe123qwe123",
  "password12", "password123", "password1234", "password12345", "password123456", "password01", "password99",
  "password2024", "password2025", "password2026", "passwort12", "passwort123", "passwort1234", "passwort2024",
  "passwort2025", "passwort2026", "mypassword", "mypassword1", "mypassword123", "yourpassword", "newpassword",
  "newpassword1", "changeme123", "changemenow", "letmein1234", "letmein123456", "welcome123", "welcome1234",
  "willkommen", "willkommen1", "willkommen12", "willkommen123", "hallo12345", "hallo123456", "hallohallo",
  "iloveyou12", "iloveyou123", "ichliebedich", "ichliebedich1", "sommer2024", "sommer2025", "winter2024",
  "winter2025", "fruehling2025", "football123", "fussball123", "fussball12", "baseball123", "basketball",
  "superman123", "batman1234", "starwars123", "pokemon123", "princess123", "sunshine123", "michael123",
  "jennifer123", "computer123", "internet123", "administrator", "administrator1", "admin12345", "admin123456",
  "adminadmin", "adminadmin1", "rootroot12", "trustno1234", "abcdefghij", "abcdefgh12", "abcd123456",
  "abc1234567", "abc123abc123", "aaaaaaaaaa", "zxcvbnm123", "zxcvbnmasdf", "1234abcd1234", "passw0rd123",
  "p@ssw0rd123", "p@ssword123", "secret1234", "geheim1234", "geheim12345", "deutschland", "deutschland1",
  "schalke04", "borussia09", "bayernmuenchen", "lollipop12", "monkey12345", "dragon12345", "master12345",
  "shadow12345", "1234567891", "12345678901", "123456789012", "1234567890123", "123456789123",
];

const COMMON = new Set(LIST);

/** Whether a password is on the list, or one character (or one short run) repeated. */
export function isCommonPassword(password: string): boolean {
  const p = password.trim().toLowerCase();
  if (COMMON.has(p)) return true;
  // "aaaaaaaaaa", "abcabcabcabc", "12121212121": a run of up to 3 characters repeated.
  return /^(.{1,3})\1+$/.test(p);
}
