//! Word counts: counting the words of plain text, keeping counts at zero or above (a count
//! never goes below 0), and the hourly bucket a count is recorded in. Turning chapter documents into plain text is the collab crate's job.

use crate::time::EpochMs;

use super::calendar::HOUR_MS;

/// A word count as stored: negative results of arithmetic on counts (a deletion larger than
/// what was recorded, a stale delta) become 0.
pub fn clamp_words(words: i64) -> i64 {
    words.max(0)
}

/// The start of the UTC hour `ts` falls in: the `date` of its word count record.
pub fn hour_bucket(ts: EpochMs) -> EpochMs {
    ts.div_euclid(HOUR_MS) * HOUR_MS
}

/// The words of a plain text, as a writer would count them:
/// - a word is a run of letters and digits in any script, with combining marks kept inside;
/// - an apostrophe (`'`, `’`, `ʼ`) or hyphen (`-`, `‐`, `‑`) between two word characters joins
///   them ("don't", "well-known", "rock'n'roll" are one word each); dashes (– —) separate;
/// - a `.` or `,` between two digits joins them ("3.14", "1,000" are one word);
/// - every Han ideograph, hiragana and katakana character is a word of its own, since Chinese and
///   Japanese put no spaces between words (Korean does, so hangul counts by runs);
/// - punctuation, symbols and emoji are not words.
pub fn count_words(text: &str) -> usize {
    // One pass over the bytes, with one character of look-behind and one of look-ahead: a
    // chapter is counted on every save and every read. Runs of ASCII letters and digits, most
    // of any chapter, are skipped byte by byte; anything else is decoded as a character.
    let bytes = text.as_bytes();
    let next_char = |at: usize| text.get(at..).and_then(|rest| rest.chars().next());
    let mut at = 0;
    let mut before = None;
    let mut count = 0;
    let mut in_word = false;
    while at < bytes.len() {
        if bytes[at].is_ascii_alphanumeric() {
            count += usize::from(!in_word);
            in_word = true;
            while at < bytes.len() && bytes[at].is_ascii_alphanumeric() {
                at += 1;
            }
            before = Some(char::from(bytes[at - 1]));
            continue;
        }
        if bytes[at].is_ascii() {
            // Space or punctuation: only the four ASCII joiners may keep a word going.
            let c = char::from(bytes[at]);
            at += 1;
            in_word = in_word
                && matches!(c, '\'' | '-' | '.' | ',')
                && before.is_some_and(|b| joins(c, b, next_char(at)));
            before = Some(c);
            continue;
        }
        let Some(c) = next_char(at) else { break };
        at += c.len_utf8();
        if is_cjk(c) {
            count += 1;
            in_word = false;
        } else if c.is_alphanumeric() {
            count += usize::from(!in_word);
            in_word = true;
        } else if in_word && is_combining_mark(c) {
            // Part of the letter before it.
        } else {
            in_word = in_word && before.is_some_and(|b| joins(c, b, next_char(at)));
        }
        before = Some(c);
    }
    count
}

fn joins(c: char, before: char, after: Option<char>) -> bool {
    let Some(after) = after else { return false };
    let word = |c: char| c.is_alphanumeric() && !is_cjk(c);
    match c {
        '\'' | '\u{2019}' | '\u{02BC}' | '-' | '\u{2010}' | '\u{2011}' => {
            word(before) && word(after)
        }
        '.' | ',' => before.is_ascii_digit() && after.is_ascii_digit(),
        _ => false,
    }
}

fn is_cjk(c: char) -> bool {
    matches!(u32::from(c),
        0x3005..=0x3007          // 々 〆 〇
        | 0x3040..=0x309F        // hiragana
        | 0x30A0..=0x30FF        // katakana
        | 0x31F0..=0x31FF        // katakana phonetic extensions
        | 0x3400..=0x4DBF        // Han extension A
        | 0x4E00..=0x9FFF        // Han
        | 0xF900..=0xFAFF        // Han compatibility
        | 0xFF66..=0xFF9F        // half-width katakana
        | 0x20000..=0x2FA1F      // Han extensions B–F, compatibility supplement
        | 0x30000..=0x323AF) // Han extensions G–H
}

