/*
 * The second step into a search by name (issue 15): besides its surname key, each appointment is indexed under
 * every other word of its name_key (forenames, middle names, initials as written; for a corporate officer, the
 * words after the first), one row per word in officer_name_words, keyed (surname_key, word, appointment). A
 * query then reads the appointments of one surname AND one given word instead of every appointment of the
 * surname.
 *
 * Why this gives the same matches as the surname index alone: a row found through candidate key S must have
 * surname_key = S and every required query word in name_key. A required word W that is not a word of S is then
 * a word of name_key that is not a word of surname_key: by definition one of the row's other words, so the
 * (S, W) rows hold every match of S, and so do the appointments found under (S, W) for every such W at once. The name_key LIKE checks still run on the rows found, so finding more
 * than the matches could never widen the result. A first-forename column could not do this: "Paul Smith" must
 * find "SMITH, John Paul", whose first forename is JOHN.
 */

/** The word column's width; a longer word is indexed (and looked up) by its first code points. */
export const NAME_WORD_KEY_MAX = 100;

function wordKey(word: string): string {
  return word.length <= NAME_WORD_KEY_MAX ? word : [...word].slice(0, NAME_WORD_KEY_MAX).join('');
}

function wordsOf(key: string): string[] {
  return key.split(' ').filter((word) => word !== '');
}

/** The words an appointment is indexed under beside its surname key: name_key's words not in surname_key. */
export function otherNameWords(surnameKey: string, nameKey: string): string[] {
  const surname = new Set(wordsOf(surnameKey));
  return [
    ...new Set(
      wordsOf(nameKey)
        .filter((word) => !surname.has(word))
        .map(wordKey),
    ),
  ];
}

/**
 * The words that narrow a search through candidate surname key `surnameKey`: every required word not in the key
 * (a row of that surname matches only if it is indexed under each of them), or none when the key holds every
 * required word (then only the surname index narrows, as "Smith" or "De La Cruz" alone must find them all).
 */
export function narrowingWords(surnameKey: string, required: readonly string[]): string[] {
  const surname = new Set(wordsOf(surnameKey));
  return [...new Set(required.filter((word) => !surname.has(word)).map(wordKey))];
}