fn is_combining_mark(c: char) -> bool {
    matches!(u32::from(c),
        0x0300..=0x036F | 0x1AB0..=0x1AFF | 0x1DC0..=0x1DFF | 0x20D0..=0x20FF | 0xFE20..=0xFE2F)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_count_never_goes_below_zero() {
        assert_eq!(clamp_words(-12), 0);
        assert_eq!(clamp_words(0), 0);
        assert_eq!(clamp_words(451), 451);
    }

    #[test]
    fn words_are_runs_of_letters_and_digits_separated_by_anything_else() {
        assert_eq!(count_words(""), 0);
        assert_eq!(count_words("  \n\t "), 0);
        assert_eq!(count_words("It was a dark and stormy night."), 7);
        assert_eq!(count_words("Chapter 12:\n\n“Run!” she said… and ran."), 7);
        assert_eq!(count_words("— ! ? 🙂 …"), 0);
    }

    #[test]
    fn hyphenated_and_apostrophe_words_count_as_one() {
        assert_eq!(count_words("don't stop the well-known rock’n’roll"), 5);
        assert_eq!(count_words("She said 'no' - twice"), 4);
        assert_eq!(count_words("before—after"), 2);
    }

    #[test]
    fn numbers_with_decimal_and_thousands_separators_are_one_word() {
        assert_eq!(count_words("pi is 3.14, about 1,000 times."), 6);
        assert_eq!(count_words("End.3"), 2);
    }

    #[test]
    fn letters_of_any_script_with_combining_accents_count() {
        assert_eq!(count_words("Ölçü Ελληνικά русский"), 3);
        assert_eq!(count_words("cafe\u{301} noir"), 2);
        assert_eq!(count_words("안녕하세요 세계"), 2);
    }

    #[test]
    fn every_chinese_or_japanese_character_is_a_word() {
        assert_eq!(count_words("我爱你"), 3);
        assert_eq!(count_words("東京へ行きます。"), 7);
        assert_eq!(count_words("Tokyo東京"), 3);
    }

    /// The rules above, written the plain way: every character collected, then looked at with
    /// its neighbours.
    fn count_words_by_index(text: &str) -> usize {
        let chars: Vec<char> = text.chars().collect();
        let mut count = 0;
        let mut in_word = false;
        for (i, &c) in chars.iter().enumerate() {
            if is_cjk(c) {
                count += 1;
                in_word = false;
            } else if c.is_alphanumeric() {
                count += usize::from(!in_word);
                in_word = true;
            } else {
                // A combining mark, or a joiner between two word characters, keeps the word.
                in_word = in_word
                    && (is_combining_mark(c) || joins(c, chars[i - 1], chars.get(i + 1).copied()));
            }
        }
        count
    }

    #[test]
    fn the_one_pass_count_agrees_with_the_plain_rules_on_mixed_text() {
        let alphabet: Vec<char> = "ab Z09 '’ʼ-‐‑–—.,!\n\u{301}é東へカ안🙂\u{a0}"
            .chars()
            .collect();
        let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..20_000 {
            let len = (state % 24) as usize;
            let text: String = (0..len)
                .map(|_| {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    alphabet[(state % alphabet.len() as u64) as usize]
                })
                .collect();
            assert_eq!(count_words(&text), count_words_by_index(&text), "{text:?}");
        }
    }

    #[test]
    fn a_count_is_bucketed_in_its_utc_hour() {
        let hour = 1_772_002_800_000; // a whole hour
        assert_eq!(hour_bucket(hour), hour);
        assert_eq!(hour_bucket(hour + HOUR_MS - 1), hour);
        assert_eq!(hour_bucket(hour + HOUR_MS), hour + HOUR_MS);
        assert_eq!(hour_bucket(-1), -HOUR_MS);
    }
}
